package org.topoplanner.allocator.slurm;

/**
 * A {@link NodeChooser.Demand} with fixed offers per node, for tests of the retry loops' rounds and drop order: every
 * node has the same weight and a recount changes nothing (no per-job GPU count is credited).
 */
record FixedDemand(int[] availCpus, int[] gpusFor, int[] nodeGpus, int[] freeCpus, boolean firstPass)
        implements NodeChooser.Demand {

    /** Nodes that offer {@code cpus} (all of them free) and {@code gpus}, every free GPU asked. */
    static FixedDemand of(int[] cpus, int[] gpus) {
        return new FixedDemand(cpus, gpus, gpus, cpus, false);
    }

    /** The same node as each of {@code n}: {@code value} at every index. */
    static int[] each(int n, int value) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    @Override
    public int availCpus(int i) {
        return availCpus[i];
    }

    @Override
    public int gpusFor(int i) {
        return gpusFor[i];
    }

    @Override
    public int nodeGpus(int i) {
        return nodeGpus[i];
    }

    @Override
    public int freeCpus(int i) {
        return freeCpus[i];
    }

    @Override
    public long weight(int i) {
        return 1;
    }

    @Override
    public boolean firstPass() {
        return firstPass;
    }

    @Override
    public void recount(int i, long credited) {
        // fixed offers
    }

    @Override
    public long creditedBefore() {
        return 0;
    }
}
