package org.topoplanner.app.desktop.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The cluster tree lists switches and hosts by name in natural order, whatever order discovery gave. */
class ClusterTreeItemsTest {

    @Test
    void namesAreInNaturalOrderNotDiscoveryOrder() {
        FabricBuilder fb = new FabricBuilder();
        // discovered last-first, as ibnetdiscover lists them
        for (String s : List.of("top", "leaf10", "leaf2", "leaf1")) {
            fb.addSwitch(s);
        }
        fb.cable("top", "leaf10");
        fb.cable("top", "leaf2");
        fb.cable("top", "leaf1");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        NodeTopology node = ShippedData.template(NodeTemplate.HGX_H100_SXM);
        Map<String, String> leafOf = new LinkedHashMap<>();
        leafOf.put("n10", "leaf1");
        leafOf.put("n9", "leaf1");
        leafOf.put("n1", "leaf1");
        leafOf.put("m1", "leaf2");
        leafOf.put("k1", "leaf10");
        for (String h : leafOf.keySet()) {
            fb.addHost(h);
            fb.cable(leafOf.get(h), h);
            nodes.put(h, node);
            attrs.put(h, HostAttributes.DEFAULT);
        }
        Cluster c = new Cluster("t", fb.build(), nodes, attrs, null, null);
        TreeItem<TreeEntry> root = ClusterTreeItems.build(c);
        TreeItem<TreeEntry> top = root.getChildren().get(0);
        assertThat(top.getValue().name()).isEqualTo("top");
        assertThat(top.getChildren()).extracting(i -> i.getValue().name()).containsExactly("leaf1", "leaf2", "leaf10");
        assertThat(top.getChildren().get(0).getChildren()).extracting(i -> i.getValue().name())
                .containsExactly("n1", "n9", "n10");
    }
}
