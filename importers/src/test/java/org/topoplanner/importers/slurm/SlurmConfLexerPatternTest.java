package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The lexer reads pairs by hand; this pins it to the pattern it replaced, which matched every pair
 * of every line: on random lines over the characters that matter (key characters, operators,
 * quotes, blanks and the line terminators a Java pattern's {@code $} knows) both find the same keys,
 * values, operators, columns and unreadable words.
 */
class SlurmConfLexerPatternTest {
    /** The pattern SlurmConfLexer used until it scanned by hand. */
    private static final Pattern PAIR = Pattern.compile(
            "\\G[ \\t\\x0B\\f\\r]*([A-Za-z0-9_.]+)[ \\t\\x0B\\f\\r]*([-*+/]?)=[ \\t\\x0B\\f\\r]*"
                    + "(?:\"([^\"]*)\"|(\\S+))(?=\\s|$)");
    private static final String ALPHABET = "aZ9_.=\"\" \t\u000B\f-+*/,:[]x\u0085\u2028é";

    @Test
    void findsWhatThePatternFoundOnRandomLines() {
        Random random = new Random(15);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder line = new StringBuilder();
            int length = random.nextInt(24);
            for (int k = 0; k < length; k++) {
                line.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String s = line.toString();
            if (s.isBlank() || s.regionMatches(true, 0, "include", 0, 7)) {
                continue;
            }
            Diagnostics diagnostics = new Diagnostics("t.conf");
            List<SlurmConfLine> lines = SlurmConfLexer.lex(s, diagnostics);
            List<String> actual = new ArrayList<>();
            lines.forEach(l -> l.pairs().forEach(p -> actual.add(p.key() + "|" + p.value() + "|" + p.operator() + "|"
                    + p.column() + "|" + p.valueColumn())));
            diagnostics.list().forEach(d -> actual.add("error at " + d.column()));
            assertThat(actual).as("line \"%s\"", s).isEqualTo(byPattern(s));
        }
    }

    /** The old loop: the pattern at each position, else an error at the next word, skipped. */
    private static List<String> byPattern(String s) {
        List<String> pairs = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Matcher m = PAIR.matcher(s);
        int pos = 0;
        while (pos < s.length()) {
            int next = pos;
            while (next < s.length() && Character.isWhitespace(s.charAt(next))) {
                next++;
            }
            if (next == s.length()) {
                break;
            }
            m.region(pos, s.length());
            if (m.lookingAt()) {
                boolean quoted = m.group(3) != null;
                int valueStart = quoted ? m.start(3) - 1 : m.start(4);
                char op = m.group(2).isEmpty() ? '=' : m.group(2).charAt(0);
                pairs.add(m.group(1) + "|" + (quoted ? m.group(3) : m.group(4)) + "|" + op + "|" + (m.start(1) + 1)
                        + "|" + (valueStart + 1));
                pos = m.end();
            } else {
                int start = pos;
                while (start < s.length() && Character.isWhitespace(s.charAt(start))) {
                    start++;
                }
                int end = start;
                while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
                    end++;
                }
                errors.add("error at " + (start + 1));
                pos = end;
            }
        }
        pairs.addAll(errors);
        return pairs;
    }
}
