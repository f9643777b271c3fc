package org.topoplanner.importers.slurm;

/** A value of a topology file with where it starts (1-based line and column), for diagnostics. */
record LocatedText(String text, int line, int column) {
    /** The column of the character at {@code offset} inside the value. */
    int columnAt(int offset) {
        return column + Math.max(0, offset);
    }
}
