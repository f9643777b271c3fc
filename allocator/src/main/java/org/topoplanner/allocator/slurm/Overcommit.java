package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -O/--overcommit}: the job asks one task's CPUs of each node, whatever its task count. sbatch sends
 * {@code min_cpus = MAX(min_nodes, 1)} ({@code slurm_opt_create_job_desc}, {@code common/slurm_opt.c}, 22.05.8,
 * 24.11.5, 26.05); slurmctld's {@code validate_job_create_req} leaves it so ("Only set min and max cpus if overcommit
 * isn't set"); cons_tres {@code _can_job_run_on_node} asks {@code ntasks_per_node = 1} task's CPUs of a node; and
 * {@code dist_tasks} lays out one task per node ({@code one_task_per_node} when the job has no {@code tres_per_task}:
 * 22.05 {@code cons_common/dist_tasks.c}, 24.11/26.05 {@code cons_tres/dist_tasks.c} {@code dist_tasks} and
 * {@code _dist_tasks_compute_c_b}, whose "fill allocated cores" step still fills the rest of the first task's core).
 * {@code num_tasks} keeps {@code -n}, which bounds {@code max_nodes} ({@link SlurmJobSpec#boundingTasks}).
 * {@link SlurmJobSpec#of} therefore lays the job out as {@code -n} = its node count.
 *
 * <p>24.11 and 26.05 differ for {@code -c}: their sbatch adds {@code cpu=N} to {@code tres_per_task}
 * ({@code _validate_tres_per_task} -> {@code _set_tres_per_task_from_sibling_opt(opt, 'c')}, {@code common/slurm_opt.c};
 * 22.05's has no such step), so {@code dist_tasks} keeps every task ({@code one_task_per_node} needs
 * {@code !tres_per_task}) while {@code eval_nodes_cpus_to_use} has cut each node to
 * {@code MAX(rem_max_cpus, pn_min_cpus)}, one task's {@code -c} CPUs (rounded to whole cores).
 * {@code _dist_tasks_compute_c_b} then finds no room for the second task on a node and fails the job
 * ({@code ESLURM_BAD_TASK_COUNT}) in every pass: it waits {@code Resources} for good ({@link #verdict}). With no
 * more tasks than nodes the layout is the one-task-per-node one. Own cases c26l7 o3 ({@code -n4 -c3 -O}) and c16d1
 * a5, a6 wait, a7 ({@code -N2 -n2 -c2 -O}) runs on two CPUs a node (24.11.5, 26.05.5); 22.05.8 runs all of them.
 *
 * <p>GPUs are emulated as the rules without {@code -O} give them once the one-task layout is applied, with these
 * release rules: {@code --gpus-per-task} in 24.11 and 26.05 lays out every task ({@link OvercommitTaskLayout}, tree
 * and blocks, o23q), in 22.05 puts every task's GPUs by socket beside one task's CPU ({@link OvercommitSocketTasks});
 * {@code --cpus-per-gpu} beside a GPU total or {@code --gpus-per-node} is emulated in 24.11 and 26.05 only
 * ({@link GresSchedCpus}, c16d1 g4, c16g1). The shapes no measured line covers, or whose rules differ from
 * that, are refused naming what is not emulated: 22.05's {@code --cpus-per-gpu}; GPUs
 * beside enforce-binding in 24.11 (and a GPU total in 22.05); {@code -c} below a node's threads per core in 24.11
 * and 26.05 (a core's threads may hold more than one task);
 * {@code --threads-per-core} ({@code _job_test} multiplies {@code min_cpus} by it when {@code min_cpus == min_nodes}),
 * {@code --exclusive=topo} ({@code --exclusive} takes the whole node as without {@code -O}: own probe c16g1 r4) and
 * {@code -m plane} beside {@code -c} in 24.11 and 26.05 (their plane layout of every task).
 *
 * <p>Emulated since own probe c24o1 (o24o, tree, every release, every line as the rules without {@code -O} and the
 * one-task layout give them once the refusal is lifted): {@code --ntasks-per-node} beside a GPU total,
 * {@code --gpus-per-task} or {@code --gpus-per-socket}, and {@code --ntasks-per-socket} beside GPUs. The node test
 * asks {@code ntasks_per_node x cpus_per_task} free CPUs ({@code _can_job_run_on_node}, cons_tres {@code job_test.c},
 * before the overcommit 1; t4 waits Resources on one free CPU), the task count is {@code -N x --ntasks-per-node}
 * (22.05 sbatch {@code _opt_verify}, 24.11/26.05 {@code _job_create} "Implicitly set task count"), which makes
 * {@code --gpus-per-task} a job total and bounds the pick as {@code -n} does ({@link OvercommitTaskLayout}: 24.11.5
 * and 26.05.5 refuse {@code -N2 --ntasks-per-node=2 --gpus-per-task=1 -O}, 22.05.8 runs it, {@link
 * OvercommitSocketTasks}), and 26.05's one-node pick counts that task count too ({@link #oneNodeShortOfTaskGpus}).
 *
 * <p>Emulated since own probes c24o2 (blocks, 24.11.5 and 26.05.5) and c24o3 (tree, every release), o24p, every line
 * as the emulation gave it but c24o3 26.05 k5: c24o1's shapes on blocks go as on a tree ({@code eval_nodes_block}
 * reaches the same node test, task count and one-task layout; {@link PerSocketGpuRefusal#onBlocks} lets
 * {@code --gpus-per-socket} beside {@code --ntasks-per-node} through), and {@code --gpus-per-socket} without
 * {@code --ntasks-per-node} on a tree: sbatch's {@code _opt_verify} makes the task count {@code -N x
 * --sockets-per-node}, one task laid out a node with one GPU a socket; beside {@code -c} 22.05 lays one task of
 * {@code -c} CPUs, 24.11 waits for good ({@link #verdict}), and 26.05's {@code gres_job_state_validate} raises
 * {@code min_cpus} to {@code -c x num_tasks} so one node holds every task ({@link OvercommitTaskLayout#held}).
 * On blocks the option goes as on a tree without {@code --ntasks-per-node} too: own probe c25b1 (b25g) measured
 * {@code --gpus-per-socket} there without {@code -O}, c24o2 the {@code -O} shapes, and c26b1 (b26s) the pair itself
 * (k1-k5, 24.11.5 and 26.05.5: one task's CPU with a GPU a socket; beside {@code -c} 24.11 waits and 26.05 lays
 * out every task, {@link OvercommitTaskLayout#heldOnBlocks}). Own probe c26t1 (b26t, 24.11.5 and 26.05.5) measured
 * c25o1's {@code --gpus} and {@code --gpus-per-node} shapes beside {@code -c} on blocks: every line as on a tree.
 *
 * <p>Emulated since own probe c22o1 (o22v, predicted by hand; every line held in 22.05.8, 24.11.5 and 26.05.5):
 * memory options ({@code _can_job_run_on_node} tests the memory after {@code ntasks_per_node = 1}, so
 * {@code --mem-per-cpu} asks one CPU's memory of a node and may cut its CPUs to what the memory allows: k2 runs on
 * c2's last 1000 MB; {@link JobMemory} as without {@code -O}), {@code -m} block and cyclic ({@code one_task_per_node}
 * lays one task whatever the distribution) and node ranges without {@code -c} or GPUs (sbatch's {@code _opt_verify}
 * lowers the maximum to {@code -n}; the pick aims at that maximum and {@code _dist_tasks_compute_c_b} gives every node
 * it took one task while {@code tid < num_tasks}: {@link TaskDistribution#distributeTasks}). Own probe c22o2 (the
 * same, every line as predicted but for the blocker b2's CPUs, mispredicted by hand): {@code -m plane}
 * ({@code dist_tasks} takes {@code _compute_plane_dist} only {@code !one_task_per_node}) and node ranges beside
 * {@code -c}: one task of {@code -c} CPUs on each node of the pick in 22.05; 24.11 and 26.05 keep every task
 * ({@code tres_per_task}), so the range needs {@code -n} nodes ({@link OvercommitTaskLayout}) and waits past its
 * maximum ({@link #verdict}).
 *
 * <p>Emulated since own probe c25u1 (r25u, tree, every release; o25c lifted the refusal): {@code --ntasks-per-gpu}
 * beside {@code -c}, by the rules above and those without {@code -O}. 22.05.8 lays one task of {@code -c} CPUs
 * ({@code one_task_per_node}, p3 {@code -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2}: n3 CPUs 0-1); 26.05.5 keeps
 * every task ({@link OvercommitTaskLayout#raisesMinCpus}: p3 all of n3); {@code gres_select_filter_remove_unusable}
 * drops a node below {@code ntasks_per_gres x cpus_per_task} CPUs a GPU in all three (p2 waits, p4 refused "node").
 * 24.11.5 refuses a GPU total at its test-only pick ({@code _reduce_res_cores} leaves one task a node no GPU, see
 * {@link #verdict}: p2 "node", p5 "topology") and waits for good with {@code --gpus-per-node} (p3), whose GPUs that
 * cut skips ("Gres per node takes priority", {@code topology/common/eval_nodes.c}). On blocks the same since own
 * probe c26b1 (b26s, 24.11.5 and 26.05.5): {@code eval_nodes_block} counts each node through the same
 * {@code eval_nodes_gres} ({@link GresTaskCount}), so without {@code -c} ({@code min_cpus} 1, one task) a
 * {@code --ntasks-per-gpu=2} job gets no GPU anywhere and is refused (o1, o7), and 26.05 keeps every task of a
 * {@code -c} job ({@link OvercommitTaskLayout#heldOnBlocks}: o2, o3, o5 run on g1).
 *
 * <p>Emulated since own probes c22g1 (tree, every release) and c22g2 (block, 24.11.5 and 26.05.5), g22o, every line
 * as the emulation gave it (the hand predictions missed where a GPU total and a block's range fall): node ranges
 * beside GPUs (24.11/26.05 {@code eval_nodes_gres}, {@code topology/common/eval_nodes.c}, keeps at least one task
 * a node and asks {@code cpus_per_task} CPUs of it under overcommit; 22.05's {@code _select_cores},
 * {@code cons_tres/job_test.c}, gives a range {@code max_tasks_this_node = NO_VAL} and skips the CPU bound, and
 * {@code gres_select_filter_sock_core} then clears no core: one task's CPU a node as without the range; a GPU total
 * stops at the first node that holds it, c22g1 g2 {@code -N1-2 -n2 --gpus=2} on g1 alone), beside {@code -c} without
 * {@code -n} ({@code _get_task_count} counts {@code ncpus / cpus_per_task}, one task a node: c22g1 r1-r3), and on
 * blocks ranges, {@code --segment} and memory: {@code eval_nodes_block} sizes a range's pick by its minimum ("Always
 * use min_nodes", {@code rem_nodes = MIN(min_nodes, req_nodes)}, 24.11 and 26.05), so {@code -N1-2 -n2 -O} runs on
 * one node (c22g2 r1) and beside {@code -c} waits for good once {@code -n} passes that minimum ({@link #verdict} with
 * a block pick; c22g2 r4).
 */
final class Overcommit {
    private Overcommit() {
    }

    /** The refusal's text, or null when the job has no {@code -O} or a shape that is emulated. */
    static String refusal(JobRequest r, SlurmVersion version) {
        if (!r.overcommit()) {
            return null;
        }
        String with = unsupported(r, version);
        return with == null ? null : notEmulated(with, "no measured line has it");
    }

    /**
     * 24.11's and 26.05's answer to an {@code -O -c N} job with more tasks than nodes: {@code Resources} for good
     * when every node's core holds one task of {@code N} CPUs at most (its first task's CPUs leave no room for a
     * second), refused where a core's threads could hold more; null for every other job (22.05's, or a shape the
     * one-task-per-node layout covers).
     */
    static Suggestion verdict(Cluster cluster, JobRequest r, SlurmVersion version) {
        return verdict(cluster, r, version, false);
    }

    /**
     * {@link #verdict} where {@code blockPick} says the job goes through {@code eval_nodes_block}, which sizes a node
     * range's pick by its minimum ({@code rem_nodes = MIN(min_nodes, req_nodes)}, "Always use min_nodes",
     * {@code topology/block/eval_nodes_block.c}, 24.11.5 and 26.05): there the tasks past the minimum find no node
     * (own probe c22g2 r4, {@code -N1-2 -n2 -c2 -O}: Resources in 24.11.5 and 26.05.5, where a tree runs it on two).
     */
    static Suggestion verdict(Cluster cluster, JobRequest r, SlurmVersion version, boolean blockPick) {
        if (oneNodeShortOfTaskGpus(r, version)) {
            return new Suggestion.Impossible(SubmitPickCode.NODE);
        }
        if (!r.overcommit() || r.cpusPerTask() == null || !version.atLeast(SlurmVersion.V24_11)) {
            return null;
        }
        if (r.gpusPerTask() != null && r.gpusPerTask() > 0) {
            // the tree's evaluation counts one task a node and adds nodes for the tasks' GPUs (OvercommitTaskLayout;
            // own probe c18a1 p5, -n2 -c2 --gpus-per-task=1 -O, runs in 24.11.5 and 26.05.5)
            return null;
        }
        if (r.asksForGpus() && version.atLeast(SlurmVersion.V26_05)) {
            // 26.05 raises min_cpus to -c x num_tasks for a GPU job, so the pick holds every task
            // (OvercommitTaskLayout.held; own probes c24o3 k5, c25o1 a1-a8 run in 26.05.5 or are refused where the
            // tasks' CPUs pass the nodes', and wait Resources in 24.11.5). On blocks the same (own probes c26b1,
            // c26t1: OvercommitTaskLayout.heldOnBlocks)
            return null;
        }
        if (r.ntasksPerGpu() != null && r.gpusPerNode() == null && version == SlurmVersion.V24_11) {
            // 24.11's test-only pick finds no node for it: eval_nodes_gres -> _reduce_res_cores cuts a node's GPUs
            // to maxtasks / ntasks_per_gres, maxtasks being min_cpus (sbatch's MAX(min_nodes, 1) under -O, no
            // division by -c) less one task for each further node, so one task a node (TreeProgress.countTasks).
            // Refused as without -O (own probe c25u1 p2 "node", p5 "topology", 24.11.5); --gpus-per-node skips the
            // cut ("Gres per node takes priority") and waits below
            return null;
        }
        SlurmJobSpec job = SlurmJobSpec.of(r);
        if (!moreTasksThanNodes(r, blockPick)) {
            return null;
        }
        int threads = SlurmNode.of(cluster).stream().mapToInt(SlurmNode::threadsPerCore).max().orElse(1);
        if (job.cpusPerTask() < threads) {
            return new Suggestion.Impossible(notEmulated("-c below a core's threads",
                    "sbatch " + version.label() + " makes -c a per-task TRES, and a core's threads may hold more than"
                            + " one task"));
        }
        return new Suggestion.Pending(PendingReason.RESOURCES, r.name() + " asks -O with -c: Slurm "
                + version.label() + " lays out all its " + job.boundingTasks() + " tasks on one task's CPUs a node"
                + " (-c is a per-task TRES there) and fails it in every pass");
    }

    /**
     * 26.05's one-node pick refuses a {@code -N1 -n K --gpus-per-task=G -O} job (K > 1) on every node. cons_tres
     * {@code _select_nodes} takes {@code _get_one_res} for {@code max_nodes == 1} ({@code topology_p_allow_one_node}
     * is true for tree and block), which tests each node with {@code common_test_node}
     * ({@code topology/common/common_topo.c}): {@code maxtasks = eval_nodes_set_max_tasks(rem_max_cpus)} is
     * {@code min_cpus} itself under overcommit, and sbatch's {@code min_cpus} for {@code -O} is
     * {@code MAX(min_nodes, 1)} = 1; {@code eval_nodes_gres} ({@code topology/common/eval_nodes.c}) then calls
     * {@code _reduce_res_cores} (1 task below {@code gres_max_tasks}), which cuts the node's GPUs to
     * {@code max_gres = 1 x G}, all {@code gres_sched_add} credits, and {@code gres_sched_test} wants K x G: every
     * node fails, {@code SLURM_ERROR}, so "Requested node configuration is not available". K is the job's task
     * count, {@code -n} or {@code -N x --ntasks-per-node} ({@code _job_create}, "Implicitly set task count"; own probe
     * c24o1 p2, {@code -N1 --ntasks-per-node=2 --gpus-per-task=1 -O}, REJECTED by 26.05.5). 24.11 goes through
     * {@code common_topo_choose_nodes} instead ({@link OvercommitTaskLayout}). Own probes c18a1 p2 (tree) and c23o1
     * p4 (blocks), 26.05.5 REJECTED.
     */
    static boolean oneNodeShortOfTaskGpus(JobRequest r, SlurmVersion version) {
        return r.overcommit() && r.gpusPerTask() != null && r.gpusPerTask() > 0
                && version.atLeast(SlurmVersion.V26_05)
                && Integer.valueOf(1).equals(r.maxNodes() != null ? r.maxNodes() : r.minNodes())
                && tasks(r) != null && tasks(r) > Math.max(1, r.minNodes() == null ? 1 : r.minNodes());
    }

    private static Integer tasks(JobRequest r) {
        return SlurmJobSpec.of(r).overcommitTasks();
    }

    /**
     * More {@code -n} tasks than the most nodes the job may get: {@code -N}'s maximum (sbatch's {@code _opt_verify}
     * lowers it to {@code -n}), else its node count; a range's pick aims at that maximum, so the one task a node of
     * a per-task TRES leaves tasks over only past it (c22o2 c1: {@code -N2-3 -n3 -c2} runs, c2: {@code -N2-4 -n6
     * -c2} waits, 24.11.5 and 26.05.5).
     */
    private static boolean moreTasksThanNodes(JobRequest r) {
        return moreTasksThanNodes(r, false);
    }

    /** As {@link #moreTasksThanNodes(JobRequest)}; a block pick takes a range's minimum ({@code eval_nodes_block}). */
    private static boolean moreTasksThanNodes(JobRequest r, boolean blockPick) {
        SlurmJobSpec job = SlurmJobSpec.of(r);
        if (job.boundingTasks() == null) {
            return false;
        }
        int most = job.maxNodes() != null && !blockPick ? job.maxNodes() : job.minNodes();
        return job.boundingTasks() > Math.max(most, job.minNodes());
    }

    private static String notEmulated(String with, String why) {
        return "-O/--overcommit with " + with + " changes where Slurm places the job and is not emulated (" + why + ")";
    }

    private static String unsupported(JobRequest r, SlurmVersion version) {
        if (r.asksForGpus() && r.cpusPerGpu() != null && r.gpus() == null && r.gpusPerNode() == null) {
            // 24.11/26.05 with a GPU total (GresSchedCpus; c16d1 g4, c16g1 h1-h8) or --gpus-per-node (c16g1 r1)
            // are read and measured; 22.05 puts the one task's CPU apart from the GPUs it picks (c16g1 h1: CPU 0
            // beside GPU 2), not traced
            return "--cpus-per-gpu";
        }
        if (r.asksForGpus() && r.enforceBinding()
                && (version == SlurmVersion.V24_11 || version == SlurmVersion.V22_05 && r.gpus() != null)) {
            // measured and followed by the rules without -O: 22.05.8 keeps one CPU a node with --gpus-per-node (its
            // dist_tasks_gres_min_cpus goes no further than the CPUs _cpus_to_use gave; c16g1 r5, c17b1 k10) and
            // 26.05.5 raises the node to its GPUs' socket cores (r5, k2, k3, k10). Not traced: 24.11.5 keeps CPU 0
            // with --gpus-per-node (r5, k10) and gives k2 a core fewer than that rule, and 22.05.8 puts a GPU total's
            // one task beside GPU 0 on CPU 0 where the replay takes socket 1 (k2, k3)
            return "GPUs and enforce-binding";
        }
        if (r.threadsPerCore() != null) {
            return "--threads-per-core (or --hint)";
        }
        if (r.exclusiveTopo()) {
            return "--exclusive=topo";
        }
        boolean tresPerTaskCpus = r.cpusPerTask() != null && version.atLeast(SlurmVersion.V24_11);
        if (r.distribution() != null && r.distribution().planeSize() != null && tresPerTaskCpus
                && !moreTasksThanNodes(r)) {
            // one_task_per_node skips _compute_plane_dist (c22o2 p1, p2, c5), but 24.11's -c in tres_per_task
            // keeps the plane layout of every task; past the nodes the job waits for good (verdict, c22o2 p3)
            return "-m plane beside -c";
        }
        // --segment (own probe c22g2 s1, 24.11.5 and 26.05.5: eval_nodes_block's segments as without -O) and node
        // ranges beside GPUs or beside -c without -n (own probe c22g1, every release) are emulated: see the Javadoc
        return null;
    }
}
