package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * A cluster's {@code PartitionName=} lines as every suggestion reads them: the partitions in order, each one's
 * {@link PartitionLimits}, its nodes as a set and the cluster's nodes outside it. Built once per cluster and kept
 * among the cluster's derived tables ({@link ClusterIndex#derived}), because a suggestion asks for the job's partition
 * and limits a dozen times (submission refusals, {@code job_limits_check}, {@code MinNodes}, {@code MaxNodes}, the
 * node list), and re-reading the lines and expanding their hostlists each time cost more than the selection itself on
 * a cluster of thousands of nodes (a partition's {@code holds} is a list search). {@link ClusterIndex} is keyed by the
 * cluster instance, and a {@link Cluster} never changes: an edited cluster (undo, redo, a new import) is a new
 * instance and gets a new table, so no edit ever sees stale limits.
 */
final class PartitionTable {
    private final List<SlurmPartition> partitions;
    private final Map<String, Entry> byName = new HashMap<>();

    /**
     * One partition: its limits, its nodes (null: {@code Nodes=ALL}), the cluster's hosts outside it and how many
     * of the cluster's hosts it holds.
     */
    private record Entry(SlurmPartition partition, PartitionLimits limits, Set<String> nodes, List<String> outside,
                         int nodeCount) {
    }

    /**
     * Per partition name, the hosts of {@link ClusterIndex} (by number) outside it, made on first use: the planner
     * confines every suggestion of a partitioned job to them ({@code planner.PartitionShare}), and one hash look-up per
     * host per suggestion cost more than the rest of its partition path on 16,384 hosts.
     */
    private final Map<String, BitSet> outsideByNumber = new ConcurrentHashMap<>();
    private final Cluster cluster;

    private PartitionTable(Cluster cluster) {
        this.cluster = cluster;
        partitions = cluster.slurm().partitions();
        List<String> hosts = cluster.hostNames();
        for (SlurmPartition p : partitions) {
            Set<String> nodes = p.nodes() == null ? null : Set.copyOf(new HashSet<>(p.nodes()));
            List<String> outside = new ArrayList<>();
            if (nodes != null) {
                for (String h : hosts) {
                    if (!nodes.contains(h)) {
                        outside.add(h);
                    }
                }
            }
            // the first line of a name wins, as partitionOf finds it
            byName.putIfAbsent(p.name(), new Entry(p, PartitionLimits.read(cluster, p), nodes, List.copyOf(outside),
                    hosts.size() - outside.size()));
        }
    }

    /** The table of {@code cluster}, built on first use. */
    static PartitionTable of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(PartitionTable.class, PartitionTable::new);
    }

    /** The partitions, in the order of the configuration ({@code SlurmSettings#partitions}). */
    List<SlurmPartition> partitions() {
        return partitions;
    }

    /** The job's partition ({@link PartitionTopology#partitionOf}); null without one. */
    SlurmPartition partitionOf(JobRequest request) {
        return PartitionTopology.partitionOf(partitions, request);
    }

    /** The partition of a job whose {@code -p} is {@code name}: the one so called, else for null the default one. */
    SlurmPartition partitionNamed(String name) {
        return name != null ? named(name)
                : partitions.stream().filter(SlurmPartition::isDefault).findFirst().orElse(null);
    }

    /** The partition called {@code name}; null when there is none. */
    SlurmPartition named(String name) {
        Entry e = byName.get(name);
        return e == null ? null : e.partition();
    }

    /** The limits of {@code partition}; {@link PartitionLimits#NONE} for null or a partition of another cluster. */
    PartitionLimits limits(SlurmPartition partition) {
        Entry e = partition == null ? null : byName.get(partition.name());
        return e == null || !same(e, partition) ? PartitionLimits.NONE : e.limits();
    }

    /** Whether {@code e} is {@code partition}: the table's own instance, else an equal line (a list compare). */
    private static boolean same(Entry e, SlurmPartition partition) {
        return e.partition() == partition || e.partition().equals(partition);
    }

    /** Whether {@code partition} holds {@code host} ({@link SlurmPartition#holds}, by a set). */
    boolean holds(SlurmPartition partition, String host) {
        Entry e = byName.get(partition.name());
        if (e == null || !same(e, partition)) {
            return partition.holds(host);
        }
        return e.nodes() == null || e.nodes().contains(host);
    }

    /** The cluster's hosts outside {@code partition}, in the cluster's order (none for {@code Nodes=ALL}). */
    List<String> outside(SlurmPartition partition) {
        return entry(partition).outside();
    }

    /**
     * How many of the cluster's hosts ({@link Cluster#hostNames}) {@code partition} holds; counted once per cluster
     * ({@code Cluster#hostNames} builds its list anew on every call: two calls per suggestion were most of
     * {@code slurm-tree}'s and {@code slurm-block}'s time on a partitioned 16,384-host cluster).
     */
    int nodeCount(SlurmPartition partition) {
        return entry(partition).nodeCount();
    }

    /**
     * The hosts of the cluster's {@link ClusterIndex}, by number, that {@code partition} does not hold
     * ({@link #holds} false), built once per partition; shared, so callers must not change it.
     */
    BitSet outsideByNumber(SlurmPartition partition) {
        Entry e = entry(partition);
        return outsideByNumber.computeIfAbsent(e.partition().name(), name -> {
            ClusterIndex index = ClusterIndex.of(cluster);
            BitSet out = new BitSet(index.size());
            for (int h = 0; h < index.size(); h++) {
                if (e.nodes() != null && !e.nodes().contains(index.host(h))) {
                    out.set(h);
                }
            }
            return out;
        });
    }

    /** The table's entry of {@code partition}, which must be one of this cluster's. */
    private Entry entry(SlurmPartition partition) {
        Entry e = byName.get(partition.name());
        if (e == null || !same(e, partition)) {
            throw new IllegalArgumentException("partition " + partition.name() + " is not one of this cluster's");
        }
        return e;
    }
}
