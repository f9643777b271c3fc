package org.topoplanner.allocator.slurm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The hold of a job that asks for more CPUs than its partition has: 22.05 and 26.05 keep it {@code PartitionConfig},
 * 24.11 refuses it at submit.
 *
 * <p>{@code _part_access_check} ({@code slurmctld/job_mgr.c}, the same test in 22.05.8, 24.11.5 and 26.05.5) answers
 * {@code ESLURM_TOO_MANY_REQUESTED_CPUS} when the job's {@code min_cpus} exceeds the partition's {@code total_cpus}
 * (the sum of its nodes' CPUs, {@code partition_mgr.c}), and {@code job_limits_check} turns that into
 * {@code WAIT_PART_CONFIG}. The releases differ in what the submission does next. 22.05's {@code _select_nodes_parts}
 * calls {@code select_nodes} for a job of one partition only when the limits pass (or the partition is down): after
 * {@code WAIT_PART_CONFIG} {@code rc} keeps its initial {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}, which
 * {@code job_allocate} keeps queued ({@code EnforcePartLimits=NO}) and {@code _select_nodes_parts} words
 * {@code PartitionConfig} (own probe c22k1, real 22.05.8). 24.11's {@code _select_nodes_base} tests the nodes anyway
 * ({@code select_nodes} test-only after any failed limit), whose {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}
 * rejects the job; 26.05's {@code _select_nodes_base} skips that test after {@code WAIT_PART_CONFIG} (and
 * {@code WAIT_PART_NODE_LIMIT}) and holds it as 22.05 does. A held job never enters a scheduling pass
 * ({@code _job_runnable_test2}, {@code job_scheduler.c}): see {@link PendingReason#blocksJobsBehind()}.
 *
 * <p>{@code min_cpus} is sbatch's ({@code slurm_opt_create_job_desc}, {@code common/slurm_opt.c}, every release): the
 * task count times {@code -c} when {@code -c} is given, else the task count, where a job without {@code -n} counts
 * {@code -N} times {@code --ntasks-per-node}, or one task per node of a fixed {@code -N} ({@code sbatch/opt.c}
 * {@code _opt_verify}, "1 proc / node default"); {@code _job_create} raises it to the {@code -w} node count. 24.11's and
 * 26.05's {@code gres_job_state_validate} ({@code interfaces/gres.c}) raise it further to CPUs per GPU times the
 * job's GPUs ({@code total_gres}: {@code --gpus}, {@code --gpus-per-node} times {@code -N}, {@code --gpus-per-task}
 * times {@code -n}); 22.05's ({@code common/gres.c}) has no {@code min_cpus} to raise, so a {@code --cpus-per-gpu}
 * job is tested on the nodes there and refused. Own case fuzz71 p0 ({@code --nodes=3 --gpus-per-node=4
 * --cpus-per-gpu=16}: 192 CPUs of 160) and probes c26i1 (all releases) and c22k1.
 */
final class PartitionCpuTotal {

    private PartitionCpuTotal() {
    }

    /** Whether the release holds the job {@code PartitionConfig} for asking more CPUs than its partition has. */
    static boolean exceeded(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (version == SlurmVersion.V24_11) {
            return false;
        }
        long asked = limitMinCpus(request, version);
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        return asked > Totals.of(cluster).of(partition);
    }

    /** The partition's {@code total_cpus} (every node's for none). */
    static long totalCpus(Cluster cluster, SlurmPartition partition) {
        return Totals.of(cluster).of(partition);
    }

    /**
     * Every partition's {@code total_cpus} and the whole cluster's, summed once per cluster: the check runs on every
     * 26.05 suggestion, and a walk over 16,384 nodes per question would cost more than the tree selection itself.
     */
    private record Totals(Map<String, Long> byPartition, long all) {
        static Totals of(Cluster cluster) {
            return ClusterIndex.of(cluster).derived(Totals.class, Totals::build);
        }

