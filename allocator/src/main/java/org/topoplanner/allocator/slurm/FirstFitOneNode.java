package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;

/**
 * Slurm 26.05's shortcut for jobs that may use one node only ({@code _select_nodes} in
 * {@code select/cons_tres/job_test.c}: {@code max_nodes == 1} and the topology plugin's
 * {@code allow_one_node}, true for tree and block): {@code _get_one_res} sorts the usable nodes by
 * scheduling weight (the configured weight: the GPU byte is still {@code 0xff} when it sorts; equal
 * weights stay in node-table order) and takes the first on which the job fits
 * ({@code common_test_node}: cores left, the job's CPUs, its per-job GPUs). No leaf or block is
 * compared, so a one-node job no longer goes to the best-fitting leaf or base block.
 *
 * <p>Seen in the real 26.05.5 on the stored cases: block32 k1/k3a ({@code -N1} takes node01, 24.11
 * took the last block or the block with one free node), tree3lvl t1a, deep d1a, hetero h1a/h2c, and
 * the {@code -n1}/{@code -N1} jobs of cpumix and cpumix2.
 */
final class FirstFitOneNode implements NodeChooser {
    /** Beyond this many weights one sort of the candidates costs less than a scan per weight. */
    private static final int FEW_WEIGHTS = 8;

    private final List<SlurmNode> nodes;
    private final NodeChooser topology;

    FirstFitOneNode(List<SlurmNode> nodes, NodeChooser topology) {
        this.nodes = nodes;
        this.topology = topology;
    }

    /**
     * Whether the job goes through the shortcut: slurmctld's {@code max_nodes} is 1 (an {@code -N1}, or
     * a task count of one bounding the nodes; sbatch lowers {@code -N} to {@code -n}).
     */
    static boolean applies(SlurmJobSpec job) {
        int max = job.maxNodes() == null ? Integer.MAX_VALUE : job.maxNodes();
        if (job.ntasks() != null && job.ntasksPerNode() == null) {
            max = Math.min(max, Math.max(job.ntasks(), job.minNodes()));
        }
        return max == 1;
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        if (!applies(job)) {
            return topology.select(nodeMap, required, job, demand, minCpus);
        }
        BitSet candidates = (BitSet) nodeMap.clone();
        if (!required.isEmpty()) {
            candidates.and(required);
            if (required.cardinality() > 1) {
                return null;
            }
        }
        Integer gpuTotal = job.gpuTotal();
        if (TableWeights.of(nodes).length == 1) {
            // one weight in the whole node table (most clusters): index order is weight order, and the first fit
            // is found without collecting the candidates' weights
            for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
                NodePick p = pick(i, job, demand, minCpus, gpuTotal);
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        // by weight, then in node-table order: the weights in a primitive sort, then the candidates of each
        // weight in index order (a boxed sort of every candidate cost more than the rest of a what-if step)
        long[] weights = distinctWeights(candidates);
        if (weights.length > FEW_WEIGHTS) {
            return firstFit(inWeightOrder(candidates), job, demand, minCpus, gpuTotal);
        }
        for (long w : weights) {
            for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
                if (nodes.get(i).weight() != w) {
                    continue;
                }
                NodePick p = pick(i, job, demand, minCpus, gpuTotal);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    private NodePick firstFit(int[] order, SlurmJobSpec job, Demand demand, int minCpus, Integer gpuTotal) {
        for (int i : order) {
            NodePick p = pick(i, job, demand, minCpus, gpuTotal);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** Node {@code i} alone when the job fits on it ({@code common_test_node}); null otherwise. */
    private NodePick pick(int i, SlurmJobSpec job, Demand demand, int minCpus, Integer gpuTotal) {
        int cpus = demand.availCpus(i);
        if (cpus == 0 || cpus < minCpus || (gpuTotal != null && demand.gpusFor(i) < gpuTotal)) {
            return null;
        }
        BitSet one = new BitSet();
        one.set(i);
        int[] given = new int[nodes.size()];
        given[i] = CpusToUse.limit(cpus, CpusToUse.initialBudget(job, minCpus, 1), 1, job, nodes.get(i));
        return new NodePick(one, new int[] {i}, given);
    }

    private int[] inWeightOrder(BitSet candidates) {
        return candidates.stream().boxed()
                .sorted(java.util.Comparator.comparingLong((Integer i) -> nodes.get(i).weight())
                        .thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The weights of the candidates, ascending, each once. */
    private long[] distinctWeights(BitSet candidates) {
        long[] w = new long[candidates.cardinality()];
        int k = 0;
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            w[k++] = nodes.get(i).weight();
        }
        return TableWeights.distinctAscending(w);
    }
}
