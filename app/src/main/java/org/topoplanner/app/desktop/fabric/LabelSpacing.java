package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.List;

/**
 * Which of a row of labels to draw so that none overlap: walking the row left to right, a label is
 * kept when it starts at least {@code gap} pixels after the last kept one ends. The rack blocks of a
 * 4,096-host fabric at fit zoom are 4 px wide; their hostlists, turned on their side, need 13 px each,
 * so every third or fourth is named and the hover card names the rest.
 */
final class LabelSpacing {
    private LabelSpacing() {
    }

    /**
     * @param centres label centres along the row, in screen pixels, ascending
     * @param extent  how much of the row one label takes (its text height when turned on its side)
     * @param gap     the least free space between two labels
     * @return the indices of {@code centres} to label, ascending
     */
    static List<Integer> pick(double[] centres, double extent, double gap) {
        List<Integer> kept = new ArrayList<>();
        double end = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < centres.length; i++) {
            double start = centres[i] - extent / 2;
            if (start >= end + gap) {
                kept.add(i);
                end = centres[i] + extent / 2;
            }
        }
        return kept;
    }
}
