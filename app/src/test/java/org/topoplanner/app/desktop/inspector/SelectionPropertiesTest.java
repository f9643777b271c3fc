package org.topoplanner.app.desktop.inspector;

import org.topoplanner.app.desktop.tree.TreeEntry;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.ShippedData;

/** The inspector's properties of the example cluster, a switch and a host. */
class SelectionPropertiesTest {
    private final Cluster example = ShippedData.exampleCluster();

    @Test
    void theClusterCountsItsSwitchesHostsAndGpus() {
        Map<String, String> v = values(SelectionProperties.of(example, new TreeEntry(TreeEntry.Kind.CLUSTER, "example", "")));
        assertThat(v).containsEntry("Fabric/core switches", "1").containsEntry("Fabric/spine switches", "2")
                .containsEntry("Fabric/leaf switches", "4").containsEntry("Hosts/hosts", "32")
                .containsEntry("Hosts/GPUs", "256");
    }

    @Test
    void aLeafListsItsHostsAsAHostlist() {
        Map<String, String> v = values(SelectionProperties.of(example, new TreeEntry(TreeEntry.Kind.SWITCH, "leaf2", "")));
        assertThat(v).containsEntry("Switch/tier", "1 (leaf)").containsEntry("Links/parents", "spine1")
                .containsEntry("Links/hosts", "node[09-16]").containsEntry("Links/hosts below", "8");
    }

    @Test
    void aHostHasItsShapeAndSwitches() {
        Map<String, String> v = values(SelectionProperties.of(example, new TreeEntry(TreeEntry.Kind.HOST, "node01", "")));
        assertThat(v).containsEntry("Node/sockets / NUMA / cores / threads", "2 / 2 / 32 / 32")
                .containsEntry("Node/GPUs, NICs", "8, 4").containsEntry("Fabric/switches", "leaf1");
        assertThat(v).containsKeys("Scheduling/weight", "Scheduling/features");
    }

    @Test
    void devicesAndNothingSelectedHaveNoSheet() {
        assertThat(SelectionProperties.of(example, null)).isEmpty();
        assertThat(SelectionProperties.of(example, new TreeEntry(TreeEntry.Kind.GPU, "GPU0", ""))).isEmpty();
    }

    private static Map<String, String> values(List<InspectorProperty> all) {
        return all.stream().collect(Collectors.toMap(p -> p.category() + "/" + p.name(), InspectorProperty::value));
    }
}
