package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * A partition's {@code MaxCPUsPerNode} as a per-node cap in the pick: {@code _allocate_sc} ("Enforce partition CPU
 * limit, but do not pick specific cores yet": 22.05 {@code select/cons_common/cons_common.c}, 24.11 and 26.05
 * {@code select/cons_tres/job_test.c}), when a node's free and used CPUs together pass the limit, gives the job no
 * node whose used CPUs reach it, gives none when one CPU is left and a task needs more ({@code cpus_per_task} or
 * {@code --ntasks-per-socket} above it), and otherwise lowers {@code avail_res->avail_cpus} to
 * {@code MIN(cpu_count, part_cpu_limit)}, the limit less the used CPUs; the task layout and the core pick then keep
 * to that count. Own probe c18d1 c2 ({@code -p cpu -n8} on two idle 8-CPU nodes of {@code MaxCPUsPerNode=4}): four
 * CPUs on each of c1 and c2 in 22.05.8, 24.11.5 and 26.05.5, and c3 ({@code -n1} after it) waits with
 * {@code Resources}, every CPU the partition may use on its nodes being held.
 *
 * <p>The used CPUs are read as every CPU of the node not free for the job: 24.11's and 26.05's count when no job of
 * the partition runs ({@code part_core_map} NULL: {@code cores_per_socket - free_cores}), and the count of both
 * releases when every job on the node is of the job's partition. Slurm counts only the partition's own jobs' cores
 * once one of them runs ({@code part_core_map}: the row bitmaps of {@code p_ptr->part_ptr == job_ptr->part_ptr}),
 * and 22.05 counts none without one ({@code used_cpu_array}); a state here does not know its jobs' partitions, so a
 * node shared with another partition's jobs is read as more used than it is. An {@code --exclusive} job gets no node
 * of more CPUs than the limit: the same test's first branch, {@code whole_node} ({@code WHOLE_NODE_REQUIRED} in 24.11
 * and 26.05, any {@code whole_node} in 22.05: "Total cpu count greater than max_cpus_per_node on exclusive job").
 * That branch is read by the planner only: {@code slurm-tree} gives an {@code --exclusive} job whole nodes without
 * the core filter ({@code PassFilter.whole}), so its placements do not keep it yet (no stored case has such a job).
 *
 * <p>The planner ({@code planner.PartitionShare}) sizes its shares by the same reading through {@link #forPlanner}.
 */
public final class PartitionCpuCap {
    /** No cap. */
    public static final int NONE = Integer.MAX_VALUE;

    /**
     * A job's one partition as the planner keeps to it: its name, its {@code MaxCPUsPerNode} ({@code null}: none),
     * whether it holds a host, the hosts of the cluster's {@link org.topoplanner.allocator.ClusterIndex} (by number) it
     * does not hold (built once per cluster and partition, shared: do not change it), and the job as
     * {@code _allocate_sc} reads it ({@code -c}, {@code --ntasks-per-socket}, {@code --exclusive}).
     */
    public record ForPlanner(String partition, Integer maxCpusPerNode, java.util.function.Predicate<String> holds,
                             java.util.BitSet outside, SlurmJobSpec job) {
        /**
         * The CPUs the partition lets the job have on a node of {@code cores} cores of {@code threadsPerCore} threads,
         * {@code freeCores} of them free for it ({@link PartitionCpuCap#limit}): {@link #NONE} below the limit, 0 when
         * the node gives the job nothing.
         */
        public int cpusLeft(int cores, int threadsPerCore, int freeCores) {
            return limit(cores, threadsPerCore, freeCores, job);
        }

        /**
         * What {@link #cpusLeft} reads besides the node: the partition, its limit and the job's fields
         * {@link PartitionCpuCap#limit} reads, so that two jobs of equal keys get equal answers on every node (a key
         * for tables of {@link #cpusLeft} kept with a state).
         */
        public Object capKey() {
            return new CapKey(partition, job.partitionCpusPerNode(), job.exclusive(), job.cpusPerTask(),
                    job.ntasksPerSocket());
        }
    }

    /** {@link ForPlanner#capKey}: every input of {@link #limit} but the node's. */
    private record CapKey(String partition, Integer max, boolean exclusive, int cpusPerTask, Integer ntasksPerSocket) {
    }

    /**
     * {@code request}'s partition as {@link #applied} resolves it ({@code -p NAME}, else the {@code Default=YES} one),
     * for the planner; {@code null} on a cluster without partitions, for a list of partitions ({@code -p a,b}: each is
     * tried alone, {@code SeveralPartitions}) or a name no partition has (sbatch refuses it).
     */
    public static ForPlanner forPlanner(Cluster cluster, org.topoplanner.model.job.JobRequest request) {
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty() || SeveralPartitions.applies(cluster, request)) {
            return null;
        }
        SlurmPartition partition = table.partitionNamed(request.partition());
        if (partition == null) {
            return null;
        }
        SlurmJobSpec job = SlurmJobSpec.of(request).withPartitionCpusPerNode(table.limits(partition).maxCpusPerNode());
        return new ForPlanner(partition.name(), job.partitionCpusPerNode(), h -> table.holds(partition, h),
                table.outsideByNumber(partition), job);
    }

    private PartitionCpuCap() {
    }

    /** {@code job} with its partition's {@code MaxCPUsPerNode} on {@code cluster} for the pick. */
    static SlurmJobSpec applied(Cluster cluster, SlurmJobSpec job) {
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty()) {
            return job;
        }
        SlurmPartition partition = table.partitionNamed(job.partition());
        return job.withPartitionCpusPerNode(table.limits(partition).maxCpusPerNode());
    }

    /**
     * The CPUs the partition lets the job have on {@code node}, whose free cores for the job are {@code freeCores} of
     * its {@code cores}: {@link #NONE} without a limit or below it, 0 when the node is not usable.
     */
    static int limit(SlurmNode node, int freeCores, SlurmJobSpec job) {
        return limit(node.cores(), node.threadsPerCore(), freeCores, job);
    }

    /** {@link #limit(SlurmNode, int, SlurmJobSpec)} on a node of {@code cores} cores of {@code tpc} threads. */
    static int limit(int cores, int tpc, int freeCores, SlurmJobSpec job) {
        Integer max = job.partitionCpusPerNode();
        if (max == null) {
            return NONE;
        }
        int free = freeCores * tpc;
        int used = (cores - freeCores) * tpc;
        if (free + used <= max) {
            return NONE;
        }
        if (job.exclusive()) {
            return 0; // "Total cpu count greater than max_cpus_per_node on exclusive job"
        }
        if (used >= max) {
            return 0; // "no available CPUs on this node"
        }
        int left = max - used;
        boolean taskTooBig = job.cpusPerTask() > left
                || job.ntasksPerSocket() != null && job.ntasksPerSocket() > left;
        return left == 1 && taskTooBig ? 0 : left;
    }
}
