package org.topoplanner.app.desktop.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopologyBuilder;

class ResultSummaryTest {
    @Test
    void countsHostsSwitchesAndGpusWithTheirPlurals() {
        var fabric = new FabricBuilder().addSwitch("leaf1").addHost("a").addHost("b");
        fabric.cable("leaf1", "a");
        fabric.cable("leaf1", "b");
        var oneGpu = new NodeTopologyBuilder().derivePcieLinks(false)
                .gpu(Gpu.simple(0, null, 0, null, null))
                .build();
        Cluster c = new Cluster("c", fabric.build(), Map.of("a", oneGpu), Map.of(), null, null);
        assertThat(ResultSummary.of(c)).isEqualTo("2 hosts, 1 switch, 1 GPU");
    }

    @Test
    void saysSoWhenThereIsNoCluster() {
        assertThat(ResultSummary.of(null)).isEqualTo("no cluster: nothing would be imported");
    }
}
