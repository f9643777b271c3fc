package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Node choice without a topology ({@code topology/flat}, Slurm 25.05+ in {@code topology.yaml}): the
 * common {@code eval_nodes} default, {@code _eval_nodes_consec} ({@code src/plugins/topology/common/
 * eval_nodes.c}, 26.05). The usable nodes form runs of consecutive node indices of one scheduling
 * weight; runs are taken one at a time, the best first: one holding a required ({@code -w}) node,
 * else the lightest, then the first that is sufficient, a sufficient one with fewer CPUs (tightest
 * fit), or while none is sufficient the one with the most CPUs. A run with required nodes is taken
 * upwards from its first required node, then downwards; another from its start, and for the last
 * node the run's best-fitting single node (fewest CPUs that suffice). Observed on real 26.05.5
 * (case yamlparts, {@code jobs.flat.txt}): with holes at node10 and node13, {@code -N2} takes
 * node11-12, not node09 and node11.
 *
 * <p>Each node gives the CPUs {@code eval_nodes_cpus_to_use} lets it ({@link CpusToUse}), in the order the nodes
 * are taken: the first nodes all the core filter allows, the last only what the job still lacks. Own cases
 * yamlfz09 y22 ({@code -p flat -N4 -n8 -c3 --gpus-per-node=1}: h3 gives 10 CPUs for three tasks, h4 and h5 4
 * each) and yamlfz11 y13 on real 26.05.5.
 *
 * <p>The same code serves the two other node-index evaluations of {@code eval_nodes} ({@link Mode}): {@code
 * --contiguous} ({@code details->contiguous}) and 22.05's and 24.11's {@code --spread-job} ({@code _eval_nodes_spread}).
 */
final class FlatSelector implements NodeChooser {
    /** Which of {@code eval_nodes}' node-index evaluations runs. */
    enum Mode {
        /** {@code _eval_nodes_consec} as above. */
        CONSECUTIVE,
        /**
         * {@code _eval_nodes_consec} for a {@code --contiguous} job (22.05 {@code _eval_nodes}, 24.11 and 26.05
         * {@code _eval_nodes_consec}): a weight change no longer ends a run, whose weight is that of the last node
         * it took; while no run suffices, the first that does becomes the best; the best run must suffice (no
         * second run is taken), and with required nodes only a run holding them counts, and only when no later
         * run holds one too. Own probe c28y1 c1 ({@code -N3}, n02 and n06 busy: n07-n09, not n03-n05 whose last
         * node weighs more) and c2 (n11-n12, the tighter of two weight-1 runs), 22.05.8, 24.11.5 and 26.05.5.
         */
        CONTIGUOUS,
        /**
         * 22.05's and 24.11's {@code _eval_nodes_spread}: after the required nodes, every usable node in weight
         * order ({@code _build_node_weight_list}), node-index order within a weight, until the job has its
         * {@code req_nodes} and CPUs or {@code max_nodes} (at most the task count) is reached; it succeeds once the
         * CPUs and {@code min_nodes} are met. Own probe c28y1 s1, s4, s5 (22.05.8).
         */
        SPREAD
    }

    private final int nodeCount;
    private final List<SlurmNode> nodes;
    /** The release whose {@code choose_nodes} bound this selection follows; {@code null}: no bound by tasks. */
    private final SlurmVersion taskBound;
    private final Mode mode;

    /** The selection alone, without the bound of the node count by the tasks (a test of whether one exists). */
    FlatSelector(List<SlurmNode> nodes) {
        this(nodes, null);
    }

    /**
     * The selection as {@code version}'s {@code choose_nodes} calls it: no more nodes than tasks. 22.05's
     * {@code choose_nodes} ({@code select/cons_tres/job_test.c}) sets {@code max_nodes = MAX(num_tasks, min_nodes)}
     * whenever the job has a task count and more nodes allowed, before {@code _eval_nodes} takes any path, the
     * switchless one included; 24.11's and 26.05's {@code common_topo_choose_nodes} ({@code topology/common/
     * common_topo.c}) do it only without {@code --ntasks-per-node}. Own case swless1 p38 ({@code -n1 -c3
     * --gpus=10}, no switch, 8 GPUs at most on a node): sbatch refused under 22.05.8, where the unbounded
     * selection took two nodes.
     */
    FlatSelector(List<SlurmNode> nodes, SlurmVersion taskBound) {
        this(nodes, taskBound, Mode.CONSECUTIVE);
    }

