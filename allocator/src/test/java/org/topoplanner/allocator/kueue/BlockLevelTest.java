package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.ShippedData;

/**
 * A cluster of blocks alone (no switch) derives the block level the Kueue export writes
 * ({@code topoplanner.org/block} above the hostname), so {@code --kueue-required topoplanner.org/block} keeps a
 * job in one block; a host outside every block leaves the hostname level alone.
 */
class BlockLevelTest {

    /** The example cluster's 32 hosts in 8 blocks of 4 (the first {@code blocks} of them), no switch. */
    private static Cluster blocks(int blocks) {
        Cluster c = ShippedData.exampleCluster();
        FabricBuilder b = new FabricBuilder();
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        hosts.forEach(b::addHost);
        for (int i = 0; i < blocks; i++) {
            b.block(new Block("b" + (i + 1), hosts.subList(4 * i, 4 * i + 4)));
        }
        return new Cluster("blocks", b.build(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes());
    }

    @Test
    void aClusterOfBlocksAloneHasTheBlockLevelAboveTheHostname() {
        TopologyLevels l = TopologyLevels.of(blocks(8));
        assertThat(l.levels()).containsExactly("topoplanner.org/block", "kubernetes.io/hostname");
        assertThat(l.values().get("node05")).containsExactly("b2", "node05");
        assertThat(TopologyLevels.of(blocks(7)).levels()).containsExactly("kubernetes.io/hostname");
    }

    @Test
    void aJobRequiredInOneBlockStaysInOneBlock() {
        Cluster c = blocks(8);
        // node01-03 busy: b1 holds one free node, so three pods required in one block go to b2
        List<HostAllocation> busy = new ArrayList<>();
        for (String h : List.of("node01", "node02", "node03")) {
            busy.add(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.empty()));
        }
        ClusterState state = ClusterState.empty(c).with(new Placement("busy", busy));
        Suggestion s = new KueueTasPolicy(PolicyOptions.DEFAULT).suggest(state, JobRequest.nodesWithGpus("j", 3, 8),
                KueueTasPolicyTest.tas("j", 3, "topoplanner.org/block", null, false));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hostNames()).containsExactly("node05", "node06", "node07");
    }
}
