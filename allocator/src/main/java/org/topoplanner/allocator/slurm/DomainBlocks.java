package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink domains as Slurm base blocks when the fabric names no block: a cluster known from
 * {@code nvidia-smi -q} cliques or clique labels is configured, as Topograph writes it, with one
 * {@code BlockName=} per NVLink domain, and {@code topology/block} then places on those blocks with its
 * usual semantics. A fabric with blocks of its own is left as it is (its {@code topology.conf} decides).
 */
final class DomainBlocks {
    private DomainBlocks() {
    }

    static ClusterState asBlocks(ClusterState state) {
        Cluster c = state.cluster();
        NvlinkDomains domains = NvlinkReach.of(c);
        if (!c.fabric().blocks().isEmpty() || domains.isEmpty()) {
            return state;
        }
        Cluster view = ClusterIndex.of(c).derived(DomainBlocks.class, DomainBlocks::view);
        return state.onCluster(view);
    }

    private static Cluster view(Cluster c) {
        FabricBuilder b = FabricBuilder.withoutBlocks(c.fabric());
        for (NvlinkDomain d : NvlinkReach.of(c).all()) {
            b.block(new Block(d.name(), d.hosts()));
        }
        return new Cluster(c.name(), b.build(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes(), c.nvlink());
    }
}
