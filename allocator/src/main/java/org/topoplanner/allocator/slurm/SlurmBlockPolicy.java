package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.SlurmVersion;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * {@code slurm-block}: Slurm's {@code topology/block} as 24.11.5 behaves ({@link BlockSelector});
 * cores and GPUs on each node as in {@link SlurmTreePolicy} (24.11 rules). 22.05 has no block
 * plugin, so the version option is ignored.
 */
public final class SlurmBlockPolicy implements PlacementPolicy {
    private final PolicyOptions options;

    public SlurmBlockPolicy(PolicyOptions options) {
        // the options carry nothing block-specific yet; 24.11 is the only release with the plugin
        this.options = options;
    }

    @Override
    public String id() {
        return "slurm-block";
    }

    /**
     * With partitions or {@code topology.yaml}, the job's partition decides the nodes and the
     * topology ({@link PartitionTopology}): a tree or flat topology is placed as
     * {@link SlurmTreePolicy} places it, a block one here.
     */
    @Override
    public Suggestion suggest(ClusterState state, JobRequest request) {
        PartitionTopology p = PartitionTopology.resolve(state, request);
        if (p.refusal() != null) {
            return new Suggestion.Impossible(p.refusal());
        }
        if (p.kind() != null && !"block".equals(p.kind())) {
            return new SlurmTreePolicy(options).onTree(p.state(), p.request(), "flat".equals(p.kind()));
        }
        return onBlocks(p.state(), p.request());
    }

    /** The placement on the blocks of the state's own fabric. */
    static Suggestion onBlocks(ClusterState state, JobRequest request) {
        SlurmJobSpec job = SlurmJobSpec.of(request);
        Cluster cluster = state.cluster();
        List<SlurmNode> nodes = SlurmNode.of(cluster);
        Map<String, Integer> index = new HashMap<>();
        nodes.forEach(n -> index.put(n.name(), n.index()));
        List<BitSet> bases = new ArrayList<>();
        for (Block b : cluster.fabric().blocks()) {
            BitSet bits = new BitSet();
            b.nodes().stream().filter(index::containsKey).forEach(h -> bits.set(index.get(h)));
            bases.add(bits);
        }
        BlockSelector empty = new BlockSelector(nodes, bases, cluster.fabric().blockSizes(), new BitSet());
        String never = empty.impossible(job);
        if (never != null) {
            return new Suggestion.Impossible(never);
        }
        BlockSelector chooser = new BlockSelector(nodes, bases, cluster.fabric().blockSizes(), blocked(state, bases,
                index));
        SlurmAllocation alloc = SlurmAllocation.attempt(state, nodes, chooser, job, SlurmVersion.V24_11);
        if (alloc == null) {
            if (SlurmAllocation.attempt(ClusterState.empty(cluster), nodes, empty, job, SlurmVersion.V24_11) == null) {
                return new Suggestion.Impossible("Requested node configuration is not available");
            }
            return new Suggestion.Pending(PendingReason.RESOURCES,
                    "no block of the level " + job.name() + " needs has enough free nodes");
        }
        Placement p = alloc.placement(job.name());
        return new Suggestion.Placed(p, List.of("blocks " + String.join(",",
                org.topoplanner.allocator.replay.Leaves.of(cluster, p))));
    }

    /** Nodes of base blocks that hold an {@code --exclusive=topo} job: no other job goes there (K5). */
    private static BitSet blocked(ClusterState state, List<BitSet> bases, Map<String, Integer> index) {
        BitSet out = new BitSet();
        for (String job : state.running().keySet()) {
            if (state.hold(job) != ClusterState.Hold.WHOLE_BLOCKS) {
                continue;
            }
            BitSet used = new BitSet();
            state.running().get(job).hostNames().forEach(h -> used.set(index.get(h)));
            for (BitSet b : bases) {
                if (b.intersects(used)) {
                    out.or(b);
                }
            }
        }
        return out;
    }
}
