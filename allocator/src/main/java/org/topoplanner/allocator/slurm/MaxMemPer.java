package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * {@code MaxMemPerCPU} and {@code MaxMemPerNode} (the job's partition line first, else the cluster's; one field in
 * slurmctld, {@code max_mem_per_cpu}, per CPU when flagged {@code MEM_PER_CPU}). slurmctld {@code job_limits_check}
 * ({@code job_mgr.c}) passes every job through {@code _valid_pn_min_mem} before it may start: the submit-time call
 * ({@code _validate_min_mem_partition}) returns at once unless {@code EnforcePartLimits} is set, which the model
 * does not read. Where the job's figure and the limit have the same form: a per-CPU figure above
 * {@code MaxMemPerCPU} raises {@code cpus_per_task} by {@code ratio = ceil(mem / max)} and lowers the figure to
 * {@code ceil(mem / ratio)}; a per-node figure above {@code MaxMemPerNode} (for {@code --mem=0} the partition's first
 * node's memory, {@code _mem_per_node_part}) holds the job pending with {@code MaxMemPerLimit}
 * ({@code WAIT_PN_MEM_LIMIT}). The same code in 22.05, 24.11 and 26.05. Only a figure the job gave itself
 * ({@code JOB_MEM_SET}) is adjusted here; of the mixed forms a per-node figure against {@code MaxMemPerCPU} is
 * (below), and a per-CPU figure against {@code MaxMemPerNode} holds the job as a per-node one does
 * ({@link #overLimit}). Own case mem2g: the held job shows {@code
 * MaxMemPerLimit} in all three versions once a scheduler pass has looked at it; 22.05's submission itself shows
 * {@code PartitionConfig} (the submit path keeps {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE},
 * {@code SlurmTreePolicy#heldAtSubmit}). 22.05 gives {@code -n2 --ntasks-per-node=2 --mem=9000} 5 CPUs
 * ({@code pn_min_cpus}) where 24.11 and 26.05 give the raised {@code cpus_per_task}, 6 (g8): {@link #adjusted}
 * follows 24.11 and 26.05, and the 22.05 job keeps its own {@code -c} with a per-node minimum apart from it
 * ({@link #perNodeMinimum22}), with or without {@code --ntasks-per-node}.
 */
final class MaxMemPer {
    private MaxMemPer() {
    }

    /**
     * The request as {@code _valid_pn_min_mem} leaves it: {@code --mem-per-cpu} above {@code MaxMemPerCPU} spread
     * over more CPUs per task; {@code --mem} above {@code MaxMemPerCPU} raises {@code pn_min_cpus} to {@code
     * ceil(mem / max)} (and {@code cpus_per_task} to that over {@code --ntasks-per-node} when given), which for a
     * job of one task is its CPUs per task (own case mem2g g3: {@code -n1 --mem=5000} with {@code
     * MaxMemPerCPU=2000} gets 3 CPUs; with more tasks and no {@code --ntasks-per-node} the raised minimum is not
     * modelled for 24.11 and 26.05; 22.05 uses {@link #perNodeMinimum22} instead).
     */
    static JobRequest adjusted(Cluster cluster, JobRequest r) {
        if (r.memPerCpuMiB() == null && (r.memMiB() == null || r.memMiB() == 0)) {
            return r;
        }
        Long max = NodeMemory.of(cluster).maxMemPerCpu(r);
        if (max == null) {
            return r;
        }
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        if (r.memPerCpuMiB() != null) {
            long mem = r.memPerCpuMiB();
            if (mem == 0 || mem <= max) {
                return r;
            }
            long ratio = (mem + max - 1) / max;
            return r.toBuilder().cpusPerTask((int) (cpt * ratio)).memPerCpuMiB((mem + ratio - 1) / ratio).build();
        }
        long minCpus = (r.memMiB() + max - 1) / max;
        if (r.ntasksPerNode() != null) {
            long perTask = (minCpus + r.ntasksPerNode() - 1) / r.ntasksPerNode();
            return perTask > cpt ? r.toBuilder().cpusPerTask((int) perTask).build() : r;
        }
        boolean oneTask = r.ntasks() == null || r.ntasks() == 1;
        return oneTask && minCpus > cpt ? r.toBuilder().cpusPerTask((int) minCpus).build() : r;
    }

    /**
     * The {@code pn_min_cpus} 22.05's {@code _valid_pn_min_mem} ({@code job_mgr.c}) sets apart from the tasks, or 0:
     * a {@code --mem} above {@code MaxMemPerCPU} raises {@code pn_min_cpus} to {@code ceil(mem / max)} when that is
     * above the job's own ({@code -c}, times {@code --ntasks-per-node} when given: {@code
     * _copy_job_desc_to_job_record}), and with {@code --ntasks-per-node} {@code cpus_per_task} to that over the tasks
     * per node, but leaves {@code min_cpus} (the tasks times the user's {@code -c}) as it was, so {@code _cpus_to_use}
     * ({@code avail_cpus = MAX(rem_max_cpus, pn_min_cpus)}) gives the node {@code pn_min_cpus}, not whole tasks of the
     * raised figure. The function runs from {@code job_limits_check} only: {@code _validate_min_mem_partition} skips
     * it at submission under {@code EnforcePartLimits=NO}, and there the record's {@code ntasks_per_node} is 0 when the
     * option is unset ({@code _copy_job_desc_to_job_record} copies only a set value), so {@code if
     * (job_desc_msg->ntasks_per_node)} is false and {@code cpus_per_task} stays {@code -c}. 24.11.5 and 26.05 raise
     * {@code min_cpus} and then {@code pn_min_cpus} to {@code cpus_per_task} times the tasks per node (the same
     * function), which {@link #adjusted} models. Own case mem2g g8 ({@code -n2 --ntasks-per-node=2 --mem=9000},
     * {@code MaxMemPerCPU=2000}): 22.05.8 CPUs 0-4, 24.11.5 and 26.05.5 0-5; own probe c22k2 (two-thread nodes, the
     * same limit): {@code -N1 -n1 -c3 --mem=9000} gets 4 CPUs (one task of 3 laid out, {@code SlurmAllocation}'s
     * 22.05 layout) and {@code -N2 -n2 -c3 --mem=9000} 6 + 4.
     */
    static int perNodeMinimum22(Cluster cluster, JobRequest r) {
        if (r.memPerCpuMiB() != null || r.memMiB() == null || r.memMiB() == 0) {
            return 0;
        }
        Long max = NodeMemory.of(cluster).maxMemPerCpu(r);
        if (max == null) {
            return 0;
        }
        long minCpus = (r.memMiB() + max - 1) / max;
        long tasksCpus = (long) (r.ntasksPerNode() != null ? r.ntasksPerNode() : 1)
                * (r.cpusPerTask() != null ? r.cpusPerTask() : 1);
        return minCpus > tasksCpus ? (int) minCpus : 0;
    }

    /**
     * Why the job waits ({@code MaxMemPerLimit}); null when its memory per node is within {@code MaxMemPerNode}.
     * The figure is {@code --mem} ({@code --mem=0} counts the partition's first node's memory for jobs, {@code
     * _mem_per_node_part}), or {@code --mem-per-cpu} times the CPUs a node gives the job ({@link #cpusPerNode}); a
     * job without one ({@code --mem-per-gpu} is none) is checked with the default {@code job_limits_check} gives
     * it ({@code DefMemPerCPU}/{@code DefMemPerNode}, else 0: the first node's memory). The first node is the first by
     * name (slurmctld sorts its node table): own case mem3d d5 ({@code -p lim -N1 -n1}, {@code MaxMemPerNode=10000})
     * runs on real 22.05.8 because that node is b1 (12,000 MB less {@code MemSpecLimit=4000}), not c1 (16,000 MB),
     * the first in slurm.conf.
     */
    static String overLimit(Cluster cluster, JobRequest r) {
        NodeMemory table = NodeMemory.of(cluster);
        Long max = table.maxMemPerNode(r);
        if (max == null) {
            return null;
        }
        if (r.memMiB() == null && r.memPerCpuMiB() != null && r.memPerCpuMiB() > 0) {
            long cpus = cpusPerNode(cluster, r);
            long mem = r.memPerCpuMiB() * cpus;
            return mem <= max ? null : "--mem-per-cpu=" + r.memPerCpuMiB() + " MB times " + cpus
                    + " CPUs a node = " + mem + " MB is above MaxMemPerNode=" + max + " MB";
        }
        if (r.memMiB() == null && r.memPerCpuMiB() == null) {
            // no figure of its own (JOB_MEM_SET unset; --mem-per-gpu is none): job_limits_check hands
            // _valid_pn_min_mem the default, DefMemPerCPU or DefMemPerNode of the partition, else the cluster's
            // (26.05 _get_def_mem, DefMemPerGPU left out), and 0 means the partition's first node's memory
            JobMemory.Defaults d = table.defaults(r);
            if (d.perCpu() != null && d.perCpu() > 0) {
                long cpus = cpusPerNode(cluster, r);
                long mem = d.perCpu() * cpus;
                return mem <= max ? null : "DefMemPerCPU=" + d.perCpu() + " MB times " + cpus
                        + " CPUs a node = " + mem + " MB is above MaxMemPerNode=" + max + " MB";
            }
            long mem = d.perNode() != null && d.perNode() > 0 ? d.perNode() : table.firstNodeMemory(cluster, r);
            return mem <= max ? null : "the default memory of " + mem + " MB a node (no --mem or --mem-per-cpu)"
                    + " is above MaxMemPerNode=" + max + " MB";
        }
        if (r.memMiB() == null) {
            return null;
        }
        long mem = r.memMiB() != 0 ? r.memMiB() : table.firstNodeMemory(cluster, r);
        return mem <= max ? null : "--mem=" + mem + " MB is above MaxMemPerNode=" + max + " MB";
    }

    /**
     * The CPUs per node {@code _valid_pn_min_mem} multiplies a per-CPU figure by when the limit is per node: for an
     * {@code --exclusive} job ({@code share_res} 0) the partition's largest node ({@code max_cpu_cnt}); else
     * {@code --ntasks-per-node} (1 when not given), at least the tasks over {@code -N}'s maximum, times
     * {@code --cpus-per-task}.
     */
    static long cpusPerNode(Cluster cluster, JobRequest r) {
        if (r.exclusive()) {
            return NodeMemory.mostCpusInPartition(cluster, r);
        }
        long cpus = r.ntasksPerNode() != null && r.ntasksPerNode() > 0 ? r.ntasksPerNode() : 1;
        Integer maxNodes = r.maxNodes() != null ? r.maxNodes() : r.minNodes();
        if (r.ntasks() != null && r.ntasks() > 0 && maxNodes != null && maxNodes > 0) {
            cpus = Math.max(cpus, (r.ntasks() + maxNodes - 1) / maxNodes);
        }
        return cpus * (r.cpusPerTask() != null ? r.cpusPerTask() : 1);
    }
}
