package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** Cables by length class: in-rack copper for a fat tree's hosts, optics (two transceivers each) elsewhere. */
class CableClassesTest {

    private static CableClasses of(FabricDesign d) {
        BillOfMaterials bill = BillOfMaterials.of(ClusterDesigner.design("d", d, ShippedData.template(NodeTemplate.HGX_H100_SXM)));
        return CableClasses.of(bill, d.kind());
    }

    @Test
    void aFatTreesHostCablesAreCopperAndItsUplinksOptical() {
        // 4 leaves of 8 hosts, 2 spines, 2 uplinks per leaf: 32 host cables, 8 leaf–spine cables
        CableClasses c = of(new FabricDesign(FabricDesign.Kind.FAT_TREE, 4, 8, 4, 2, 0, 2, 1, LinkSpeed.NDR, "node"));
        assertThat(c.lines()).anyMatch(l -> l.startsWith("32 host\u2013leaf: copper DAC"))
                .anyMatch(l -> l.startsWith("8 leaf\u2013spine: optical, 16 transceivers"))
                .last().asString().startsWith("16 transceivers in all");
    }

    @Test
    void aRailOptimisedFabricsHostCablesLeaveTheRack() {
        CableClasses c = of(new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 8, 4, 8, 2, 0, 4, 8, LinkSpeed.NDR, "node"));
        assertThat(c.lines()).noneMatch(l -> l.contains("copper DAC"))
                .anyMatch(l -> l.contains("host\u2013leaf: optical") && l.contains("rail leaves"));
    }
}
