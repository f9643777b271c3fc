package org.topoplanner.importers;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * The garbage the readers' fuzz tests feed them: real samples, cut short or with characters replaced,
 * inserted and deleted at random places. The characters come from each format's own punctuation, so the
 * edits reach the parsers' error paths instead of stopping at the first line.
 */
public final class MutatedSamples {
    private MutatedSamples() {
    }

    /** The text of one of {@code samples}, cut at a random length (possibly empty, possibly whole). */
    public static Arbitrary<String> cut(List<String> samples) {
        return Combinators.combine(Arbitraries.of(samples), Arbitraries.doubles().between(0, 1))
                .as((s, cut) -> {
                    String t = Samples.load(s).text();
                    return t.substring(0, (int) (t.length() * cut));
                });
    }

    /** The text of one of {@code samples}, whole. */
    public static Arbitrary<String> whole(List<String> samples) {
        return Arbitraries.of(samples).map(s -> Samples.load(s).text());
    }

    /** One of {@code texts} after 1 to {@code maxEdits} edits, each writing a character of {@code alphabet}. */
    public static Arbitrary<String> edited(Arbitrary<String> texts, String alphabet, int maxEdits) {
        return Combinators.combine(texts,
                Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(maxEdits),
                Arbitraries.of(alphabet.chars().mapToObj(c -> (char) c).toList())
                        .list().ofMinSize(maxEdits).ofMaxSize(maxEdits))
                .as(MutatedSamples::edit);
    }

    /** Position {@code p} replaces, inserts or deletes (by {@code p % 3}) at {@code p % length}. */
    private static String edit(String text, List<Integer> positions, List<Character> chars) {
        StringBuilder t = new StringBuilder(text);
        for (int i = 0; i < positions.size() && t.length() > 0; i++) {
            int at = positions.get(i) % t.length();
            switch (positions.get(i) % 3) {
                case 0 -> t.setCharAt(at, chars.get(i));
                case 1 -> t.insert(at, chars.get(i));
                default -> t.deleteCharAt(at);
            }
        }
        return t.toString();
    }
}
