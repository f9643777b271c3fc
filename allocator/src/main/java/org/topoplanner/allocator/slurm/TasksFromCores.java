package org.topoplanner.allocator.slurm;

/**
 * The tasks a job run under {@code CR_CPU} has on each of its nodes, read back from the whole cores its placement
 * shows there. Under {@code CR_CPU} a node's {@code job_resources.cpus} is the CPUs {@code dist_tasks} gave its
 * tasks ({@code _dist_tasks_compute_c_b}, 24.11.5 and 26.05 {@code cons_tres/dist_tasks.c}; 22.05.8's
 * {@code cons_tres/dist_tasks.c} {@code dist_tasks_compute_c_b}, called from {@code cons_common}'s
 * {@code dist_tasks}), not rounded up to whole cores: only {@code CR_Core} ({@code alloc_cores}) sets it to
 * {@code core_cnt * tpc} in {@code _block_sync_core_bitmap} / {@code _cyclic_sync_core_bitmap}; the memory loop of
 * {@code _job_test} charges {@code job_resources_get_node_cpu_cnt} of it. The CPU ids {@code scontrol} shows are whole cores all the same, so a node
 * showing {@code given} CPUs on cores of {@code tpc} threads holds between {@code given - tpc + 1} and {@code given}
 * of them. {@code dist_tasks} does not deal the tasks evenly: one per node, then each node up to its
 * {@code avail_cpus} in node order, so a node with few free CPUs gets fewer (p11c's mem2b seed 5558292:
 * {@code -n6 -c3} is 2 + 3 + 1 tasks on g1, g2 and t2). Each node's count is the one whose CPUs fall in that window;
 * where a window holds more than one (fewer CPUs per task than threads per core), the tasks left after every node's
 * least are given in node order, as {@code dist_tasks} walks the nodes; that may miss Slurm's split where memory capped
 * a node's {@code avail_cpus} (property seed -7309, own probe c12b1), so a placement slurm-tree made carries the count
 * itself ({@link org.topoplanner.model.job.HostAllocation#countedCpus}) and this read-back serves the placements
 * without it (read from a file, moved by hand, the planner's own search).
 */
final class TasksFromCores {
    private TasksFromCores() {
    }

    /**
     * Per host of the placement (in its order, Slurm's node table order), the tasks that fit the CPUs {@code shown}
     * there on cores of {@code threads[k]} threads, {@code tasks} in all, {@code cpusPerTask} each; {@code null}
     * when no such split exists (a node's CPUs raised past its tasks, e.g. to its GPUs' cores, or 22.05's
     * over-subscribed layout): the caller then keeps its own estimate.
     */
    static int[] split(int[] shown, int[] threads, int tasks, int cpusPerTask) {
        int hosts = shown.length;
        int[] least = new int[hosts];
        int[] most = new int[hosts];
        long sumLeast = 0;
        long sumMost = 0;
        for (int k = 0; k < hosts; k++) {
            int lo = Math.max(1, shown[k] - threads[k] + 1);
            least[k] = (lo + cpusPerTask - 1) / cpusPerTask;
            most[k] = shown[k] / cpusPerTask;
            if (least[k] > most[k]) {
                return null;
            }
            sumLeast += least[k];
            sumMost += most[k];
        }
        if (sumLeast > tasks || sumMost < tasks) {
            return null;
        }
        int[] out = least.clone();
        long left = tasks - sumLeast;
        for (int k = 0; k < hosts && left > 0; k++) {
            int more = (int) Math.min(left, most[k] - least[k]);
            out[k] += more;
            left -= more;
        }
        return out;
    }
}
