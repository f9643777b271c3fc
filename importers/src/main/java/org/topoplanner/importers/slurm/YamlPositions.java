package org.topoplanner.importers.slurm;

import java.util.List;

/**
 * Finds where a {@code key: value} pair sits in a YAML text, for diagnostics on values read
 * through Jackson's position-less tree. Searches forward from the last hit, so repeated keys
 * ({@code switch:} in every list item) are found in document order.
 */
final class YamlPositions {
    private final List<String> lines;
    private int from;

    YamlPositions(String text) {
        this.lines = text.lines().toList();
    }

    /**
     * The position of the value of the first {@code key:} line at or after the previous hit whose
     * value is {@code value} (any value when {@code value} is empty); line 1 column 1 if none.
     */
    LocatedText find(String key, String value) {
        for (int pass = 0; pass < 2; pass++) {
            int start = pass == 0 ? from : 0;
            for (int i = start; i < lines.size(); i++) {
                String l = lines.get(i);
                int k = keyAt(l, key);
                if (k < 0) {
                    continue;
                }
                int v = k + key.length() + 1;
                while (v < l.length() && (l.charAt(v) == ' ' || l.charAt(v) == '\t')) {
                    v++;
                }
                String rest = l.substring(v).strip();
                if (rest.length() >= 2 && (rest.startsWith("\"") || rest.startsWith("'"))) {
                    rest = rest.substring(1, rest.length() - 1);
                    v++;
                }
                if (value.isEmpty() || rest.equals(value)) {
                    from = i;
                    return new LocatedText(value, i + 1, v + 1);
                }
            }
        }
        return new LocatedText(value, lines.isEmpty() ? 0 : 1, lines.isEmpty() ? 0 : 1);
    }

    /** Column of {@code key:} when it is the first key on the line (after indent and "- "), else -1. */
    private static int keyAt(String line, String key) {
        int p = 0;
        while (p < line.length() && (line.charAt(p) == ' ' || line.charAt(p) == '-' || line.charAt(p) == '\t')) {
            p++;
        }
        return line.startsWith(key + ":", p) ? p : -1;
    }
}
