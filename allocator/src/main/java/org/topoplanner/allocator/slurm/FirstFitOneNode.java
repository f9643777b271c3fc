package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.Comparator;
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
    private final boolean byNearGpus;

    FirstFitOneNode(List<SlurmNode> nodes, NodeChooser topology) {
        this(nodes, topology, false);
    }

    private FirstFitOneNode(List<SlurmNode> nodes, NodeChooser topology, boolean byNearGpus) {
        this.nodes = nodes;
        this.topology = topology;
        this.byNearGpus = byNearGpus;
    }

    /**
     * The shortcut as the test of a job that cannot start now sees it: its nodes sorted by the whole scheduling
     * weight, GPU byte included ({@link SchedWeight}). {@code _pick_best_nodes} resets every node's {@code
     * sched_weight} to the configured weight once ({@code _sync_node_weight}), the pick for now then sets the GPU
     * byte of every node it tests ({@code _can_job_run_on_node}: "Favor nodes with more co-located GPUs"), and its
     * {@code SELECT_MODE_TEST_ONLY} tests that follow ({@code runable_ever}, {@code runable_avail}) sort by what
     * was left. Own case fuzz22 p17 ({@code -N1 --cpus-per-gpu=4 --gpus=7}): the pick for now fails after h1, h2
     * and k2 count 2 + 4 + 1 GPUs, then the test starts at k2 (7 near GPUs) and passes, so 26.05.5 keeps the job
     * with {@code Resources}. The near GPUs are taken on the idle cluster (sbatch's verdict is cached per cluster).
     */
    static FirstFitOneNode submitTest(List<SlurmNode> nodes, NodeChooser topology) {
        return new FirstFitOneNode(nodes, topology, true);
    }

    /**
     * Whether the job goes through the shortcut: slurmctld's {@code max_nodes} is 1 (an {@code -N1}, or
     * a task count of one bounding the nodes; sbatch lowers {@code -N} to {@code -n}).
     */
    static boolean applies(SlurmJobSpec job) {
        // the partition's MaxNodes too (get_node_cnts, PartitionMaxNodes.applied)
        int max = job.maxNodesOr(Integer.MAX_VALUE);
        if (job.boundingTasks() != null && job.ntasksPerNode() == null) {
            max = Math.min(max, Math.max(job.boundingTasks(), job.minNodes()));
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
        // the GPUs the nodes looked at so far added toward the per-job count (gres_js->total_gres)
        long[] credited = {0};
        if (byNearGpus) {
            return firstFit(candidates.stream().boxed()
                    .sorted(Comparator.comparingLong((Integer i) -> demand.weight(i)).thenComparingInt(i -> i))
                    .mapToInt(Integer::intValue).toArray(), job, demand, minCpus, gpuTotal, credited);
        }
        if (TableWeights.of(nodes).length == 1) {
            // one weight in the whole node table (most clusters): index order is weight order, and the first fit
            // is found without collecting the candidates' weights
            for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
                NodePick p = pick(i, job, demand, minCpus, gpuTotal, credited);
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
            return firstFit(inWeightOrder(candidates), job, demand, minCpus, gpuTotal, credited);
        }
        for (long w : weights) {
            for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
                if (nodes.get(i).weight() != w) {
                    continue;
                }
                NodePick p = pick(i, job, demand, minCpus, gpuTotal, credited);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    private NodePick firstFit(int[] order, SlurmJobSpec job, Demand demand, int minCpus, Integer gpuTotal,
                              long[] credited) {
        for (int i : order) {
            NodePick p = pick(i, job, demand, minCpus, gpuTotal, credited);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /**
     * Node {@code i} alone when the job fits on it ({@code common_test_node}); null otherwise. A job with a per-job GPU
     * count ({@code --gpus=N}, or {@code -n} x {@code --gpus-per-task}) is counted on from node to node: {@code
     * _get_one_res} calls {@code gres_sched_init} once per pass, and every node that passes the CPU tests adds its
     * GPUs ({@code eval_nodes_gres}: {@code gres_sched_add}, up to what the job still lacks) before {@code
     * gres_sched_test} fails it. So a later node is looked at with those GPUs counted ({@code _set_max_gres} leaves it
     * only the rest, and the core filter keeps the cores of fewer sockets) and passes once the sum reaches N.
     * Own case fuzz22 (26.05.5): p18 ({@code -n1 -c2 --gpus=7}) runs on k2 after h1 and h2 gave 2 + 4, so k2 is
     * asked for one GPU and its CPUs are 0-1 on socket 0 (22.05.8 and 24.11.5 give one core on each GPU socket);
     * p29 ({@code -N1 -n2 -c1 --gpus=4}) gets h2's socket 0 after h1 gave 2. {@code common_test_node} reaches
     * {@code gres_sched_add} through {@code eval_nodes_cpus_to_use} and {@code eval_nodes_gres}, whose task count
     * ({@link GresTaskCount}) cuts the node's GPUs first and fails a node it leaves no task: own probe c27g1 o5
     * ({@code -N1 --ntasks-per-gpu=2 --gpus=1 -O}, {@code min_cpus} 1, so {@code maxtasks} 1 and {@code 1 / 2} GPUs
     * a node) is refused by 26.05.5 on an idle cluster, "Requested node configuration is not available".
     */
    private NodePick pick(int i, SlurmJobSpec job, Demand demand, int minCpus, Integer gpuTotal, long[] credited) {
        if (gpuTotal != null && credited[0] > 0) {
            demand.recount(i, credited[0]);
        }
        int cpus = demand.availCpus(i);
        if (cpus == 0) {
            return null;
        }
        long budget = CpusToUse.initialBudget(job, minCpus, 1);
        int given = CpusToUse.limit(cpus, budget, 1, job, nodes.get(i));
        long taskGpus = Long.MAX_VALUE;
        if (gpuTotal != null && GresTaskCount.countsTasks(job)) {
            // common_test_node's eval_nodes_cpus_to_use ends in eval_nodes_gres for a GPU total, as the tree's and
            // the block's evaluations do (GresTaskCount): maxtasks from min_cpus, a count of no task fails the node
            GresTaskCount count = GresTaskCount.of(job, GresTaskCount.maxTasks(job, budget), 1, given,
                    demand.gresMaxTasks(i));
            if (count.unused()) {
                demand.refused(i);
                return null;
            }
            taskGpus = count.gpus();
        }
        if (gpuTotal != null) {
            // gres_sched_add: what the node offers, no more than the job still lacks, at least one
            long offered = Math.min(Math.min(demand.gpusFor(i), demand.gresCap(i)), taskGpus);
            long lacking = gpuTotal - credited[0];
            credited[0] += lacking > 0 ? Math.max(1, Math.min(offered, lacking)) : offered;
        }
        // common_test_node tests details->min_cpus alone (minCpus, which no DefCpuPerGPU raises): a node whose CPUs
        // hold fewer of the job's GPUs than the CPUs per GPU ask is chosen all the same when the sum completes on
        // it, and _job_test fails it after the pick (NcpusTaskCount: job_res->ncpus' tasks, ESLURM_BAD_TASK_COUNT;
        // own probe c28c2 p1, and c26u1 m1, c26e1 e6 in 26.05.5: PENDING Resources)
        if (cpus < minCpus
                || (gpuTotal != null && credited[0] < gpuTotal)) {
            return null;
        }
        BitSet one = new BitSet();
        one.set(i);
        int[] givenCpus = new int[nodes.size()];
        givenCpus[i] = given;
        return new NodePick(one, new int[] {i}, givenCpus);
    }

    private int[] inWeightOrder(BitSet candidates) {
        return candidates.stream().boxed()
                .sorted(Comparator.comparingLong((Integer i) -> nodes.get(i).weight())
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
