package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Finds the line of an exported file a finding belongs to. The readers give positions for what
 * they report themselves; cross-file rules (a node missing from topology.conf, a gres.conf line that
 * disagrees with a node line) find their line here, in text the exporter wrote, one entry per line.
 */
final class TextLines {
    private final List<String> lines;

    TextLines(String text) {
        this.lines = text.lines().toList();
    }

    /** 1-based number of the first line (comments stripped) that satisfies {@code p}, or 0. */
    int first(Predicate<String> p) {
        for (int i = 0; i < lines.size(); i++) {
            if (p.test(withoutComment(lines.get(i)))) {
                return i + 1;
            }
        }
        return 0;
    }

    /** 1-based numbers of every line (comments stripped) that satisfies {@code p}. */
    List<Integer> all(Predicate<String> p) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (p.test(withoutComment(lines.get(i)))) {
                out.add(i + 1);
            }
        }
        return out;
    }

    /** The line declaring {@code key=value} first on a line, case-insensitive key ({@code SwitchName=leaf1}). */
    int declaring(String key, String value) {
        String head = key.toLowerCase(Locale.ROOT) + "=";
        return first(l -> {
            String s = l.strip();
            if (!s.toLowerCase(Locale.ROOT).startsWith(head)) {
                return false;
            }
            String rest = s.substring(head.length());
            return rest.equals(value) || rest.startsWith(value + " ") || rest.startsWith(value + "\t");
        });
    }

    static String withoutComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
