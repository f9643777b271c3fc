package org.topoplanner.allocator.slurm;

/**
 * The GPUs one tested node adds to 26.05's one-node sum ({@link SlurmBlockPolicy#oneNodeGpusAddUp}).
 * {@code _get_one_res} (26.05 cons_tres {@code job_test.c}) skips a node whose {@code _can_job_run_on_node} leaves
 * no CPU ({@code !avail_res_array[i]->avail_cpus}), and that count is already lowered by a per-CPU memory figure
 * (the {@code MEM_PER_CPU} branch, {@link PerCpuMemory}; sbatch's test reads every node's memory as free). The node
 * then reaches {@code common_test_node}, whose {@code eval_nodes_select_cores} runs the GPU filter
 * ({@code _foreach_gres_filter_sock_core}, topology/common {@code gres_filter.c}): with no own {@code cpus_per_gres}
 * and no {@code ntasks_per_gres} it reads {@code def_cpus_per_gres} (the partition's {@code DefCpuPerGPU}) and cuts
 * the node's count to {@code avail_cpus / cpus_per_gres}; that count is what {@code gres_sched_add} adds. Own probe
 * c26e1 (26.05.5, 8-core 16000 MB nodes of 2 GPUs): {@code -p d6 -N1 --gpus=3 -x n3,n4} (8 / 6 = 1 GPU a node) and
 * {@code -p d3 -N1 --gpus=3 --mem-per-cpu=3000 -x n3,n4} (5 CPUs by memory, 5 / 3 = 1) are refused, the same jobs on
 * three nodes wait with {@code Resources}.
 */
final class OneNodeSumGpus {
    private OneNodeSumGpus() {
    }

    /** Node {@code n}'s share of the sum for {@code job}; {@code memory} null where no per-CPU figure applies. */
    static long of(SlurmNode n, SlurmJobSpec job, PerCpuMemory.Table memory) {
        long gpus = n.gpus().stream().filter(g -> job.gpuType() == null || job.gpuType().equals(g.type())).count();
        int cpus = memory == null ? n.cpus() : memory.of(n).lower(n.cpus(), job.cpusPerTask(), job.ntasksPerNode());
        if (cpus == 0) {
            return 0;
        }
        Integer defaultPerGpu = job.ownCpusPerGpu() == null ? job.cpusPerGpu() : null;
        return defaultPerGpu == null || defaultPerGpu <= 0 ? gpus : Math.min(gpus, cpus / defaultPerGpu);
    }
}
