package org.topoplanner.allocator.slurm;

import java.util.Map;

/**
 * The free memory one node has for a job whose memory is a per-CPU figure ({@code --mem-per-cpu} or
 * {@code DefMemPerCPU}) under {@code CR_*_Memory}: a cap on the node's CPU count, kept beside the core map, never a
 * set of cores. cons_tres {@code _can_job_run_on_node} ({@code job_test.c}, 22.05.8 {@code cons_tres}, 24.11.5 and
 * 26.05 alike), its {@code MEM_PER_CPU} branch: {@code cpus = avail_res->avail_cpus} is lowered by
 * {@code cpu_alloc_size} (a core's threads under {@code CR_Core}, one CPU under {@code CR_CPU}) until
 * {@code req_mem * cpus} fits the node's free memory, then {@code cpus -= cpus % cpus_per_task}, and a count below
 * {@code ntasks_per_node} is 0; only {@code avail_res->avail_cpus} takes the result, the core bitmap stays whole.
 * So {@code eval_nodes_select_cores} starts from the lowered count ({@code alloc_tasks}), while
 * {@code gres_filter_sock_core} still sorts the sockets by their free cores ({@code _sort_sockets_by_avail_cores})
 * and the layout may take any free core (own case mem2e p8: h3's free socket 1 keeps its 8 cores, so the job's one
 * core and GPUs 2-3 go there).
 *
 * @param freeMiB   the node's memory for jobs less what the running jobs hold
 * @param perCpuMiB the job's per-CPU figure; 0 for {@link #NONE}
 * @param step      {@code cpu_alloc_size}: 1 under {@code CR_CPU}, the node's threads per core under {@code CR_Core}
 */
record PerCpuMemory(long freeMiB, long perCpuMiB, int step) {
    /** No per-CPU figure: the count is left as it is. */
    static final PerCpuMemory NONE = new PerCpuMemory(Long.MAX_VALUE, 0, 1);

    /**
     * The branch's count from {@code cpus}: lowered to what the memory pays for, whole tasks, 0 below the tasks
     * per node.
     */
    int lower(int cpus, int cpusPerTask, Integer ntasksPerNode) {
        if (perCpuMiB == 0) {
            return cpus;
        }
        long fits = freeMiB / perCpuMiB;
        long out = cpus;
        if (fits < out) {
            out = Math.max(0, out - (out - fits + step - 1) / step * step);
        }
        out -= out % Math.max(1, cpusPerTask);
        if (ntasksPerNode != null && out < ntasksPerNode) {
            return 0;
        }
        return (int) out;
    }

    /**
     * Every node's {@link PerCpuMemory} for one job on one state: its free memory (the node's memory for jobs less
     * what the running jobs hold), the job's figure and the cluster's step. Nodes without a memory figure get
     * {@link #NONE}'s count with the job's rounding only.
     */
    static final class Table {
        private final Map<String, Long> free;
        private final long perCpuMiB;
        private final boolean perCpuUnit;

        Table(Map<String, Long> free, long perCpuMiB, boolean perCpuUnit) {
            this.free = Map.copyOf(free);
            this.perCpuMiB = perCpuMiB;
            this.perCpuUnit = perCpuUnit;
        }

        /** The job's per-CPU figure. */
        long perCpuMiB() {
            return perCpuMiB;
        }

        /** Node {@code n}'s memory for this job. */
        PerCpuMemory of(SlurmNode n) {
            return new PerCpuMemory(free.getOrDefault(n.name(), Long.MAX_VALUE), perCpuMiB,
                    perCpuUnit ? 1 : n.threadsPerCore());
        }
    }
}
