package org.topoplanner.allocator.slurm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's hold of a job that asks for more CPUs than its partition has, instead of the refusal of 22.05 and 24.11.
 *
 * <p>{@code _part_access_check} ({@code slurmctld/job_mgr.c}, the same test in 22.05.8, 24.11.5 and 26.05.5) answers
 * {@code ESLURM_TOO_MANY_REQUESTED_CPUS} when the job's {@code min_cpus} exceeds the partition's {@code total_cpus}
 * (the sum of its nodes' CPUs, {@code partition_mgr.c}), and {@code job_limits_check} turns that into
 * {@code WAIT_PART_CONFIG}. The releases differ in what {@code _select_nodes_base} does next: 22.05's
 * {@code _select_nodes_parts} and 24.11's {@code _select_nodes_base} test the nodes anyway ({@code select_nodes}
 * test-only), whose {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE} rejects the job at submit; 26.05's
 * {@code _select_nodes_base} skips that test after {@code WAIT_PART_CONFIG} (and {@code WAIT_PART_NODE_LIMIT}), so
 * {@code rc} keeps its initial {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}, which {@code job_allocate} keeps
 * queued ({@code EnforcePartLimits=NO}) and {@code _select_nodes_parts} words {@code PartitionConfig}.
 *
 * <p>{@code min_cpus} is what {@code gres_job_state_validate} ({@code interfaces/gres.c}) raised it to: CPUs per GPU
 * times the job's GPUs ({@code total_gres}: {@code --gpus}, {@code --gpus-per-node} times {@code -N},
 * {@code --gpus-per-task} times {@code -n}); at least {@code -c} times {@code -n} (sbatch's own {@code min_cpus}, which
 * 26.05's {@code gres_job_state_validate} sets again). Own case fuzz71 p0
 * ({@code --nodes=3 --gpus-per-node=4 --cpus-per-gpu=16}: 192 CPUs of 160) and probe c26i1 (real 26.05.5).
 */
final class PartitionCpuTotal {

    private PartitionCpuTotal() {
    }

    /** Whether 26.05 holds the job {@code PartitionConfig} for asking more CPUs than its partition has. */
    static boolean exceeded(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V26_05)) {
            return false;
        }
        long asked = minCpus(request);
        if (asked == 0) {
            return false;
        }
        SlurmPartition partition = PartitionTopology.partitionOf(cluster.slurm().partitions(), request);
        return asked > Totals.of(cluster).of(partition);
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
            for (SlurmPartition p : cluster.slurm().partitions()) {
                long sum = 0;
                for (SlurmNode n : nodes) {
                    if (p.holds(n.name())) {
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

    /** The job's {@code min_cpus} as {@code gres_job_state_validate} leaves it (0 when it sets none). */
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
        if (request.cpusPerTask() != null && request.ntasks() != null) {
            cpus = Math.max(cpus, (long) request.cpusPerTask() * request.ntasks());
        }
        return cpus;
    }
}
