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
 * node shared with another partition's jobs is read as more used than it is. An {@code --exclusive} job (a node of
 * more CPUs than the limit is never used: {@code whole_node}) is not read here.
 */
final class PartitionCpuCap {
    /** No cap. */
    static final int NONE = Integer.MAX_VALUE;

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
        Integer max = job.partitionCpusPerNode();
        if (max == null || job.exclusive()) {
            return NONE;
        }
        int tpc = node.threadsPerCore();
        int free = freeCores * tpc;
        int used = (node.cores() - freeCores) * tpc;
        if (free + used <= max) {
            return NONE;
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
