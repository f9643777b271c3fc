package org.topoplanner.importers.nvsmi;

/**
 * Where a character appears on a terminal with 8-column tab stops. Space-aligned pastes are tabbed
 * output seen through a terminal, so their columns line up on this scale and nowhere else.
 */
final class ScreenColumns {
    private ScreenColumns() {
    }

    /** The 0-based screen column of {@code line.charAt(index)}. */
    static int of(String line, int index) {
        int column = 0;
        for (int i = 0; i < index && i < line.length(); i++) {
            column = line.charAt(i) == '\t' ? (column / 8 + 1) * 8 : column + 1;
        }
        return column;
    }
}
