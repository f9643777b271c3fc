package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What 24.11 and 26.05 lay out for an {@code -O --gpus-per-task} job: every one of its {@code -n} tasks, each node
 * counted for the tasks {@code maxtasks} still holds, not one task a node.
 *
 * <p>sbatch sends {@code min_cpus = MAX(min_nodes, 1)} under {@code -O} ({@code slurm_opt_create_job_desc},
 * {@code common/slurm_opt.c}) and {@code gres_job_state_validate} makes the job a GPU total, {@code gres_per_job =
 * num_tasks x gres_per_task} ({@code interfaces/gres.c}). The tree evaluation ({@code eval_nodes_tree.c}) starts
 * {@code maxtasks} at {@code eval_nodes_set_max_tasks(rem_max_cpus)} = {@code min_cpus} (no division by {@code -c}
 * under {@code -O}); {@code eval_nodes_gres} ({@code topology/common/eval_nodes.c}) counts a node for its remaining
 * tasks less one kept for each further node, not bounded by its CPUs under {@code -O}, and
 * {@code _reduce_res_core_by_task_cnt} -> {@code _reduce_res_cores} drops the node's GPU count
 * ({@code sock_gres->total_cnt}) to {@code maxtasks x gres_per_task}, all {@code gres_sched_add} then credits
 * ({@link TreeProgress}). So each node of an {@code -n N --gpus-per-task=G -O} job gives {@code G} GPUs, and the job
 * spreads over {@code N} nodes, one task a node; with {@code tres_per_task} set, {@code one_task_per_node} is off in
 * {@code dist_tasks} ({@code cons_tres/dist_tasks.c}), which lays out all {@code N} tasks on the CPUs
 * {@code eval_nodes_cpus_to_use} left (one task's a node) and fails a job with more tasks than its nodes hold
 * ({@code ESLURM_BAD_TASK_COUNT}): sbatch's test then refuses it. Own probes c16g1 r2, c18a1 p4 (24.11.5 and
 * 26.05.5: one task with its GPUs on g1 and on g2), c16d1 g3, c18a1 p2, p6 (refused: more tasks than GPU nodes, or
 * than {@code -N}), c26l7 o5 (24.11.5: g1 and u1).
 *
 * <p>26.05's {@code gres_job_state_validate} ends by raising {@code min_cpus} to {@code cpus_per_task x num_tasks}
 * when {@code -c} is given, so there {@code maxtasks} holds every task and one node takes them (c18a1 p5, {@code
 * -n2 -c2 --gpus-per-task=1 -O}: g1 CPUs 0-3 in 26.05.5, g1 and g2 CPUs 0-1 in 24.11.5). The raise is for any GRES
 * job ({@code gres_job_state_validate}, {@code interfaces/gres.c}, 26.05), so a {@code --gpus-per-socket -c} job
 * keeps its {@code -N x --sockets-per-node} tasks too (own probe c24o3 k5: g1 CPUs 0,1,4,5 in 26.05.5; 24.11.5 waits
 * {@code Resources}), on a tree and on blocks ({@link #heldOnBlocks}).
 */
final class OvercommitTaskLayout {
    private OvercommitTaskLayout() {
    }

    /** {@code job} laid out with all its tasks where {@code version} does so for {@code r}, or {@code job}. */
    static SlurmJobSpec held(SlurmJobSpec job, JobRequest r, SlurmVersion version) {
        if (version.atLeast(SlurmVersion.V24_11) && job.overcommitTasks() != null && job.gpusPerTask() == null
                && r.cpusPerTask() != null && job.maxNodes() != null && job.maxNodes() > job.minNodes()
                && job.overcommitTasks() <= job.maxNodes()) {
            // -c is a per-task TRES here, so dist_tasks keeps all -n tasks, one a node (each node cut to one task's
            // CPUs): a node range runs only where its pick takes -n nodes, the maximum sbatch lowered to -n, and
            // fails the pass (ESLURM_BAD_TASK_COUNT) where it settles for fewer. Own probe c22o2 c1, c3, c4 (24.11.5
            // and 26.05.5: -N2-3 -n3 -c2 on three nodes, two CPUs each); past the maximum Overcommit.verdict waits
            return job.withMinNodes(job.maxNodes());
        }
        if (raisesMinCpus(job, r, version) && job.gpusPerTask() == null) {
            // 26.05's gres_job_state_validate raises min_cpus to -c x num_tasks for any GRES job, so maxtasks holds
            // every task, each with its -c CPUs. --gpus-per-socket: the task count is -N x --sockets-per-node
            // (sbatch _opt_verify), one task a socket (own probe c24o3 k5, -N1 --sockets-per-node=2
            // --gpus-per-socket=1 -c2 -O: g1 CPUs 0,1,4,5 in 26.05.5). --gpus-per-node or --gpus: own probe c25o1
            // (a1 a2 -N1 -n2 -c2: g1 CPUs 0-3; a4 -N2 -n4 -c3: CPUs 0-5 a node; a3, a6 refused where -c x -n passes
            // the nodes' CPUs). 24.11.5 waits Resources for all of them (Overcommit.verdict)
            return job.withAllOvercommitTasks(r.cpusPerTask() * job.overcommitTasks());
        }
        if (!version.atLeast(SlurmVersion.V24_11) || job.overcommitTasks() == null || job.gpusPerTask() == null) {
            return job;
        }
        long minCpus = PartitionCpuTotal.sbatchMinCpus(r);
        if (version.atLeast(SlurmVersion.V26_05) && r.cpusPerTask() != null) {
            minCpus = Math.max(minCpus, (long) r.cpusPerTask() * job.overcommitTasks());
        }
        return job.withAllOvercommitTasks((int) minCpus);
    }

    /**
     * Whether 26.05's {@code gres_job_state_validate} ({@code interfaces/gres.c}) raises this {@code -O} job's
     * {@code min_cpus} to {@code cpus_per_task x num_tasks}: it does so for every job with a GRES list and {@code -c}
     * ({@code cpus_per_task != NO_VAL16}), after sbatch's {@code min_cpus = MAX(min_nodes, 1)}. 24.11.5's and
     * 22.05.8's versions of the function raise {@code min_cpus} for {@code cpus_per_gres} only.
     */
    static boolean raisesMinCpus(SlurmJobSpec job, JobRequest r, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) && job.overcommitTasks() != null && r.cpusPerTask() != null
                && r.asksForGpus();
    }

    /**
     * {@link #held} for the block plugin: the {@code --gpus-per-task} layout, and 26.05's raised {@code min_cpus} for
     * every {@code -O -c} GPU job ({@link #heldOnBlocks}). {@code eval_nodes_block}
     * ({@code topology/block/eval_nodes_block.c}, 24.11.5 and 26.05) starts {@code maxtasks} at the same
     * {@code eval_nodes_set_max_tasks(rem_max_cpus)} and counts each node through the same
     * {@code eval_nodes_cpus_to_use} as the tree, against the same {@code gres_per_job = num_tasks x gres_per_task};
     * {@code gres_job_state_validate} raises {@code min_cpus} before any topology is read.
     */
    static SlurmJobSpec gpuTasksHeld(SlurmJobSpec job, JobRequest r, SlurmVersion version) {
        return job.gpusPerTask() == null && !heldOnBlocks(r) ? job : held(job, r, version);
    }

    /**
     * Whether an {@code -O -c} GPU job other than {@code --gpus-per-task} keeps every task on blocks in 26.05 as on a
     * tree: {@code gres_job_state_validate} raises {@code min_cpus} for any GRES job before {@code eval_nodes_block}
     * runs, so every GPU option counts. Measured on blocks by own probes c26b1 ({@code --gpus-per-socket} k5,
     * {@code --ntasks-per-gpu} o2, o3, o5) and c26t1 ({@code --gpus} and {@code --gpus-per-node}, 26.05.5: t1 {@code
     * -N1 -n2 -c2 --gpus-per-node=1 -O} on g1 CPUs 0-3, t4 {@code -N2 -n4 -c3} CPUs 0-5 a node, t3 and t6 refused
     * where {@code -c x -n} passes the CPUs of the nodes a block offers, t12 on s1's six CPUs beside a busy g1).
     */
    static boolean heldOnBlocks(JobRequest r) {
        return r.overcommit() && r.cpusPerTask() != null && r.asksForGpus();
    }
}
