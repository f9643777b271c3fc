package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits the output of a command run on many machines with {@code pdsh} (or {@code clush -b} off),
 * where every line starts with {@code host: }, into one text per host, keeping each line's number
 * in the original file and the column where the host's own text starts.
 */
final class PdshPrefix {
    /** A host name as pdsh prints it, then ": ". */
    private static final Pattern PREFIX = Pattern.compile("^([A-Za-z0-9][A-Za-z0-9._-]{0,62}): ");

    private PdshPrefix() {
    }

    /** One host's lines: the text after the prefix, with where each line was in the file. */
    record HostLines(String host, List<String> lines, List<Integer> lineNumbers, int column) {
    }

    /**
     * The per-host texts when every non-blank line carries a prefix, else empty. A first line that
     * is a JSON brace or an {@code lldp.} key is never taken for a prefix.
     */
    static Map<String, HostLines> split(List<String> lines) {
        Map<String, HostLines> out = new LinkedHashMap<>();
        int prefixed = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) {
                continue;
            }
            Matcher m = PREFIX.matcher(l);
            if (!m.find() || l.startsWith("lldp.")) {
                return Map.of();
            }
            String host = m.group(1);
            HostLines h = out.computeIfAbsent(host, k -> new HostLines(k, new ArrayList<>(), new ArrayList<>(), m.end() + 1));
            h.lines().add(l.substring(m.end()));
            h.lineNumbers().add(i + 1);
            prefixed++;
        }
        return prefixed == 0 ? Map.of() : out;
    }
}
