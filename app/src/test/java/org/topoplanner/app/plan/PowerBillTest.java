package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.power.PowerKind;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The power lines of New cluster…'s bill: hosts by template, switches per tier by model, and the total. */
class PowerBillTest {

    private static PowerBill bill(FabricDesign d, NodeTemplate t) {
        Cluster c = ClusterDesigner.design("power", d, ShippedData.template(t));
        return PowerBill.of(c, BillOfMaterials.of(c), ShippedData.switchModel(d.speed()));
    }

    @Test
    void anNdrFatTreeOfH100sAddsHostsLeavesAndSpinesAtTheirMaxima() {
        // 128 DGX H100 at 10.2 kW max, 8 leaves and 4 spines QM9700 at 1,720 W max (747 W typical)
        PowerBill b = bill(new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 16, 8, 4, 0, 16, 1, LinkSpeed.NDR, "node"),
                NodeTemplate.HGX_H100_SXM);
        assertThat(b.lines()).extracting(PowerLine::count).containsExactly(128, 8, 4);
        assertThat(b.lines()).extracting(PowerLine::watts).containsExactly(128 * 10_200.0, 8 * 1_720.0, 4 * 1_720.0);
        assertThat(b.totalWatts()).isEqualTo(1_305_600 + 13_760 + 6_880);
        assertThat(b.complete()).isTrue();
        assertThat(b.lines().get(0).text()).isEqualTo("128 hosts \u00d7 10.2 kW max = 1,306 kW");
        assertThat(b.lines().get(1).text()).isEqualTo(
                "8 leaf switches \u00d7 1,720 W max = 13.8 kW (747 W typical each)");
        assertThat(b.lines().get(1).typical()).hasValueSatisfying(t -> assertThat(t.kind()).isEqualTo(PowerKind.TYPICAL));
        assertThat(b.lines().get(1).detail()).contains("maximum (vendor's figure)").contains("qm97x0hw/specifications")
                .startsWith("NVIDIA Quantum-2 QM9700 (64 NDR ports; up to 32 used)");
        assertThat(b.totalText()).isEqualTo("total 1,326 kW (max figures)");
    }

    @Test
    void aSpeedWithoutAShippedSwitchModelLeavesItsSwitchesOutOfTheTotalAndSaysSo() {
        PowerBill b = bill(new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 16, 8, 4, 0, 16, 1, LinkSpeed.HDR, "node"),
                NodeTemplate.HGX_A100_SXM4);
        assertThat(b.totalWatts()).isEqualTo(128 * 6_500.0);
        assertThat(b.complete()).isFalse();
        assertThat(b.lines().get(1).text()).isEqualTo("8 leaf switches: no switch data sheet is shipped for this link speed");
        assertThat(b.totalText()).isEqualTo("total 832 kW (max figures), without 8 leaf switches, 4 spine switches");
    }

    @Test
    void switchesUsingMorePortsThanTheModelHasGetNoFigure() {
        // 64 hosts and 64 uplinks per leaf: 128 ports, twice a QM9700's 64
        PowerBill b = bill(new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 64, 8, 4, 0, 64, 1, LinkSpeed.NDR, "node"),
                NodeTemplate.HGX_H100_SXM);
        assertThat(b.lines().get(1).each()).isEmpty();
        assertThat(b.lines().get(1).text()).contains("128 ports, more than the 64 of a NVIDIA Quantum-2 QM9700");
        assertThat(b.totalWatts()).isEqualTo(512 * 10_200.0);
    }

    @Test
    void aTemplateWithoutFiguresCountsNoHostPower() {
        PowerBill b = bill(FabricDesign.fatTree(2, 4, 1, LinkSpeed.NDR), NodeTemplate.WORKSTATION_4GPU);
        assertThat(b.lines().get(0).text()).isEqualTo("8 hosts: the node template gives no power figure");
        assertThat(b.totalWatts()).isEqualTo(3 * 1_720.0);
        assertThat(b.totalText()).endsWith("without 8 hosts");
    }

    @Test
    void nvl72TraysAreAddedAsEstimatesAndTheTotalSaysItMixesKinds() {
        PowerBill b = bill(FabricDesign.fatTree(2, 18, 1, LinkSpeed.NDR), NodeTemplate.GB200_NVL72_TRAY);
        assertThat(b.lines().get(0).text()).startsWith("36 hosts \u00d7 6.7 kW estimate");
        assertThat(b.lines().get(0).detail()).contains("estimate (no vendor figure for this part)");
        assertThat(b.totalText()).contains("(estimate and max figures)");
        assertThat(Optional.of(b.totalWatts())).contains(36 * 6_700.0 + 3 * 1_720.0);
    }
}
