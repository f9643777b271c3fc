package org.topoplanner.allocator.whatif;

import java.util.Arrays;

/**
 * A step function of time (GPUs busy, jobs queued) kept as its average over fixed-width bins. The number of
 * bins is bounded: when time runs past the last bin, neighbouring bins are merged and the width doubles, so
 * a run of any length costs the same memory and every series of a run ends with the same bin width when
 * they are all fed to the same end.
 */
public final class BinnedSeries {
    private final int maxBins;
    private double width;
    private double[] area;
    private double lastTime;
    private double lastValue;

    /** Bins of {@code initialWidth} seconds from time 0, at most {@code maxBins} (even) of them. */
    public BinnedSeries(double initialWidth, int maxBins) {
        if (!(initialWidth > 0) || maxBins < 2 || maxBins % 2 != 0) {
            throw new IllegalArgumentException(initialWidth + " s, " + maxBins + " bins");
        }
        this.width = initialWidth;
        this.maxBins = maxBins;
        this.area = new double[maxBins];
    }

    /** The value is {@code value} from {@code time} on (times never go back). */
    public void set(double time, double value) {
        advance(time);
        lastValue = value;
    }

    /** Extends the series to {@code time} with its current value. */
    public void advance(double time) {
        if (time < lastTime) {
            throw new IllegalArgumentException("time goes back: " + time + " < " + lastTime);
        }
        while (time > width * maxBins) {
            merge();
        }
        double t = lastTime;
        while (t < time) {
            int bin = Math.min(maxBins - 1, (int) (t / width));
            double to = Math.min(time, (bin + 1) * width);
            area[bin] += lastValue * (to - t);
            t = to;
        }
        lastTime = time;
    }

    private void merge() {
        double[] next = new double[maxBins];
        for (int i = 0; i < maxBins / 2; i++) {
            next[i] = area[2 * i] + area[2 * i + 1];
        }
        area = next;
        width *= 2;
    }

    /** Bin width in seconds. */
    public double width() {
        return width;
    }

    /** The average value in each bin up to the last time set, in time order. */
    public double[] averages() {
        int used = lastTime <= 0 ? 0 : Math.min(maxBins, (int) Math.ceil(lastTime / width));
        double[] out = Arrays.copyOf(area, used);
        for (int i = 0; i < used; i++) {
            double span = Math.min(width, lastTime - i * width);
            out[i] = span > 0 ? out[i] / span : 0;
        }
        return out;
    }

    /** The average over the whole series so far. */
    public double mean() {
        double total = 0;
        for (double a : area) {
            total += a;
        }
        return lastTime > 0 ? total / lastTime : 0;
    }

    /** Makes this series' bin width at least {@code other}'s, so the two can be drawn on one axis. */
    public void alignTo(double otherWidth) {
        while (width < otherWidth) {
            merge();
        }
    }
}