    /** The selection in {@code mode}, bound by the tasks as {@code taskBound}'s {@code choose_nodes} bounds it. */
    FlatSelector(List<SlurmNode> nodes, SlurmVersion taskBound, Mode mode) {
        this.nodeCount = nodes.size();
        this.nodes = nodes;
        this.taskBound = taskBound;
        this.mode = mode;
    }

    /** {@code max_nodes} after {@code choose_nodes}' bound by the tasks (see the constructor). */
    private int maxNodes(SlurmJobSpec job) {
        int max = job.maxNodesOr(nodeCount);
        Integer tasks = job.boundingTasks();
        boolean bound = taskBound != null && tasks != null
                && (taskBound == SlurmVersion.V22_05 || job.ntasksPerNode() == null);
        return bound && max > tasks ? Math.max(tasks, job.minNodes()) : max;
    }

    /** What the selection still wants: {@code rem_max_cpus} and {@code min_rem_nodes}, and what each node gave. */
    private static final class Budget {
        long maxCpus;
        int minNodes;
        final int[] given;
        /** The nodes whose CPU count {@code _cpus_to_use} rewrote ({@link CpusToUse#lowers}). */
        final BitSet lowered = new BitSet();
        final SlurmJobSpec job;

        Budget(long maxCpus, int minNodes, int nodeCount, SlurmJobSpec job) {
            this.maxCpus = maxCpus;
            this.minNodes = minNodes;
            this.given = new int[nodeCount];
            this.job = job;
        }
    }

