package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;

/**
 * Splits the text of {@code slurm.conf}, {@code gres.conf} or {@code topology.conf} into logical
 * lines of {@code Key=Value} pairs the way Slurm's own parser ({@code src/common/parse_config.c}) does:
 *
 * <ul>
 *   <li>a {@code #} not escaped by a backslash starts a comment, anywhere, even inside quotes;</li>
 *   <li>a line whose last non-blank character is an odd run of backslashes continues on the next line,
 *       joined without adding a space (as Slurm does);</li>
 *   <li>then every backslash escapes the character after it ({@code \#} is {@code #});</li>
 *   <li>a pair is {@code Key=Value} with spaces allowed around {@code =}, a key of letters, digits,
 *       {@code _} and {@code .}, and a value that is either {@code "quoted with spaces"} or has no
 *       whitespace; an optional {@code + - * /} before {@code =} is an operator;</li>
 *   <li>a line starting with {@code Include} and a file name is an include directive.</li>
 * </ul>
 *
 * Text that is not a pair is reported as an error at its own line and column and skipped up to the
 * next blank, so one typo does not hide the rest of the line.
 */
public final class SlurmConfLexer {
    private static final Pattern PAIR = Pattern.compile(
            "\\G[ \\t\\x0B\\f\\r]*([A-Za-z0-9_.]+)[ \\t\\x0B\\f\\r]*([-*+/]?)=[ \\t\\x0B\\f\\r]*"
                    + "(?:\"([^\"]*)\"|(\\S+))(?=\\s|$)");
    private static final Pattern INCLUDE = Pattern.compile("(?i)include[ \\t]+(\\S+).*");

    private SlurmConfLexer() {
    }

    /** Lexes the whole text; never throws. Empty and comment-only lines give no logical line. */
    public static List<SlurmConfLine> lex(String text, Diagnostics diagnostics) {
        List<String> physical = text.lines().toList();
        List<SlurmConfLine> out = new ArrayList<>();
        int i = 0;
        while (i < physical.size()) {
            int firstLine = i + 1;
            LogicalText logical = new LogicalText();
            boolean continued;
            do {
                String raw = physical.get(i);
                String code = raw.substring(0, commentStart(raw));
                int kept = continuationCut(code);
                continued = kept >= 0;
                logical.append(continued ? code.substring(0, kept) : code, i + 1);
                i++;
            } while (continued && i < physical.size());
            logical.stripEscapes();
            SlurmConfLine line = split(logical, firstLine, diagnostics);
            if (line != null) {
                out.add(line);
            }
        }
        return out;
    }

    /** The text with every comment removed, line by line: what detection should look at. */
    public static String withoutComments(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        text.lines().forEach(l -> sb.append(l, 0, commentStart(l)).append('\n'));
        return sb.toString();
    }

    /** Index of the first {@code #} preceded by an even number of backslashes, else the length. */
    static int commentStart(String s) {
        int backslashes = 0;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '#' && backslashes % 2 == 0) {
                return k;
            }
            backslashes = c == '\\' ? backslashes + 1 : 0;
        }
        return s.length();
    }

    /**
     * When the line ends (ignoring trailing blanks) in an odd number of backslashes, the length to
     * keep (up to, not including, the last backslash); otherwise -1.
     */
    static int continuationCut(String s) {
        int k = s.length() - 1;
        while (k >= 0 && Character.isWhitespace(s.charAt(k))) {
            k--;
        }
        int backslashes = 0;
        while (k >= 0 && s.charAt(k) == '\\') {
            backslashes++;
            k--;
        }
        return backslashes % 2 == 1 ? k + backslashes : -1;
    }

    private static SlurmConfLine split(LogicalText logical, int firstLine, Diagnostics diagnostics) {
        String s = logical.text();
        if (s.isBlank()) {
            return null;
        }
        Matcher include = INCLUDE.matcher(s);
        if (include.matches()) {
            return new SlurmConfLine(firstLine, List.of(), include.group(1));
        }
        List<SlurmConfPair> pairs = new ArrayList<>();
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
                String value = quoted ? m.group(3) : m.group(4);
                int valueStart = quoted ? m.start(3) - 1 : m.start(4);
                char op = m.group(2).isEmpty() ? '=' : m.group(2).charAt(0);
                pairs.add(new SlurmConfPair(m.group(1), value, op, logical.line(m.start(1)),
                        logical.column(m.start(1)), logical.line(valueStart), logical.column(valueStart)));
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
                diagnostics.error(logical.line(start), logical.column(start),
                        "cannot read '" + abbreviate(s.substring(start, end))
                                + "': expected Key=Value (Slurm stops reading the line here)");
                pos = end;
            }
        }
        return new SlurmConfLine(firstLine, pairs, null);
    }

    static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /** The joined characters of one logical line, each remembering its physical line and column. */
    private static final class LogicalText {
        private final StringBuilder text = new StringBuilder();
        private final List<int[]> where = new ArrayList<>();
        private int lastLine = 1;

        void append(String part, int line) {
            for (int k = 0; k < part.length(); k++) {
                text.append(part.charAt(k));
                where.add(new int[] {line, k + 1});
            }
            lastLine = line;
        }

        /** Slurm removes every backslash and keeps the character after it literally. */
        void stripEscapes() {
            StringBuilder t = new StringBuilder();
            List<int[]> w = new ArrayList<>();
            for (int k = 0; k < text.length(); k++) {
                if (text.charAt(k) == '\\') {
                    k++;
                    if (k >= text.length()) {
                        break;
                    }
                }
                t.append(text.charAt(k));
                w.add(where.get(k));
            }
            text.setLength(0);
            text.append(t);
            where.clear();
            where.addAll(w);
        }

        String text() {
            return text.toString();
        }

        int line(int index) {
            return index < where.size() ? where.get(index)[0] : lastLine;
        }

        int column(int index) {
            if (index < where.size()) {
                return where.get(index)[1];
            }
            return where.isEmpty() ? 1 : where.get(where.size() - 1)[1] + 1;
        }
    }
}
