package org.topoplanner.allocator.whatif;

import java.util.ArrayList;
import java.util.List;

/**
 * The aggregates of one what-if run (one design, one policy, one queue discipline): series over time in
 * bounded bins, waits by job size, locality counts, stranded GPUs and makespan. Filled while the run goes;
 * read once it has ended.
 */
public final class WhatIfSummary {
    /** Labels of the leaves-per-job histogram. */
    public static final List<String> LEAF_LABELS = List.of("1", "2", "3-4", "5-8", "9+");
    /** Labels of the highest-tier histogram: one host, one leaf, one spine domain, above. */
    public static final List<String> TIER_LABELS = List.of("host", "leaf", "tier 2", "tier 3+", "unconnected");
    static final int BINS = 512;

    private final WhatIfCase runCase;
    private final int gpus;
    private final BinnedSeries busy;
    private final BinnedSeries queued;
    private final BinnedSeries stranded;
    private final List<WaitHistogram> waits = new ArrayList<>();
    private final long[] leaves = new long[LEAF_LABELS.size()];
    private final long[] tiers = new long[TIER_LABELS.size()];
    private long jobs;
    private long ran;
    private long multiHost;
    private long oneLeafMultiHost;
    private long oneNvlinkDomain;
    private double slowdownSum;
    private long slowdownCount;
    private double maxSlowdown = 1.0;
    private long firstSubmit = -1;
    private long lastEnd;
    private boolean cancelled;

    WhatIfSummary(WhatIfCase runCase, int gpus, double binSeconds) {
        this.runCase = runCase;
        this.gpus = gpus;
        this.busy = new BinnedSeries(binSeconds, BINS);
        this.queued = new BinnedSeries(binSeconds, BINS);
        this.stranded = new BinnedSeries(binSeconds, BINS);
        SizeClass.ALL.forEach(c -> waits.add(new WaitHistogram()));
    }

    void clock(double time, int busyGpus, int queueLength, int strandedGpus) {
        busy.set(time, busyGpus);
        queued.set(time, queueLength);
        stranded.set(time, strandedGpus);
    }

    void finish(double time) {
        busy.advance(time);
        queued.advance(time);
        stranded.advance(time);
    }

    void cancelled() {
        cancelled = true;
    }

    void add(JobRecord r) {
        jobs++;
        if (firstSubmit < 0 || r.submit() < firstSubmit) {
            firstSubmit = r.submit();
        }
        if (!r.ran()) {
            return;
        }
        ran++;
        lastEnd = Math.max(lastEnd, r.end());
        waits.get(SizeClass.indexOf(r.gpus())).add(r.waitSeconds());
        int l = r.leaves();
        leaves[l <= 1 ? 0 : l == 2 ? 1 : l <= 4 ? 2 : l <= 8 ? 3 : 4]++;
        tiers[r.highestTier() < 0 ? 4 : Math.min(3, r.highestTier())]++;
        if (r.hosts().size() > 1) {
            multiHost++;
            if (r.leaves() <= 1) {
                oneLeafMultiHost++;
            }
        }
        if (r.hosts().size() == 1 && r.nvlinkDomains() == 1 || r.gpus() <= 1) {
            oneNvlinkDomain++;
        }
        if (!Double.isNaN(r.slowdown())) {
            slowdownSum += r.slowdown();
            slowdownCount++;
            maxSlowdown = Math.max(maxSlowdown, r.slowdown());
        }
    }

    public WhatIfCase runCase() {
        return runCase;
    }

    /** GPUs of the design. */
    public int gpus() {
        return gpus;
    }

    public long jobs() {
        return jobs;
    }

    public long ran() {
        return ran;
    }

    /** True when the run was cancelled before the workload's end: the figures cover what ran until then. */
    public boolean wasCancelled() {
        return cancelled;
    }

    /** Seconds from the first submission to the last end. */
    public long makespanSeconds() {
        return ran == 0 ? 0 : lastEnd - Math.max(0, firstSubmit);
    }

    public double binSeconds() {
        return busy.width();
    }

    /** Busy GPUs over total GPUs, per bin. */
    public double[] utilisation() {
        double[] b = busy.averages();
        for (int i = 0; i < b.length; i++) {
            b[i] = gpus == 0 ? 0 : b[i] / gpus;
        }
        return b;
    }

    public double meanUtilisation() {
        return gpus == 0 ? 0 : busy.mean() / gpus;
    }

    /** Jobs waiting, per bin (average). */
    public double[] queueLength() {
        return queued.averages();
    }

    /** Free GPUs on partly used nodes, per bin (average). */
    public double[] strandedGpus() {
        return stranded.averages();
    }

    public double meanStrandedGpus() {
        return stranded.mean();
    }

    /** Waits per {@link SizeClass}, in the order of {@link SizeClass#ALL}. */
    public List<WaitHistogram> waitsBySize() {
        return List.copyOf(waits);
    }

    public long[] leavesHistogram() {
        return leaves.clone();
    }

    public long[] tierHistogram() {
        return tiers.clone();
    }

    /** Of the jobs on more than one host, the share on one leaf (NaN when none). */
    public double oneLeafShare() {
        return multiHost == 0 ? Double.NaN : oneLeafMultiHost / (double) multiHost;
    }

    /** Of the jobs that ran, the share within one NVLink domain (one NVLinked host, or one GPU). */
    public double oneNvlinkDomainShare() {
        return ran == 0 ? Double.NaN : oneNvlinkDomain / (double) ran;
    }

    public double meanSlowdown() {
        return slowdownCount == 0 ? Double.NaN : slowdownSum / slowdownCount;
    }

    public double maxSlowdown() {
        return maxSlowdown;
    }

    /** Bring the series to a common bin width with the other runs of a comparison. */
    public void alignBins(double width) {
        busy.alignTo(width);
        queued.alignTo(width);
        stranded.alignTo(width);
    }
}
