package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

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
 *
 * <p>A per-GPU memory figure ({@code --mem-per-gpu}, else {@code DefMemPerGPU}) cuts the share before that: the
 * node's GPU filter ({@code _foreach_remove_unusable}, cons_tres {@code gres_select_filter.c}, 26.05) sets
 * {@code sock_gres->total_cnt} to at most {@code avail_mem / mem_per_gres} (sbatch's test reads {@code avail_mem} as
 * the node's {@code RealMemory} less {@code MemSpecLimit}) and fails a node whose memory is below one GPU's figure
 * ("Insufficient memory for any GRES"), and {@code total_cnt} is what {@code gres_sched_add} adds. Own probe c27g2
 * (26.05.5, 4-CPU 2-GPU nodes of 16000, 8000, 8000 and 4000 MB): {@code -N1 --gpus=3 --mem-per-gpu=5000 -x n1} (1 +
 * 1 + none) and {@code -N1 --gpus=2 --mem-per-gpu=8000 -x n1,n3} (1 + none) are refused.
 *
 * <p>Without {@code --mem-per-gpu} the figure is {@code def_mem_per_gres}, which {@code _set_gpu_defaults} (26.05
 * cons_tres {@code job_test.c}) sets on every GPU job: the partition's {@code DefMemPerGPU}, else the cluster's, also
 * for a job with {@code --mem} or {@code --mem=0} (the filter reads it whatever {@code JOB_MEM_SET} says) and in a
 * partition with its own {@code DefMemPerCPU} (its "mutually exclusive" test only skips the cluster line's list, and
 * the global {@code def_mem_per_gpu} that {@code select_p_reconfigure} read from that line comes next). Own probe
 * c28g1 (26.05.5, the c27g2 nodes, cluster {@code DefMemPerGPU=5000}, p3 3000, pc {@code DefMemPerCPU=100}): {@code
 * -N1 --gpus=3 -x n1} refused with and without {@code --mem=0} or {@code --mem=100} and in pc (1 + 1 + none), {@code
 * -p p3 -N1 --gpus=3 -x n1} and {@code -p p3 -N1 --gpus=5 -x n1} (2 + 2 + 1) wait {@code Resources}, {@code -p p3
 * --mem-per-gpu=5000} refused again.
 */
final class OneNodeSumGpus {
    private OneNodeSumGpus() {
    }

    /**
     * Node {@code n}'s share of the sum for {@code job}; {@code memory} null where no per-CPU figure applies,
     * {@code heldForMemory} the node's GPUs its memory cannot serve at the per-GPU figure
     * ({@link FreeMemory#gpusHeldForMemory}), null where none.
     */
    static long of(SlurmNode n, SlurmJobSpec job, PerCpuMemory.Table memory, BitSet heldForMemory,
                   SlurmVersion version) {
        long gpus = n.gpus().stream().filter(g -> job.gpuType() == null || job.gpuType().equals(g.type())).count();
        if (heldForMemory != null) {
            // total_cnt = MIN(total_cnt, avail_mem / mem_per_gres): the stand-in holds all the node's GPUs past that
            gpus = Math.min(gpus, n.gpus().size() - heldForMemory.cardinality());
        }
        if (gpus == 0) {
            return 0;
        }
        PerCpuMemory perCpu = memory == null ? PerCpuMemory.NONE : memory.of(n);
        int cpus = memory == null ? n.cpus() : perCpu.lower(n.cpus(), job.cpusPerTask(), job.ntasksPerNode());
        if (cpus == 0) {
            return 0;
        }
        if (CoreFilter.select(n, NodeUse.idle(n, job).withMemory(perCpu), job, false, job.enforceBinding(), version)
                == null) {
            // eval_nodes_select_cores left the node no task (the GPU filter's required cores past its cores:
            // gres_filter_sock_core "req_cores > avail_cores_tot"), so avail_cpus is 0 and eval_nodes_cpus_to_use
            // never reaches gres_sched_add. Own probe c27g2 m10 (-N1 -n12 --gpus=3 -O on 4-core nodes of 2 GPUs:
            // 11 tasks cores on every node), refused by 26.05.5
            return 0;
        }
        Integer defaultPerGpu = job.ownCpusPerGpu() == null ? job.cpusPerGpu() : null;
        return defaultPerGpu == null || defaultPerGpu <= 0 ? gpus : Math.min(gpus, cpus / defaultPerGpu);
    }
}
