package org.topoplanner.app.desktop.diagnostics;

/**
 * Which lines of a file the source viewer reads for a diagnostic: {@code context} lines either side
 * of the diagnostic's line, so that a several-megabyte file is never read whole, and the head of
 * the file for a diagnostic about the whole file (line 0).
 *
 * @param first  the first line to read, 1-based
 * @param last   the last line to read, inclusive
 * @param target the line to highlight, or 0 for none
 */
public record SourceWindow(int first, int last, int target) {
    public SourceWindow {
        if (first < 1 || last < first || target < 0) {
            throw new IllegalArgumentException("lines " + first + ".." + last + " around " + target);
        }
    }

    /** The window around {@code line} (1-based; 0 for the whole file), clamped at the start of the file. */
    public static SourceWindow around(int line, int context) {
        if (context < 0) {
            throw new IllegalArgumentException("negative context " + context);
        }
        if (line <= 0) {
            return new SourceWindow(1, 1 + 2 * context, 0);
        }
        long last = (long) line + context;
        return new SourceWindow(Math.max(1, line - context), (int) Math.min(Integer.MAX_VALUE, last), line);
    }

    public boolean contains(int line) {
        return line >= first && line <= last;
    }

    /** How many lines the window spans. */
    public int size() {
        return last - first + 1;
    }
}
