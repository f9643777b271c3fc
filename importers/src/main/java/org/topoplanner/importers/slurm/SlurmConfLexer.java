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
    /** Decides an include line; run only on a line that begins with the letters of "include". */
    private static final Pattern INCLUDE = Pattern.compile("(?i)include[ \\t]+(\\S+).*");

    private SlurmConfLexer() {
    }

    /** Lexes the whole text; never throws. Empty and comment-only lines give no logical line. */
    public static List<SlurmConfLine> lex(String text, Diagnostics diagnostics) {
        List<SlurmConfLine> out = new ArrayList<>();
        PhysicalLines lines = new PhysicalLines(text);
        LogicalText logical = new LogicalText();
        while (lines.next()) {
            int firstLine = lines.number;
            logical.clear();
            boolean continued;
            boolean more = true;
            do {
                int end = lines.start + commentStart(text, lines.start, lines.end);
                int kept = continuationCut(text, lines.start, end);
                continued = kept >= 0;
                logical.append(text, lines.start, continued ? lines.start + kept : end, lines.number);
            } while (continued && (more = lines.next()));
            logical.stripEscapes();
            SlurmConfLine line = split(logical, firstLine, diagnostics);
            if (line != null) {
                out.add(line);
            }
            if (!more) {
                break;
            }
        }
        return out;
    }

    /** The text with every comment removed, line by line: what detection should look at. */
    public static String withoutComments(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        PhysicalLines lines = new PhysicalLines(text);
        while (lines.next()) {
            sb.append(text, lines.start, lines.start + commentStart(text, lines.start, lines.end)).append('\n');
        }
        return sb.toString();
    }

    /** Index of the first {@code #} preceded by an even number of backslashes, else the length. */
    static int commentStart(String s) {
        return commentStart(s, 0, s.length());
    }

    /** As {@link #commentStart(String)} for the line from {@code from} to {@code to}; relative to {@code from}. */
    private static int commentStart(String s, int from, int to) {
        int backslashes = 0;
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (c == '#' && backslashes % 2 == 0) {
                return k - from;
            }
            backslashes = c == '\\' ? backslashes + 1 : 0;
        }
        return to - from;
    }

    /**
     * When the line ends (ignoring trailing blanks) in an odd number of backslashes, the length to
     * keep (up to, not including, the last backslash); otherwise -1.
     */
    static int continuationCut(String s) {
        return continuationCut(s, 0, s.length());
    }

    private static int continuationCut(String s, int from, int to) {
        int k = to - 1;
        while (k >= from && Character.isWhitespace(s.charAt(k))) {
            k--;
        }
        int backslashes = 0;
        while (k >= from && s.charAt(k) == '\\') {
            backslashes++;
            k--;
        }
        return backslashes % 2 == 1 ? k + backslashes - from : -1;
    }

    private static SlurmConfLine split(LogicalText logical, int firstLine, Diagnostics diagnostics) {
        String s = logical.text();
        if (s.isBlank()) {
            return null;
        }
        if (s.regionMatches(true, 0, "include", 0, 7)) {
            Matcher include = INCLUDE.matcher(s);
            if (include.matches()) {
                return new SlurmConfLine(firstLine, List.of(), include.group(1));
            }
        }
        List<SlurmConfPair> pairs = new ArrayList<>();
        PairScan m = new PairScan(s);
        int pos = 0;
        while (pos < s.length()) {
            int next = pos;
            while (next < s.length() && Character.isWhitespace(s.charAt(next))) {
                next++;
            }
            if (next == s.length()) {
                break;
            }
            if (m.at(pos)) {
                String value = s.substring(m.valueFrom, m.valueTo);
                int valueStart = m.quoted ? m.valueFrom - 1 : m.valueFrom;
                pairs.add(new SlurmConfPair(s.substring(m.keyFrom, m.keyTo), value, m.op, logical.line(m.keyFrom),
                        logical.column(m.keyFrom), logical.line(valueStart), logical.column(valueStart)));
                pos = m.end;
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

    /**
     * One {@code Key=Value} pair read by hand where it starts, exactly as the pattern
     * {@code \\G[ \\t\\x0B\\f\\r]*([A-Za-z0-9_.]+)[ \\t\\x0B\\f\\r]*([-*+/]?)=[ \\t\\x0B\\f\\r]*(?:"([^"]*)"|(\\S+))(?=\\s|$)}
     * would match it (it did, once per pair of every line, until a 16,384-node file made that a tenth of a convert).
     */
    private static final class PairScan {
        private final String s;
        int keyFrom;
        int keyTo;
        char op;
        boolean quoted;
        int valueFrom;
        int valueTo;
        int end;

        PairScan(String s) {
            this.s = s;
        }

        boolean at(int pos) {
            int n = s.length();
            int p = skipBlank(pos);
            keyFrom = p;
            while (p < n && isKeyChar(s.charAt(p))) {
                p++;
            }
            if (p == keyFrom) {
                return false;
            }
            keyTo = p;
            p = skipBlank(p);
            op = '=';
            if (p < n && "-*+/".indexOf(s.charAt(p)) >= 0) {
                op = s.charAt(p);
                p++;
            }
            if (p >= n || s.charAt(p) != '=') {
                return false;
            }
            p = skipBlank(p + 1);
            if (p >= n || isRegexSpace(s.charAt(p))) {
                return false;
            }
            if (s.charAt(p) == '"') {
                int close = s.indexOf('"', p + 1);
                if (close >= 0 && followedBySpaceOrEnd(close + 1)) {
                    quoted = true;
                    valueFrom = p + 1;
                    valueTo = close;
                    end = close + 1;
                    return true;
                }
            }
            // the unquoted form: the longest run of non-space, which a space or the end always follows
            quoted = false;
            valueFrom = p;
            while (p < n && !isRegexSpace(s.charAt(p))) {
                p++;
            }
            valueTo = p;
            end = p;
            return true;
        }

        private int skipBlank(int p) {
            while (p < s.length() && isBlank(s.charAt(p))) {
                p++;
            }
            return p;
        }

        /** {@code (?=\\s|$)}: a space, the end, or a line terminator that ends the text ({@code $} without MULTILINE). */
        private boolean followedBySpaceOrEnd(int p) {
            int n = s.length();
            if (p == n || isRegexSpace(s.charAt(p))) {
                return true;
            }
            char c = s.charAt(p);
            boolean terminator = c == '\u0085' || c == '\u2028' || c == '\u2029';
            return terminator && p == n - 1;
        }

        private static boolean isKeyChar(char c) {
            return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.';
        }

        /** {@code [ \\t\\x0B\\f\\r]}. */
        private static boolean isBlank(char c) {
            return c == ' ' || c == '\t' || c == '\u000B' || c == '\f' || c == '\r';
        }

        /** The pattern's {@code \\s}: {@code [ \\t\\n\\x0B\\f\\r]}. */
        private static boolean isRegexSpace(char c) {
            return isBlank(c) || c == '\n';
        }
    }

    /** Physical lines as {@link String#lines()} splits them ({@code \\n}, {@code \\r\\n}, {@code \\r}), by position. */
    private static final class PhysicalLines {
        private final String text;
        private int pos;
        int start;
        int end;
        int number;

        PhysicalLines(String text) {
            this.text = text;
        }

        boolean next() {
            int n = text.length();
            if (pos >= n) {
                return false;
            }
            int e = pos;
            while (e < n && text.charAt(e) != '\n' && text.charAt(e) != '\r') {
                e++;
            }
            start = pos;
            end = e;
            number++;
            pos = e < n && text.charAt(e) == '\r' && e + 1 < n && text.charAt(e + 1) == '\n' ? e + 2 : e + 1;
            return true;
        }
    }

    /**
     * The joined characters of one logical line, each remembering its physical line and column, in
     * two int arrays reused from line to line (one object per character was most of the lexer's work).
     */
    private static final class LogicalText {
        private final StringBuilder text = new StringBuilder();
        private int[] lines = new int[128];
        private int[] columns = new int[128];
        private int size;
        private int lastLine = 1;
        private boolean escapes;

        void clear() {
            text.setLength(0);
            size = 0;
            lastLine = 1;
            escapes = false;
        }

        void append(String source, int from, int to, int line) {
            int n = to - from;
            if (size + n > lines.length) {
                int capacity = Math.max(lines.length * 2, size + n);
                lines = java.util.Arrays.copyOf(lines, capacity);
                columns = java.util.Arrays.copyOf(columns, capacity);
            }
            text.append(source, from, to);
            for (int k = 0; k < n; k++) {
                lines[size] = line;
                columns[size] = k + 1;
                escapes |= source.charAt(from + k) == '\\';
                size++;
            }
            lastLine = line;
        }

        /** Slurm removes every backslash and keeps the character after it literally. */
        void stripEscapes() {
            if (!escapes) {
                return;
            }
            int kept = 0;
            StringBuilder t = new StringBuilder(text.length());
            for (int k = 0; k < text.length(); k++) {
                if (text.charAt(k) == '\\') {
                    k++;
                    if (k >= text.length()) {
                        break;
                    }
                }
                t.append(text.charAt(k));
                lines[kept] = lines[k];
                columns[kept] = columns[k];
                kept++;
            }
            text.setLength(0);
            text.append(t);
            size = kept;
        }

        String text() {
            return text.toString();
        }

        int line(int index) {
            return index < size ? lines[index] : lastLine;
        }

        int column(int index) {
            if (index < size) {
                return columns[index];
            }
            return size == 0 ? 1 : columns[size - 1] + 1;
        }
    }
}
