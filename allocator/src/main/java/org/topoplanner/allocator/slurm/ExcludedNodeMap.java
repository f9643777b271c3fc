package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;

/**
 * The nodes a job's {@code -x} names, as a map over a node table ({@link SlurmNode#index}): what leaves the job's
 * node map before the pick. A job of a partition carries the partition's outside nodes in its {@code -x}
 * ({@link PartitionTopology}), thousands on a large cluster (4,096 of the 16,384 hosts of the partitioned benchmark
 * cluster), and hashing that list and looking up every node in it cost a quarter of a {@code slurm-tree} suggestion.
 * A long list is therefore mapped once per (node table, list) and kept among the cluster's derived tables: the
 * partition's list is one instance per cluster ({@link PartitionTable#outside}), and the request and
 * {@link SlurmJobSpec} keep it as it is ({@code List.copyOf} of an unmodifiable list is the list itself), so every
 * suggestion of the partition finds its map. Lists are compared by identity: both are unmodifiable, so the same
 * instances hold the same names.
 */
final class ExcludedNodeMap {
    /** Lists shorter than this are mapped per call: hashing them costs less than keeping them. */
    static final int KEPT_FROM = 64;
    /** The maps a cluster keeps (its partitions' lists, each over one or two node tables). */
    private static final int KEPT = 16;

    private ExcludedNodeMap() {
    }

    /** The nodes of {@code nodes} that {@code exclude} names; shared for long lists: do not change it. */
    static BitSet of(Cluster cluster, List<SlurmNode> nodes, List<String> exclude) {
        if (exclude.isEmpty()) {
            return new BitSet();
        }
        if (exclude.size() < KEPT_FROM) {
            return mapped(nodes, exclude);
        }
        return ClusterIndex.of(cluster).derived(Kept.class, c -> new Kept()).of(nodes, exclude);
    }

    private static BitSet mapped(List<SlurmNode> nodes, List<String> exclude) {
        Set<String> names = new HashSet<>(exclude);
        BitSet out = new BitSet();
        for (SlurmNode n : nodes) {
            if (names.contains(n.name())) {
                out.set(n.index());
            }
        }
        return out;
    }

    /** A cluster's maps of long lists, most recent first. */
    private static final class Kept {
        private record Entry(List<SlurmNode> nodes, List<String> exclude, BitSet map) {
        }

        private final List<Entry> entries = new ArrayList<>();

        BitSet of(List<SlurmNode> nodes, List<String> exclude) {
            synchronized (entries) {
                for (int i = 0; i < entries.size(); i++) {
                    Entry e = entries.get(i);
                    if (e.nodes() == nodes && e.exclude() == exclude) {
                        if (i > 0) {
                            entries.remove(i);
                            entries.add(0, e);
                        }
                        return e.map();
                    }
                }
            }
            BitSet map = mapped(nodes, exclude);
            synchronized (entries) {
                entries.add(0, new Entry(nodes, exclude, map));
                while (entries.size() > KEPT) {
                    entries.remove(entries.size() - 1);
                }
            }
            return map;
        }
    }
}
