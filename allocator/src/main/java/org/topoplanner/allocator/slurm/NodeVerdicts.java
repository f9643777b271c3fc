package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Every node's part of a {@link SlurmAllocation#attempt} for one job shape on one state: what is free on it, its
 * free CPUs, scheduling weight, whether it may take the job at all (Slurm's node map before the topology step)
 * and the core filter's verdict in both passes. Kept with the state ({@link ClusterState#derived}) and carried to
 * the next one for the hosts whose jobs changed: a what-if asks the same shapes after each start and end, and
 * walking and filtering all nodes of the cluster per question cost more than the topology choice. A speed-up only:
 * every entry is what the attempt computes for that node on that state, idle nodes of one layout sharing one entry
 * as the attempt shares them. The arrays must not be changed by their readers.
 *
 * <p>Only for jobs without {@code -w} or {@code -x} (a required node changes the other nodes' GPU cap,
 * {@code gresTaken}) on the cluster's own node tables ({@link SlurmNode#of}, {@link BlockTable#nodes}).
 */
final class NodeVerdicts {
    /** A job shape on one node table and release; the node table by identity (one per cluster and order). */
    private record Key(List<SlurmNode> nodes, SlurmJobSpec shape, SlurmVersion version) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.nodes == nodes && k.shape.equals(shape) && k.version == version;
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(nodes) * 31 + shape.hashCode()) * 31 + version.hashCode();
        }
    }

    /** One node's verdict; idle nodes of one layout share one (only the configured weight differs). */
    private record Entry(NodeUse use, int freeCores, long near, boolean fit, CoreFilter.Result first,
                         CoreFilter.Result second) {
    }

    /** What a table and every table updated from it share: the shape, and the idle entry per layout. */
    private record Lineage(List<SlurmNode> nodes, SlurmJobSpec job, SlurmVersion version, int[] nodeOfHost,
                           Map<NodeLayout, Entry> idle) {
    }

    private final Lineage lineage;
    private final NodeUse[] uses;
    private final int[] freeCpus;
    private final long[] weights;
    private final BitSet fit;
    private final CoreFilter.Result[] first;
    private final CoreFilter.Result[] second;

    private NodeVerdicts(Lineage lineage, NodeUse[] uses, int[] freeCpus, long[] weights, BitSet fit,
                         CoreFilter.Result[] first, CoreFilter.Result[] second) {
        this.lineage = lineage;
        this.uses = uses;
        this.freeCpus = freeCpus;
        this.weights = weights;
        this.fit = fit;
        this.first = first;
        this.second = second;
    }

    /**
     * The table of {@code state} for {@code job}, or {@code null} when the attempt counts the nodes itself: jobs
     * with {@code -w} or {@code -x}, a node table that is not one of the cluster's own, and the empty state (the
     * submit tests: all nodes idle, which the attempt walks cheaply, and keeping a table for a throwaway empty
     * state would make the next real state update it for every busy host).
     */
    static NodeVerdicts of(ClusterState state, List<SlurmNode> nodes, SlurmJobSpec job, SlurmVersion version) {
        if (!job.nodelist().isEmpty() || state.running().isEmpty() || !ownTable(state.cluster(), nodes)) {
            return null;
        }
        // -x (and a partition's outside nodes, PartitionTopology) only leave nodes out of the map: the verdicts of the
        // others are those of the job without it, so jobs of one partition share the table (SlurmAllocation masks)
        SlurmJobSpec shape = job.withName("").withoutExclude();
        return state.derived(new Key(nodes, shape, version), s -> build(s, nodes, shape, version),
                (before, now, hosts) -> before.update(now, hosts));
    }

    /** The table built afresh from {@code state} alone, never from an earlier state's (what an update must equal). */
    static NodeVerdicts fresh(ClusterState state, List<SlurmNode> nodes, SlurmJobSpec job, SlurmVersion version) {
        return build(state, nodes, job.withName("").withoutExclude(), version);
    }

    private static boolean ownTable(Cluster cluster, List<SlurmNode> nodes) {
        return nodes == SlurmNode.of(cluster)
                || !cluster.fabric().blocks().isEmpty() && nodes == BlockTable.of(cluster, false).nodes();
    }

    /** What is free on node {@code i} (Slurm node index); never {@code null}. */
    NodeUse[] uses() {
        return uses;
    }

    /** Free CPUs per node before any filtering. */
    int[] freeCpus() {
        return freeCpus;
    }

    /** Scheduling weight per node ({@link SchedWeight}). */
    long[] weights() {
        return weights;
    }

    /** The nodes that may take the job (Slurm's node map); a copy the caller may change. */
    BitSet fit() {
        return (BitSet) fit.clone();
    }

    /** The core filter's verdict per node in the first or the second pass; {@code null} off the node map. */
    CoreFilter.Result[] results(boolean firstPass) {
        return firstPass ? first : second;
    }

    private static NodeVerdicts build(ClusterState state, List<SlurmNode> nodes, SlurmJobSpec job,
                                      SlurmVersion version) {
        int[] nodeOfHost = new int[ClusterIndex.of(state.cluster()).size()];
        Arrays.fill(nodeOfHost, -1);
        for (SlurmNode n : nodes) {
            nodeOfHost[n.host()] = n.index();
        }
        Lineage lineage = new Lineage(nodes, job, version, nodeOfHost, new ConcurrentHashMap<>());
        int size = nodes.size();
        NodeVerdicts t = new NodeVerdicts(lineage, new NodeUse[size], new int[size], new long[size], new BitSet(),
                new CoreFilter.Result[size], new CoreFilter.Result[size]);
        StateUsage usage = state.usage();
        for (SlurmNode n : nodes) {
            t.put(n, usage);
        }
        return t;
    }

    private NodeVerdicts update(ClusterState now, Set<String> hosts) {
        NodeVerdicts t = new NodeVerdicts(lineage, uses.clone(), freeCpus.clone(), weights.clone(),
                (BitSet) fit.clone(), first.clone(), second.clone());
        StateUsage usage = now.usage();
        ClusterIndex index = usage.index();
        for (String host : hosts) {
            int h = index.number(host);
            if (h >= 0 && h < lineage.nodeOfHost().length && lineage.nodeOfHost()[h] >= 0) {
                t.put(lineage.nodes().get(lineage.nodeOfHost()[h]), usage);
            }
        }
        return t;
    }

    /** Sets node {@code n}'s entries from the state's usage, as the attempt computes them. */
    private void put(SlurmNode n, StateUsage usage) {
        Entry e;
        if (usage.idle(n.host())) {
            e = lineage.idle().computeIfAbsent(NodeLayout.of(n), l -> entry(n, FreeResources.use(usage,
                    n, lineage.job())));
        } else {
            e = entry(n, usage.heldWhole(n.host()) ? FreeResources.HELD : FreeResources.use(usage, n, lineage.job()));
        }
        int i = n.index();
        uses[i] = e.use();
        freeCpus[i] = e.freeCores() * n.threadsPerCore();
        weights[i] = (n.weight() << 8) | e.near();
        fit.set(i, e.fit());
        first[i] = e.first();
        second[i] = e.second();
    }

    private Entry entry(SlurmNode n, NodeUse u) {
        SlurmJobSpec job = lineage.job();
        boolean fit = FreeResources.basicFit(n, u, job, Set.of());
        return new Entry(u, u.freeCores().cardinality(), SchedWeight.of(n, u, job, lineage.version()) & 0xff, fit,
                fit ? PassFilter.filterOne(n, u, job, true, lineage.version()) : null,
                fit ? PassFilter.filterOne(n, u, job, false, lineage.version()) : null);
    }
}
