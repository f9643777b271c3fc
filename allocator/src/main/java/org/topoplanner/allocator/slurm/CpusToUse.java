package org.topoplanner.allocator.slurm;

/**
 * How many CPUs a node gives a job as the selection adds it: Slurm's {@code _cpus_to_use}
 * ({@code select/cons_tres}; 24.11 {@code eval_nodes_cpus_to_use}). A node never gives more than
 * the job still needs after one CPU is kept back for each further node, but at least the job's
 * per-node minimum. The need starts at {@code _get_rem_max_cpus}: the job's CPU count, or the CPUs
 * its per-node or per-job GPU request asks for, if more.
 *
 * <p>Why it matters: the tasks are then dealt out within these counts. Own case hetero h1j
 * ({@code -n40} on empty 32-core nodes, one core of the first busy): the first node gives its 31
 * free CPUs and the second only the 9 still needed, so the CPU ids are 1-31 and 0-4,16-19, not 20
 * and 20 (both 22.05.8 and 24.11.5).
 */
final class CpusToUse {
    private CpusToUse() {
    }

    /**
     * Slurm's {@code rem_max_cpus} before any node is added ({@code _get_rem_max_cpus}, 24.11 and 26.05
     * {@code eval_nodes_get_rem_max_cpus}): {@code minCpus} ({@code details->min_cpus}, {@link JobCpuCounts#minCpus}),
     * raised to {@code min_gres_cpu} x {@code remNodes} and to {@code min_job_gres_cpu}, both of which read a
     * partition's {@code DefCpuPerGPU}.
     */
    static long initialBudget(SlurmJobSpec job, int minCpus, int remNodes) {
        long budget = minCpus;
        int perNodeGpuCpus = minGresCpus(job);
        if (perNodeGpuCpus > 0) {
            budget = Math.max(budget, (long) perNodeGpuCpus * Math.max(remNodes, 0));
        }
        return Math.max(budget, JobCpuCounts.minJobGresCpu(job));
    }

    /**
     * The CPUs node {@code node} gives when it offers {@code offered}, {@code budget} CPUs are
     * still wanted and {@code remNodes} nodes (this one included) are still to come.
     */
    static int limit(int offered, long budget, int remNodes, SlurmJobSpec job, SlurmNode node) {
        return limit(offered, budget, remNodes, job, node, 0);
    }

    /**
     * As {@link #limit(int, long, int, SlurmJobSpec, SlurmNode)}, with the node's own {@code gres_min_cpus} (the
     * cores its GPUs need, from the core filter; 0 for none): 24.11's {@code eval_nodes_cpus_to_use} never lowers
     * a node below it, and takes the job's {@code min_gres_cpu} only where the node has none.
     */
    static int limit(int offered, long budget, int remNodes, SlurmJobSpec job, SlurmNode node, int nodeGresMinCpus) {
        if (!lowers(offered, budget, remNodes, job, node)) {
            return offered; // whole_node (the job uses everything on the node), or no more than the job still wants
        }
        long left = budget - (long) Math.max(remNodes - 1, 0) * node.threadsPerCore();
        long floor = Math.max(left, job.pnMinCpus());
        floor = Math.max(floor, nodeGresMinCpus > 0 ? nodeGresMinCpus : minGresCpus(job));
        return (int) Math.max(0, Math.min(offered, floor));
    }

    /**
     * Whether {@code _cpus_to_use} takes its {@code *avail_cpus > rem_max_cpus} branch for the node, the one that
     * writes the count into {@code avail_res->avail_cpus}: then the count is the job's need (at least
     * {@code pn_min_cpus}), which can equal what the node offered. Not for {@code --exclusive} ({@code whole_node}).
     */
    static boolean lowers(int offered, long budget, int remNodes, SlurmJobSpec job, SlurmNode node) {
        long left = budget - (long) Math.max(remNodes - 1, 0) * node.threadsPerCore();
        return !job.exclusive() && offered > left;
    }

    /**
     * Slurm's {@code min_gres_cpu}, the CPUs one node's GPUs ask for with {@code --cpus-per-gpu}
     * ({@code gres_select_util_job_min_cpu_node}, the same in 22.05, 24.11 and 26.05): {@code --gpus-per-node}
     * times the CPUs per GPU; {@code --gpus-per-task} times the user's {@code --ntasks-per-node} (0 when not given,
     * so no floor); a {@code --gpus=N} job counts one GPU, since every node it takes holds at least one.
     */
    static int minGresCpus(SlurmJobSpec job) {
        if (job.cpusPerGpu() == null) {
            return 0;
        }
        int gpus;
        if (job.gpusPerNode() != null) {
            gpus = job.gpusPerNode();
        } else if (job.gpusPerTask() != null) {
            gpus = job.gpusPerTask() * (job.ntasksPerNode() != null ? job.ntasksPerNode() : 0);
        } else {
            gpus = job.gpusPerJob() != null ? 1 : 0;
        }
        return gpus * job.cpusPerGpu();
    }
}
