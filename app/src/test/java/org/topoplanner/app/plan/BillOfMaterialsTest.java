package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The bill of materials New cluster… shows, counted from the designed cluster. */
class BillOfMaterialsTest {
    @Test
    void aTwoTierFatTreeOf128HostsCountsItsSwitchesCablesAndGpus() {
        // 8 leaves x 16 hosts, one pod of 8 leaves under 4 spines, 16 uplinks per leaf: non-blocking
        FabricDesign d = new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 16, 8, 4, 0, 16, 1, LinkSpeed.NDR, "node");
        Cluster c = ClusterDesigner.design("bom", d, ShippedData.template(NodeTemplate.HGX_H100_SXM));
        BillOfMaterials b = BillOfMaterials.of(c);
        assertThat(b.hosts()).isEqualTo(128);
        assertThat(b.gpus()).isEqualTo(128 * 8);
        assertThat(b.switchesPerTier()).containsEntry(1, 8).containsEntry(2, 4);
        assertThat(b.cables()).containsEntry("host\u2013leaf", 128).containsEntry("leaf\u2013spine", 128);
        assertThat(b.speeds()).containsEntry("leaf\u2013spine", "NDR");
        assertThat(b.portsPerTier()).containsEntry(1, 32).containsEntry(2, 32);
        assertThat(b.leafOversubscription()).isEqualTo(1.0);
        assertThat(b.lines()).contains("8 leaf switches, 32 ports used each at most", "128 leaf\u2013spine cables (NDR)");
    }

    @Test
    void halfTheUplinksDoubleTheLeavesOversubscription() {
        FabricDesign d = new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 16, 8, 4, 0, 8, 1, LinkSpeed.HDR, "node");
        BillOfMaterials b = BillOfMaterials.of(ClusterDesigner.design("bom", d,
                ShippedData.template(NodeTemplate.HGX_H100_SXM)));
        assertThat(b.leafOversubscription()).isEqualTo(2.0);
        assertThat(b.lines()).contains("leaves oversubscribed 2.0:1 (host ports over uplinks)");
    }
}
