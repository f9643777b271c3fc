package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.function.Predicate;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;
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
 * <p>The used CPUs are the cores of {@code tmp_core = part_core_map & ~core_map}: {@code _job_test} (22.05
 * {@code cons_common/job_test.c}, 24.11 and 26.05 {@code cons_tres/job_test.c}) ORs into {@code part_core_map} the row
 * bitmaps of the partition records with {@code p_ptr->part_ptr == job_ptr->part_ptr}, which exist from the
 * partition's first job on ({@code _handle_job_res} builds them; {@code part_data_build_row_bitmaps} only clears
 * them when its jobs end, and the harness's reset does not restart slurmctld). So once a job of the partition has
 * run, only the cores its running jobs hold count, in every release ({@link #ownPartition}). Before that
 * {@code part_core_map} is NULL: 24.11 counts every core not free ({@code used_cores[i] = cores_per_socket -
 * free_cores[i]}, all added to {@code used_cpu_count}), 22.05 counts none ({@code used_cpu_array} stays 0,
 * {@code cons_common.c}) and neither does 26.05 ({@code if (tmp_core) used_cpu_count += used_cpus}). Own probe
 * c20x1: a2 ({@code -p cap -n4} beside an {@code all} job's two cores on a1, cap 4, cap's first job) takes a1's
 * cores 2-5 in 22.05.8 and 26.05.5, and only two there (2-3, with a2's 0-1) in 24.11.5; b3 ({@code -p cap -n3}, cap's
 * rows existing, after an {@code all} job's four cores and a cap2 job's three on a1) takes a1's last free core in all
 * three. A running job whose partition the state does not know counts as one of the job's partition (a state made
 * without partitions reads as before: every core not free).
 *
 * <p>An {@code --exclusive} job gets no node of more CPUs than the limit: the same test's first branch,
 * {@code whole_node} ({@code WHOLE_NODE_REQUIRED} in 24.11 and 26.05, any {@code whole_node} in 22.05: "Total cpu
 * count greater than max_cpus_per_node on exclusive job"), read by {@link #refusesWhole} for {@code slurm-tree}'s
 * whole-node path ({@code PassFilter.whole}). Own probe c20x1 c1-c6: {@code -p cap --exclusive} runs on b1 (4 CPUs)
 * only, sbatch refuses {@code -N2}, {@code -w a1} and cap2's (8-CPU nodes above 6) with "Requested node configuration
 * is not available", in every release.
 *
 * <p>The planner ({@code planner.PartitionShare}) sizes its shares by the same reading through {@link #forPlanner}, and
 * reads the exclusive refusal from {@code slurm-tree}'s per-node verdict ({@code SlurmBinding.refused}).
 */
public final class PartitionCpuCap {
    /** No cap. */
    public static final int NONE = Integer.MAX_VALUE;

    /**
     * A job's one partition as the planner keeps to it: its name, its {@code MaxCPUsPerNode} ({@code null}: none),
     * whether it holds a host, the hosts of the cluster's {@link org.topoplanner.allocator.ClusterIndex} (by number) it
     * does not hold (built once per cluster and partition, shared: do not change it), the job as {@code _allocate_sc}
     * reads it ({@code -c}, {@code --ntasks-per-socket}, {@code --exclusive}, whose cores count as used,
     * {@link #ownPartition}) and the state's usage those cores are read from.
     */
    public record ForPlanner(String partition, Integer maxCpusPerNode, Predicate<String> holds,
                             BitSet outside, SlurmJobSpec job, org.topoplanner.allocator.StateUsage usage) {
        /**
         * The CPUs the partition lets the job have on host {@code host} (a node of {@code cores} cores of
         * {@code threadsPerCore} threads, {@code freeCores} of them free for it), used CPUs read as {@code slurm-tree}
         * reads them: {@link #NONE} below the limit, 0 when the node gives the job nothing. An {@code --exclusive}
         * job's node is {@link #NONE}: Slurm takes it whole or refuses it whole ({@link #refusesWhole}), which the
         * planner reads from {@code slurm-tree}'s own per-node verdict ({@code SlurmBinding.refused}).
         */
        public int cpusLeft(int host, int cores, int threadsPerCore, int freeCores) {
            if (job.exclusive()) {
                return NONE;
            }
            int used = job.ownPartition() == null ? cores - freeCores
                    : usage.partitionCores(host, job.ownPartition()).cardinality();
            return allowed(freeCores, used, threadsPerCore, job);
        }

        /**
         * What {@link #cpusLeft} reads besides the node and the state's usage: the partition, its limit and the job's
         * fields {@link PartitionCpuCap#allowed} reads, so that two jobs of equal keys get equal answers on every node (a key
         * for tables of {@link #cpusLeft} kept with a state).
         */
        public Object capKey() {
            return new CapKey(partition, job.partitionCpusPerNode(), job.exclusive(), job.cpusPerTask(),
                    job.ntasksPerSocket(), job.ownPartition());
        }
    }

    /**
     * {@link ForPlanner#capKey}: every input of {@link ForPlanner#cpusLeft} but the node's, including whose cores count
     * as used ({@link #ownPartition}: it changes with the state's partitions run and the release, and a table kept
     * under one reading is wrong for another).
     */
    private record CapKey(String partition, Integer max, boolean exclusive, int cpusPerTask, Integer ntasksPerSocket,
                          String ownPartition) {
    }

    /**
     * {@code request}'s partition as {@link #applied} resolves it ({@code -p NAME}, else the {@code Default=YES} one),
     * for the planner on {@code state} under {@code version}; {@code null} on a cluster without partitions, for a list
     * of partitions ({@code -p a,b}: each is tried alone, {@code SeveralPartitions}) or a name no partition has
     * (sbatch refuses it).
     */
    public static ForPlanner forPlanner(ClusterState state, org.topoplanner.model.job.JobRequest request,
                                        SlurmVersion version) {
        Cluster cluster = state.cluster();
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty() || SeveralPartitions.applies(cluster, request)) {
            return null;
        }
        SlurmPartition partition = table.partitionNamed(request.partition());
        if (partition == null) {
            return null;
        }
        SlurmJobSpec job = applied(state, SlurmJobSpec.of(request), version);
        return new ForPlanner(partition.name(), job.partitionCpusPerNode(), h -> table.holds(partition, h),
                table.outsideByNumber(partition), job, state.usage());
    }

    /**
     * Why an {@code --exclusive} job of a partition with {@code MaxCPUsPerNode=max} takes no node of more CPUs, in
     * the words of {@code _allocate_sc}'s test ({@link #refusesWhole}).
     */
    public static String wholeRefusal(int max) {
        return "an --exclusive job takes no node of more than its MaxCPUsPerNode=" + max
                + " CPUs (Total cpu count greater than max_cpus_per_node on exclusive job)";
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
     * {@link #applied(Cluster, SlurmJobSpec)} with whose cores count as used on {@code state} under {@code version}
     * ({@link #ownPartition}).
     */
    static SlurmJobSpec applied(ClusterState state, SlurmJobSpec job, SlurmVersion version) {
        SlurmJobSpec capped = applied(state.cluster(), job);
        if (capped.partitionCpusPerNode() == null) {
            return capped.withOwnPartition(null);
        }
        SlurmPartition partition = PartitionTable.of(state.cluster()).partitionNamed(job.partition());
        return capped.withOwnPartition(ownPartition(state, partition == null ? null : partition.name(), version));
    }

    /**
     * Whose cores count as used against partition {@code partition}'s cap on {@code state}: its own jobs' (the name)
     * once a job of it ran there, its rows existing; before that none in 22.05 and 26.05 ({@link #NO_PARTITION}: only
     * jobs of no known partition count) and every core not free in 24.11 ({@code null}).
     */
    static String ownPartition(ClusterState state, String partition, SlurmVersion version) {
        if (partition != null && state.partitionRan(partition)) {
            return partition;
        }
        return version == SlurmVersion.V24_11 ? null : NO_PARTITION;
    }

    /** No partition's name: {@link org.topoplanner.allocator.StateUsage#partitionCores} counts unknown jobs only. */
    static final String NO_PARTITION = "";

    /**
     * Whether an {@code --exclusive} job's partition refuses node {@code n} whole: more CPUs than its
     * {@code MaxCPUsPerNode} ("Total cpu count greater than max_cpus_per_node on exclusive job"; the node is idle, so
     * its free and used CPUs together are all of it in every reading).
     */
    static boolean refusesWhole(SlurmNode n, SlurmJobSpec job) {
        Integer max = job.partitionCpusPerNode();
        return max != null && n.cores() * n.threadsPerCore() > max;
    }

    /**
     * The CPUs the partition lets the job have on {@code node}, whose free cores for the job are {@code freeCores} of
     * its {@code cores}, every core not free counted as used: {@link #NONE} without a limit or below it, 0 when the
     * node is not usable.
     */
    static int limit(SlurmNode node, int freeCores, SlurmJobSpec job) {
        return allowed(freeCores, node.cores() - freeCores, node.threadsPerCore(), job);
    }

    /**
     * {@link #limit(SlurmNode, int, SlurmJobSpec)} with the cores counted as used read as {@link #ownPartition} says:
     * {@code use}'s {@link NodeUse#partitionCores} when the job names whose, else every core not free.
     */
    static int limit(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        int free = use.freeCores().get(0, node.cores()).cardinality();
        int used = job.ownPartition() == null ? node.cores() - free : use.partitionCores();
        return allowed(free, used, node.threadsPerCore(), job);
    }

    /** {@code _allocate_sc}'s partition test on {@code freeCores} free and {@code usedCores} used cores. */
    private static int allowed(int freeCores, int usedCores, int tpc, SlurmJobSpec job) {
        Integer max = job.partitionCpusPerNode();
        if (max == null) {
            return NONE;
        }
        int free = freeCores * tpc;
        int used = usedCores * tpc;
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
