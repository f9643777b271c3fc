package org.topoplanner.allocator.slurm;

/**
 * An {@code --exclusive} job takes every GPU of its node, so the node must have CPUs for all of them.
 * {@code gres_select_filter_remove_unusable} (22.05 {@code select/cons_common/gres_select_filter.c}, 24.11
 * {@code select/cons_tres/gres_select_filter.c}, 26.05 the same file's {@code _foreach_remove_unusable}) sets
 * {@code min_gres} to the node's {@code sock_gres->total_cnt} for {@code whole_node} and caps {@code max_node_gres}
 * at {@code cpu_cnt / cpus_per_gres} (the job's core map times {@code cpus_per_core}; skipped for a whole-node
 * {@code --ntasks-per-gpu}: "Avoid max_node_gres with ntasks_per_gres and whole node"); a cap below
 * {@code min_gres} rules the node out ("min_gres ... is > max_node_gres"). Lead case blockfz47 k10
 * ({@code -N3 --gpus-per-node=4 --exclusive --cpus-per-gpu=6}): a node of 8 GPUs and 32 CPUs would need 48, so of
 * block b4 only m7 and m8 (4 GPUs, 48 CPUs) are left and the job waits (24.11.5 Resources, 26.05.5
 * "No suitable topology unit found").
 */
final class WholeNodeGres {
    private WholeNodeGres() {
    }

    /**
     * Whether a node with {@code nodeGpus} free GPUs ({@code total_cnt}) and {@code coreMapCpus} CPUs in the job's
     * core map keeps {@code job}: always for a job that does not ask for the node whole or sets no CPUs per GPU.
     */
    static boolean fits(long nodeGpus, SlurmJobSpec job, int coreMapCpus) {
        if (!job.exclusive()) {
            return true;
        }
        int cpusPerGres = job.maxNodeGresCpusPerGpu();
        if (cpusPerGres <= 0) {
            return true;
        }
        long maxGres = coreMapCpus / cpusPerGres;
        return maxGres > 0 && maxGres >= nodeGpus;
    }
}
