package org.topoplanner.app.desktop.diagnostics;

import java.util.Objects;

/**
 * One line of a source excerpt as the viewer shows it. A very long line (a minified JSON file is one
 * line of megabytes) is clipped to a stretch around the diagnostic's column, so that the viewer never
 * holds or lays out the whole of it.
 *
 * @param number      the line's 1-based number in the file
 * @param text        the kept characters, without the line terminator
 * @param firstColumn the 1-based column of {@code text}'s first character in the file's line
 * @param clippedEnd  true when characters after {@code text} were left out
 */
public record SourceLine(int number, String text, int firstColumn, boolean clippedEnd) {
    public SourceLine {
        Objects.requireNonNull(text, "text");
        if (number < 1 || firstColumn < 1) {
            throw new IllegalArgumentException("line " + number + ", column " + firstColumn);
        }
    }

    /** A line kept whole. */
    public static SourceLine whole(int number, String text) {
        return new SourceLine(number, text, 1, false);
    }

    /** True when characters before {@code text} were left out. */
    public boolean clippedStart() {
        return firstColumn > 1;
    }

    /**
     * Where 1-based {@code column} of the file's line falls in {@link #text}: an index from 0 to
     * {@code text.length()} (the end, for a column just past the last character), or -1 when the
     * column is 0 (no column) or was clipped away.
     */
    public int indexOfColumn(int column) {
        if (column <= 0) {
            return -1;
        }
        int i = column - firstColumn;
        return i < 0 || i > text.length() ? -1 : i;
    }
}
