package org.topoplanner.importers.ibnet;

/**
 * Walks the lines of a text without copying it into a list first (dumps reach tens of MB), with
 * 1-based line numbers for diagnostics. Accepts {@code \n}, {@code \r\n} and {@code \r}.
 */
final class LineCursor {
    private final String text;
    private int pos;
    private int number;
    private String line;

    LineCursor(String text) {
        this.text = text;
    }

    /** Advances to the next line; false at the end. */
    boolean next() {
        if (pos >= text.length()) {
            return false;
        }
        int end = pos;
        while (end < text.length() && !endsLine(text.charAt(end))) {
            end++;
        }
        line = text.substring(pos, end);
        number++;
        if (end < text.length() && text.charAt(end) == '\r' && end + 1 < text.length() && text.charAt(end + 1) == '\n') {
            end++;
        }
        pos = end + 1;
        return true;
    }

    private static boolean endsLine(char c) {
        return c == '\n' || c == '\r';
    }

    String line() {
        return line;
    }

    int number() {
        return number;
    }
}
