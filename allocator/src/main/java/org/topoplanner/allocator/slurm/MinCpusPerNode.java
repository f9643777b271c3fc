package org.topoplanner.allocator.slurm;

/**
 * The CPUs a node must offer before cons_tres hands it to the topology step: {@code min_cpus_per_node} of
 * {@code _can_job_run_on_node} ({@code select/cons_tres/job_test.c}, the same lines in 22.05.8, 24.11.5 and 26.05.5).
 * It is {@code cpus_per_task} times the node's task share: {@code --ntasks-per-node}, else one task under {@code -O}
 * ({@code details->overcommit}), else the job's whole task count when the job may use one node only
 * ({@code details->max_nodes == 1}, an {@code -N1}), else one task. Own probe c26c1 (22.05.8: {@code -N1 -n6 -c2 -O}
 * on an idle four-CPU node and {@code -N1 -n3 -c2 -O} on two free CPUs run on two CPUs, {@code -w c1 -N1 -n4 -O}
 * on one free CPU runs; {@code -N2 --ntasks-per-node=2 -O} skips a node with one free CPU). A node
 * whose {@code avail_res->avail_cpus} (what {@code _allocate_sc} left: whole tasks for a job without GRES from 24.11
 * on, every free CPU of the sockets {@code --ntasks-per-socket} lets through for one with GRES) is below it gets no
 * resources, so it is out of the node map before any evaluation, and the retry never counts it.
 *
 * <p>Own probe s24g1 (fuzz56 p12, {@code -N1 -n3 --ntasks-per-socket=1 -c3}, real 24.11.5 with
 * {@code DebugFlags=SelectType}): the weight list holds only the four-socket nodes f1, f2, f3, f5 (a two-socket node
 * offers two tasks, 6 CPUs, under 9), so the one evaluation takes leaf1's lone f3. The replay had kept the two-socket
 * a1 (weight 1) in the map: its failed evaluations sent the job to the retry, whose rounds left leaf0 as full as
 * leaf1 and took f1.
 */
final class MinCpusPerNode {
    private MinCpusPerNode() {
    }

    /** {@code min_cpus_per_node} for {@code job} (exclusive jobs are given whole nodes and not asked). */
    static int of(SlurmJobSpec job) {
        int tasks = 1;
        if (job.ntasksPerNode() != null) {
            tasks = job.ntasksPerNode();
        } else if (job.overcommitTasks() != null) {
            // "else if (job_ptr->details->overcommit) ntasks_per_node = 1", before the one-node case: an -O job laid
            // out with all its tasks (OvercommitTaskLayout: 24.11/26.05 --gpus-per-task, 26.05's raised min_cpus)
            // still asks one task's CPUs of a node here
            tasks = 1;
        } else if (job.maxNodes() != null && job.maxNodes() == 1 && job.ntasks() != null && job.ntasks() > 0) {
            tasks = job.ntasks();
        }
        return tasks * job.cpusPerTask();
    }
}
