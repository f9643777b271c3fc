package org.topoplanner.app.desktop.fabric.layout;

/**
 * Places the items of one row, in a fixed order, as close to their desired centres as minimum
 * spacing allows: the least-squares solution, found by pool-adjacent-violators isotonic
 * regression (Barlow et al., "Statistical inference under order restrictions", 1972) on the
 * desired centres shifted by the cumulative spacing.
 */
final class RowPlacement {
    private RowPlacement() {
    }

    /**
     * @param desired the wished centre of each item, in row order; {@code NaN} when the item has
     *                no wish (it then follows its left neighbour)
     * @param gap     {@code gap[i]} is the least distance between the centres of items i and i+1
     * @return the centres
     */
    static double[] place(double[] desired, double[] gap) {
        int n = desired.length;
        if (n == 0) {
            return new double[0];
        }
        double[] wish = fillGaps(desired, gap);
        double[] offset = new double[n];
        for (int i = 1; i < n; i++) {
            offset[i] = offset[i - 1] + gap[i - 1];
        }
        // Blocks of pooled values: mean and size, stack-like.
        double[] mean = new double[n];
        int[] size = new int[n];
        int blocks = 0;
        for (int i = 0; i < n; i++) {
            mean[blocks] = wish[i] - offset[i];
            size[blocks] = 1;
            blocks++;
            while (blocks > 1 && mean[blocks - 2] > mean[blocks - 1]) {
                int s = size[blocks - 2] + size[blocks - 1];
                mean[blocks - 2] = (mean[blocks - 2] * size[blocks - 2] + mean[blocks - 1] * size[blocks - 1]) / s;
                size[blocks - 2] = s;
                blocks--;
            }
        }
        double[] out = new double[n];
        int i = 0;
        for (int b = 0; b < blocks; b++) {
            for (int k = 0; k < size[b]; k++, i++) {
                out[i] = mean[b] + offset[i];
            }
        }
        return out;
    }

    private static double[] fillGaps(double[] desired, double[] gap) {
        int n = desired.length;
        double[] wish = desired.clone();
        int firstKnown = -1;
        for (int i = 0; i < n; i++) {
            if (!Double.isNaN(wish[i])) {
                firstKnown = i;
                break;
            }
        }
        if (firstKnown < 0) {
            wish[0] = 0;
            firstKnown = 0;
        }
        for (int i = firstKnown - 1; i >= 0; i--) {
            wish[i] = wish[i + 1] - gap[i];
        }
        for (int i = firstKnown + 1; i < n; i++) {
            if (Double.isNaN(wish[i])) {
                wish[i] = wish[i - 1] + gap[i - 1];
            }
        }
        return wish;
    }
}
