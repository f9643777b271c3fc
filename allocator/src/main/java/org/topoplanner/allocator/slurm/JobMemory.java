package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * What one job asks of each node's memory where memory is consumable, once slurmctld has given it its defaults.
 * {@code _validate_job_desc} ({@code job_mgr.c}; 26.05 through {@code _get_def_mem}) sets a job without
 * {@code --mem}/{@code --mem-per-cpu} to the partition's {@code DefMemPerCPU}/{@code DefMemPerNode}, else the
 * cluster's, else 0; {@code --mem-per-cpu=0} is mapped to {@code --mem=0}. cons_tres {@code _verify_node_state}
 * ({@code job_test.c}) then drops that default for a job with a per-GPU memory ({@code --mem-per-gpu}, or
 * {@code DefMemPerGPU} on a GPU job: {@code gres_select_util_job_mem_max}) unless the user set memory
 * ({@code JOB_MEM_SET}). What is left is what the node must have free and what the job then holds there
 * ({@code _job_test}'s {@code memory_allocated} loop, or {@code gres_select_util_job_mem_set}). The same code in
 * 22.05, 24.11 and 26.05.
 */
sealed interface JobMemory {

    /** {@code --mem=N} or {@code DefMemPerNode}: N MiB on each node. */
    record PerNode(long mib) implements JobMemory {
    }

    /** {@code --mem-per-cpu=N} or {@code DefMemPerCPU}: N MiB per CPU the job gets on the node. */
    record PerCpu(long mib) implements JobMemory {
    }

    /** {@code --mem-per-gpu=N} or {@code DefMemPerGPU} without {@code --mem}: N MiB per GPU on the node. */
    record PerGpu(long mib) implements JobMemory {
    }

    /**
     * {@code pn_min_memory} 0 ({@code --mem=0}, or no option and no default): the node's whole memory, so only on
     * a node where no job holds any ({@code _verify_node_state}: "all memory requested").
     */
    record WholeNode() implements JobMemory {
    }

    /** The defaults of the job's partition (its line first, then the cluster's keys). */
    record Defaults(Long perCpu, Long perNode, Long perGpu) {
        static final Defaults NONE = new Defaults(null, null, null);
    }

    static JobMemory of(JobRequest r, Defaults d) {
        if (r.memMiB() != null) {
            return r.memMiB() == 0 ? new WholeNode() : new PerNode(r.memMiB());
        }
        if (r.memPerCpuMiB() != null) {
            return r.memPerCpuMiB() == 0 ? new WholeNode() : new PerCpu(r.memPerCpuMiB());
        }
        Long perGpu = perGpu(r, d);
        if (perGpu != null && perGpu > 0) {
            return new PerGpu(perGpu);
        }
        if (d.perCpu() != null) {
            return new PerCpu(d.perCpu());
        }
        return d.perNode() != null ? new PerNode(d.perNode()) : new WholeNode();
    }

    /**
     * The {@code mem_per_gres} the GPU filter uses ({@code gres_select_filter_cons_res}: {@code --mem-per-gpu},
     * else {@code def_mem_per_gres}, which {@code _set_gpu_defaults} sets on every GPU job from
     * {@code DefMemPerGPU} whether or not it gave {@code --mem}); null when there is none.
     */
    static Long perGpu(JobRequest r, Defaults d) {
        if (r.memPerGpuMiB() != null) {
            return r.memPerGpuMiB();
        }
        boolean gpuJob = r.gpus() != null || r.gpusPerNode() != null || r.gpusPerTask() != null;
        return gpuJob ? d.perGpu() : null;
    }
}
