package org.topoplanner.app.desktop.fabric.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.NodeTopology;

/**
 * Real {@code ibnetdiscover} lists switches last-discovered first (inputs/example-32.ibnetdiscover: leaf4,
 * leaf3, spine2, core, leaf2, spine1, leaf1); the fabric view still reads leaf1 to leaf4 left to right.
 */
class DiscoveryOrderLayoutTest {
    @Test
    void leavesAndRacksStandInNaturalOrderWhateverTheDiscoveryOrder() throws Exception {
        Path file = Path.of(getClass().getResource("/inputs/example-32.ibnetdiscover").toURI());
        Fabric f = new IbnetdiscoverReader().read(new SourceText(file.toString(), Files.readString(file))).part().fabric();
        Map<String, NodeTopology> nodes = new java.util.LinkedHashMap<>();
        f.hosts().forEach(h -> nodes.put(h.name(), NodeTopology.unknown()));
        FabricLayout l = FabricLayout.compute(new Cluster("example-32", f, nodes, Map.of(), null, null));

        List<String> leaves = l.switches().stream().filter(s -> s.name().startsWith("leaf"))
                .sorted(Comparator.comparingDouble(SwitchBox::centerX)).map(SwitchBox::name).toList();
        assertThat(leaves).containsExactly("leaf1", "leaf2", "leaf3", "leaf4");
        List<String> racks = l.racks().stream().sorted(Comparator.comparingDouble(RackBox::centerX))
                .map(RackBox::label).toList();
        assertThat(racks).containsExactly("node[001-008]", "node[009-016]", "node[017-024]", "node[025-032]");
    }
}