    /** A run of consecutive usable nodes. */
    private static final class Run {
        int start;
        int end;
        int nodes;
        int cpus;
        int gpus;
        int firstRequired = -1;
        long weight;
        /** Whether the run covers what the job still lacks, as {@link #best} last judged it. */
        boolean sufficient;
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        BitSet chosen = new BitSet();
        List<Integer> order = new ArrayList<>();
        int minNodes = job.minNodes();
        int reqNodes = job.reqNodes();
        // gres_per_job: the node-index modes count -n x --gpus-per-task too (gres_job_state_validate), as the tree
        // does (TreeEvaluation); own probe c28y1 s3 (-n3 --gpus-per-task=1 --spread-job: one node, 22.05.8)
        Integer perJob = mode == Mode.CONSECUTIVE ? job.gpusPerJob() : job.gpuTotal();
        int gresPerJob = perJob == null ? 0 : perJob;
        int maxNodes = maxNodes(job);
        if (mode == Mode.SPREAD) {
            // _eval_nodes_spread: max_nodes = MIN(max_nodes, num_tasks); job_mgr's spread maximum is at most the
            // node count (MIN(node_record_count, num_tasks)), and so is req_nodes taken from it
            Integer tasks = job.boundingTasks();
            maxNodes = Math.min(tasks == null ? maxNodes : Math.min(maxNodes, tasks), nodeCount);
            reqNodes = Math.min(reqNodes, Math.max(minNodes, nodeCount));
        }
        int[] rem = {gresPerJob > 0 ? Math.min(minNodes, reqNodes) : Math.max(minNodes, reqNodes), minCpus,
                gresPerJob, maxNodes};
        Budget budget = new Budget(CpusToUse.initialBudget(job, minCpus, rem[0]), minNodes, nodeCount, job);
        for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
            if (!nodeMap.get(i) || demand.availCpus(i) == 0 || rem[3] == 0) {
                return null;
            }
            take(i, chosen, order, rem, demand, budget);
        }
        if (mode == Mode.SPREAD) {
            return spread(nodeMap, chosen, order, rem, demand, budget);
        }
        boolean contiguous = mode == Mode.CONTIGUOUS;
        List<Run> runs = runs(nodeMap, required, demand);
        while (!done(rem) && rem[3] > 0) {
            Run best = best(runs, rem, minNodes, reqNodes, gresPerJob > 0, contiguous && !required.isEmpty());
            if (best == null || (contiguous && !best.sufficient)) {
                // _eval_nodes_consec: "no hole large enough" for a contiguous job
                break;
            }
            if (best.firstRequired >= 0) {
                for (int i = best.firstRequired; i <= best.end && !done(rem) && rem[3] > 0; i++) {
                    offer(i, chosen, order, rem, demand, nodeMap, budget);
                }
                for (int i = best.firstRequired - 1; i >= best.start && !done(rem) && rem[3] > 0; i--) {
                    offer(i, chosen, order, rem, demand, nodeMap, budget);
                }
            } else {
                int single = rem[0] <= 1 ? bestSingle(best, chosen, rem, demand, nodeMap) : -1;
                for (int i = best.start; i <= best.end && !done(rem) && rem[3] > 0; i++) {
                    if (single < 0 || i == single) {
                        offer(i, chosen, order, rem, demand, nodeMap, budget);
                    }
                }
            }
            best.nodes = 0;
            best.cpus = 0;
        }
        if (!done(rem) || chosen.cardinality() < minNodes) {
            return null;
        }
        return new NodePick(chosen, order.stream().mapToInt(Integer::intValue).toArray(), budget.given, null, budget.lowered);
    }

    /** {@link Mode#SPREAD}: the usable nodes by weight, then index, until the job has enough or may take no more. */
    private NodePick spread(BitSet nodeMap, BitSet chosen, List<Integer> order, int[] rem, Demand demand,
                            Budget budget) {
        List<Integer> byWeight = new ArrayList<>();
        for (int i = nodeMap.nextSetBit(0); i >= 0 && i < nodeCount; i = nodeMap.nextSetBit(i + 1)) {
            if (!chosen.get(i) && demand.availCpus(i) > 0) {
                byWeight.add(i);
            }
        }
        byWeight.sort(Comparator.comparingLong(demand::weight).thenComparingInt(i -> i));
        for (int i : byWeight) {
            if (done(rem) || rem[3] <= 0) {
                break;
            }
            take(i, chosen, order, rem, demand, budget);
        }
        // success once the CPUs, min_nodes and the GPUs are met, req_nodes or not
        if (!done(rem) && (rem[1] > 0 || budget.minNodes > 0 || rem[2] > 0)) {
            return null;
        }
        return new NodePick(chosen, order.stream().mapToInt(Integer::intValue).toArray(), budget.given, null, budget.lowered);
    }

    private static boolean done(int[] rem) {
        return rem[0] <= 0 && rem[1] <= 0 && rem[2] <= 0;
    }

    private void offer(int i, BitSet chosen, List<Integer> order, int[] rem, Demand demand, BitSet nodeMap,
                       Budget budget) {
        if (nodeMap.get(i) && !chosen.get(i) && demand.availCpus(i) > 0) {
            take(i, chosen, order, rem, demand, budget);
        }
    }

    private void take(int i, BitSet chosen, List<Integer> order, int[] rem, Demand demand, Budget budget) {
        int offered = demand.availCpus(i);
        if (CpusToUse.lowers(offered, budget.maxCpus, budget.minNodes, budget.job, nodes.get(i))) {
            budget.lowered.set(i);
        }
        int given = CpusToUse.limit(offered, budget.maxCpus, budget.minNodes, budget.job, nodes.get(i));
        budget.given[i] = given;
        int credit = demand.gpusFor(i);
        int counted = given;
        SlurmJobSpec job = budget.job;
        if (taskBound == SlurmVersion.V22_05 && job.gpusPerJob() != null && job.cpusPerGpu() != null
                && job.cpusPerGpu() > 0 && given > 0) {
            // 22.05's gres_sched_add (cons_tres/gres_sched.c) after _cpus_to_use in _eval_nodes' consecutive-set
            // loop: the node is credited no more GPUs than its given CPUs over --cpus-per-gpu, and the job's
            // remaining CPU counts drop by those GPUs' CPUs (avail_cpus = gres_cpus)
            credit = Math.max(0, Math.min(credit, given / job.cpusPerGpu()));
            counted = credit > 0 ? credit * job.cpusPerGpu() : given;
        }
        budget.maxCpus -= counted;
        budget.minNodes--;
        chosen.set(i);
        order.add(i);
        rem[0]--;
        rem[1] -= counted;
        rem[2] -= credit;
        rem[3]--;
    }

    /** Runs of usable nodes, split where a node is unusable or the weight changes; required nodes mark their run. */
    private List<Run> runs(BitSet nodeMap, BitSet required, Demand demand) {
        List<Run> out = new ArrayList<>();
        Run run = null;
        for (int i = 0; i < nodeCount; i++) {
            boolean usable = nodeMap.get(i) && demand.availCpus(i) > 0;
            if (!usable) {
                run = null;
                continue;
            }
            if (run == null || (mode != Mode.CONTIGUOUS && run.weight != demand.weight(i))) {
                run = new Run();
                run.start = i;
                run.weight = demand.weight(i);
                out.add(run);
            }
            run.end = i;
            if (required.get(i)) {
                if (run.firstRequired < 0) {
                    run.firstRequired = i;
                }
            } else {
                // a contiguous run weighs what its last node does (consec_weight is set at every node it adds)
                run.weight = demand.weight(i);
                run.nodes++;
                run.cpus += demand.availCpus(i);
                run.gpus += demand.gpusFor(i);
            }
        }
        return out;
    }

    /**
     * The run {@code _eval_nodes_consec} takes next, {@code null} for none; {@code contiguousRequired}: a contiguous
     * job with required nodes, which only a run holding all of them serves.
     */
    private Run best(List<Run> runs, int[] rem, int minNodes, int reqNodes, boolean gresPerJob,
                     boolean contiguousRequired) {
        Run best = null;
        for (int k = 0; k < runs.size(); k++) {
            Run r = runs.get(k);
            if (r.nodes == 0 || (contiguousRequired && r.firstRequired < 0)) {
                continue;
            }
            boolean sufficient = r.cpus >= rem[1] && TreeSelector.enoughNodes(r.nodes, rem[0], minNodes, reqNodes)
                    && (!gresPerJob || r.gpus >= rem[2]);
            r.sufficient = sufficient;
            boolean better = best == null || (best.firstRequired < 0 && r.firstRequired >= 0) || r.weight < best.weight;
            if (!better && r.weight == best.weight) {
                better = (sufficient && !best.sufficient) || (sufficient && r.cpus < best.cpus)
                        || (!sufficient && r.cpus > best.cpus);
            }
            if (!better && mode == Mode.CONTIGUOUS && !best.sufficient && sufficient) {
                // "if first continuous node set large enough"
                better = true;
            }
            if (better) {
                best = r;
            }
            if (contiguousRequired && runs.subList(k + 1, runs.size()).stream().anyMatch(o -> o.firstRequired >= 0)) {
                // "Must wait for all required nodes to be in a single consecutive block"
                return null;
            }
        }
        return best;
    }

    /** For the last node: the run's node with the fewest CPUs that still cover the rest; -1 if none does. */
    private static int bestSingle(Run run, BitSet chosen, int[] rem, Demand demand, BitSet nodeMap) {
        int best = -1;
        int bestSize = 0;
        for (int i = run.start; i <= run.end; i++) {
            int a = demand.availCpus(i);
            if (!nodeMap.get(i) || chosen.get(i) || a == 0 || a < rem[1] || demand.gpusFor(i) < rem[2]) {
                continue;
            }
            if (best < 0 || a < bestSize) {
                best = i;
                bestSize = a;
                if (bestSize == rem[1]) {
                    break;
                }
            }
        }
        return best;
    }
}
