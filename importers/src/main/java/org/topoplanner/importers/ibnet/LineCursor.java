package org.topoplanner.importers.ibnet;

/**
 * Walks the lines of a text without copying it into a list first (dumps reach tens of MB), with
 * 1-based line numbers for diagnostics. Accepts {@code \n}, {@code \r\n} and {@code \r}.
 *
 * <p>A line is a range {@link #start()} to {@link #end()} of the text; {@link #line()} copies it
 * only when a reader asks, so that a reader scanning in place makes no string per line.
 */
final class LineCursor {
    private final String text;
    private int pos;
    private int number;
    private int start;
    private int end;
    private String line;

    LineCursor(String text) {
        this.text = text;
    }

    /** Advances to the next line; false at the end. */
    boolean next() {
        int length = text.length();
        if (pos >= length) {
            return false;
        }
        int e = pos;
        while (e < length) {
            char c = text.charAt(e);
            if (c == '\n' || c == '\r') {
                break;
            }
            e++;
        }
        start = pos;
        end = e;
        line = null;
        number++;
        if (e < length && text.charAt(e) == '\r' && e + 1 < length && text.charAt(e + 1) == '\n') {
            e++;
        }
        pos = e + 1;
        return true;
    }

    /** The current line as a string of its own. */
    String line() {
        if (line == null) {
            line = text.substring(start, end);
        }
        return line;
    }

    /** Where the current line starts in the text. */
    int start() {
        return start;
    }

    /** Where the current line ends in the text (its terminator, or the text's end). */
    int end() {
        return end;
    }

    int number() {
        return number;
    }
}
