package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * A job a partition's limits hold, in words a Slurm user checks against {@code scontrol show partition}: the
 * partition's name and its limits as {@code slurm.conf} writes them ({@code MaxNodes=2}, {@code MaxTime=30},
 * {@code State=DOWN}), beside what the job asks ({@code -N 5}, {@code --time=40}). The policy chose the reason
 * (slurmctld's {@code job_limits_check}); this only says which partition and which values it was held against, where
 * the policy's own sentence named neither ("past its partition's PartitionNodeLimit test").
 */
public final class PartitionLimitWords {
    private PartitionLimitWords() {
    }

    /**
     * The partition a job would run in and the limits slurmctld holds it against, as written: {@code runs in
     * partition debug: 4 nodes, MaxNodes=2, MaxTime=30, State=UP} (the palette's note beside {@code --time}, which
     * is held against this {@code MaxTime}); empty when the cluster has no line for the job's partition.
     */
    public static Optional<String> limitsFor(Cluster cluster, JobRequest request) {
        Optional<SlurmPartition> partition = cluster == null ? Optional.empty() : partitionOf(cluster, request);
        String line = partition.map(p -> SlurmPartition.lineWithDefaults(cluster.slurm().keys(), p.name())).orElse(null);
        if (line == null) {
            return Optional.empty();
        }
        List<String> limits = new ArrayList<>();
        limits.add(nodeCount(partition.get(), cluster));
        written(line, limits, "MinNodes", "MaxNodes", "MaxCPUsPerNode", "MaxTime", "State");
        return Optional.of("runs in partition " + partition.get().name() + ": " + String.join(", ", limits));
    }

    /** The words for {@code reason} when it is a partition's and the job's partition has a line; empty otherwise. */
    static Optional<String> of(PendingReason reason, Cluster cluster, JobRequest request) {
        if (cluster == null || request == null || !isPartitions(reason)) {
            return Optional.empty();
        }
        Optional<SlurmPartition> partition = partitionOf(cluster, request);
        if (partition.isEmpty()) {
            return Optional.empty();
        }
        String name = partition.get().name();
        String line = SlurmPartition.lineWithDefaults(cluster.slurm().keys(), name);
        if (line == null) {
            return Optional.empty();
        }
        List<String> limits = new ArrayList<>();
        String asks = switch (reason) {
            case PARTITION_NODE_LIMIT -> {
                limits.add(nodeCount(partition.get(), cluster));
                written(line, limits, "MinNodes", "MaxNodes");
                yield request.name() + " asks for " + nodes(request);
            }
            case PARTITION_TIME_LIMIT -> {
                written(line, limits, "MaxTime");
                yield request.name() + " asks for " + time(request);
            }
            case PARTITION_DOWN, PARTITION_INACTIVE -> {
                written(line, limits, "State");
                yield request.name() + " cannot start there";
            }
            default -> throw new IllegalStateException("not a partition limit's reason: " + reason);
        };
        return Optional.of(asks + "; partition " + name + ": " + String.join(", ", limits));
    }

    private static boolean isPartitions(PendingReason reason) {
        // PartitionConfig is left to the policy's sentence: Slurm words CPU totals, MaxCPUsPerNode and (22.05) a
        // memory limit with it, which the policy's own explanation tells apart
        return reason == PendingReason.PARTITION_NODE_LIMIT || reason == PendingReason.PARTITION_TIME_LIMIT
                || reason == PendingReason.PARTITION_DOWN || reason == PendingReason.PARTITION_INACTIVE;
    }

    /** The partition {@code -p} names (the first of a list), else the {@code Default=YES} one. */
    private static Optional<SlurmPartition> partitionOf(Cluster cluster, JobRequest request) {
        List<SlurmPartition> all = cluster.slurm().partitions();
        List<String> named = request.partitions();
        return named.isEmpty() ? all.stream().filter(SlurmPartition::isDefault).findFirst()
                : all.stream().filter(p -> p.name().equals(named.get(0))).findFirst();
    }

    private static String nodeCount(SlurmPartition p, Cluster cluster) {
        long n = cluster.hostNames().stream().filter(p::holds).count();
        return n + (n == 1 ? " node" : " nodes");
    }

    /** Each key the line sets, as written ({@code MaxNodes=2}); keys it leaves unset are Slurm's unlimited. */
    private static void written(String line, List<String> out, String... keys) {
        for (String key : keys) {
            String v = SlurmPartition.value(line, key);
            if (v != null) {
                out.add(key + "=" + v);
            }
        }
    }

    private static String nodes(JobRequest r) {
        if (r.minNodes() == null) {
            return "no node count (no -N)";
        }
        return r.maxNodes() != null && !r.maxNodes().equals(r.minNodes())
                ? r.minNodes() + " to " + r.maxNodes() + " nodes (-N " + r.minNodes() + "-" + r.maxNodes() + ")"
                : r.minNodes() + (r.minNodes() == 1 ? " node" : " nodes") + " (-N " + r.minNodes() + ")";
    }

    private static String time(JobRequest r) {
        return r.notes().stream().filter(n -> n.startsWith("--time=")).findFirst().orElse("no --time");
    }
}
