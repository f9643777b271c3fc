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

    /** Nodes {@code 0..n-1}, the node map a test hands the chooser. */
    static java.util.BitSet first(int n) {
        java.util.BitSet b = new java.util.BitSet();
        b.set(0, n);
        return b;
    }

    /**
     * {@code demand} with node {@code i}'s CPUs its partition lets the job have ({@code MaxCPUsPerNode}, {@link
     * NodeChooser.Demand#partitionCpus}) from {@code caps}.
     */
    static NodeChooser.Demand withPartitionCpus(NodeChooser.Demand demand, int... caps) {
        return new NodeChooser.Demand.Delegating(demand) {
            @Override
            public int partitionCpus(int i) {
                return caps[i];
            }
        };
    }

    /** {@code demand} with node {@code i}'s {@code --gpus-per-socket} offer from {@code offers}. */
    static NodeChooser.Demand withPerSocketOffers(NodeChooser.Demand demand, PerSocketGres.Offer... offers) {
        return new NodeChooser.Demand.Delegating(demand) {
            @Override
            public PerSocketGres.Offer perSocketOffer(int i) {
                return offers[i];
            }
        };
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