        private static Totals build(Cluster cluster) {
            List<SlurmNode> nodes = SlurmNode.of(cluster);
            Map<String, Long> byPartition = new HashMap<>();
            PartitionTable table = PartitionTable.of(cluster);
            for (SlurmPartition p : table.partitions()) {
                long sum = 0;
                for (SlurmNode n : nodes) {
                    if (table.holds(p, n.name())) {
                        sum += n.cpus();
                    }
                }
                byPartition.put(p.name(), sum);
            }
            return new Totals(Map.copyOf(byPartition), nodes.stream().mapToLong(SlurmNode::cpus).sum());
        }

        /** The CPUs of {@code partition}; every node's for none (or one whose node list is not given). */
        long of(SlurmPartition partition) {
            return partition == null || partition.nodes() == null ? all : byPartition.get(partition.name());
        }
    }

    /**
     * The {@code min_cpus} {@code job_limits_check} reads under {@code version} ({@code orig_min_cpus}): sbatch's in
     * 22.05, {@link #minCpus} in 24.11 and 26.05, either raised by a {@code --ntasks-per-gpu} job's task count
     * ({@link NtasksPerGpuMinCpus#limitMinCpus}).
     */
    static long limitMinCpus(JobRequest request, SlurmVersion version) {
        long asked = version == SlurmVersion.V22_05 ? sbatchMinCpus(request) : minCpus(request);
        return NtasksPerGpuMinCpus.limitMinCpus(request, version, asked);
    }

    /** The job's {@code min_cpus} as 24.11's and 26.05's {@code gres_job_state_validate} leave it. */
    static long minCpus(JobRequest request) {
        long gpus = 0;
        if (request.gpus() != null) {
            gpus = request.gpus();
        }
        if (request.gpusPerNode() != null) {
            gpus = Math.max(gpus, (long) request.gpusPerNode() * (request.minNodes() == null ? 1 : request.minNodes()));
        }
        if (request.gpusPerTask() != null) {
            gpus = Math.max(gpus, (long) request.gpusPerTask() * (request.ntasks() == null ? 1 : request.ntasks()));
        }
        long cpus = request.cpusPerGpu() == null ? 0 : (long) request.cpusPerGpu() * gpus;
        return Math.max(cpus, sbatchMinCpus(request));
    }

    /**
     * The {@code min_cpus} sbatch sends and {@code _job_create} keeps (the class comment): tasks times {@code -c}, or
     * the tasks alone, at least the {@code -w} node count.
     */
    static long sbatchMinCpus(JobRequest request) {
        if (request.overcommit()) {
            // slurm_opt_create_job_desc: -O sends MAX(min_nodes, 1) whatever the tasks (c26l7 o4, -n40 -O on a
            // 32-CPU partition, runs on one CPU in 22.05.8); the -w list counts as -N (_opt_verify)
            int nodes = request.minNodes() != null ? request.minNodes() : request.nodelist().size();
            return Math.max(Math.max(nodes, 1), request.nodelist().size());
        }
        int nodes = Math.max(request.minNodes() == null ? 0 : request.minNodes(), request.nodelist().size());
        boolean nodesSet = request.minNodes() != null || !request.nodelist().isEmpty();
        boolean fixed = request.maxNodes() == null || request.maxNodes().equals(request.minNodes());
        long tasks = 1;
        if (request.ntasks() != null) {
            tasks = request.ntasks();
        } else if (request.ntasksPerNode() != null && nodesSet && fixed) {
            tasks = (long) nodes * request.ntasksPerNode();
        } else if (nodesSet && fixed) {
            // "1 proc / node default", times --sockets-per-node and --threads-per-core when given ("1 proc /
            // min_[socket * core * thread] default", sbatch/opt.c _opt_verify, 22.05.8, 24.11.5, 26.05 alike; the
            // placement's own count is SlurmJobSpec.of's). Lead's featfz19 f46 (-p fat,short -N2
            // --sockets-per-node=2 --gpus-per-socket=1 -c4): 4 tasks, 16 CPUs, past short's 2 x 4 nodes
            tasks = (long) Math.max(nodes, 1) * (request.socketsPerNode() == null ? 1 : request.socketsPerNode())
                    * (request.threadsPerCore() == null ? 1 : request.threadsPerCore());
        }
        long cpus = request.cpusPerTask() == null ? tasks : tasks * request.cpusPerTask();
        return Math.max(cpus, request.nodelist().size());
    }
}
