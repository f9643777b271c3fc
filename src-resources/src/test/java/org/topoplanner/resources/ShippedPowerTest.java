package org.topoplanner.resources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.model.power.PowerKind;
import org.topoplanner.model.power.SwitchModel;

/** The power figures the shipped templates and switch models carry, each from a named document. */
class ShippedPowerTest {

    @Test
    void theDgxTemplatesCarryTheirUserGuidesMaxima() {
        assertThat(ShippedData.template(NodeTemplate.HGX_H100_SXM).power(PowerKind.MAXIMUM))
                .hasValueSatisfying(p -> assertThat(p.watts()).isEqualTo(10_200));
        assertThat(ShippedData.template(NodeTemplate.HGX_A100_SXM4).power(PowerKind.MAXIMUM))
                .hasValueSatisfying(p -> assertThat(p.watts()).isEqualTo(6_500));
    }

    @Test
    void nvl72TraysAreEstimatesNotVendorFigures() {
        for (NodeTemplate t : new NodeTemplate[] {NodeTemplate.GB200_NVL72_TRAY, NodeTemplate.GB300_NVL72_TRAY}) {
            assertThat(ShippedData.template(t).power()).extracting(PowerFigure::kind).containsExactly(PowerKind.ESTIMATE);
        }
        // 18 trays make one rack: the estimate must land on the rack figures it was shared from (120 kW)
        int rack = 18 * ShippedData.template(NodeTemplate.GB200_NVL72_TRAY).power().get(0).watts();
        assertThat(rack).isBetween(115_000, 125_000);
    }

    @ParameterizedTest
    @EnumSource(NodeTemplate.class)
    void everyFigureNamesWhereItComesFrom(NodeTemplate t) {
        for (PowerFigure p : ShippedData.template(t).power()) {
            assertThat(p.source()).as(t.id()).containsAnyOf("https://", "TechRadar");
        }
    }

    @Test
    void ndrDesignsAreBuiltFromTheQm9700WithTypicalAndMaximum() {
        SwitchModel m = ShippedData.switchModel(LinkSpeed.NDR).orElseThrow();
        assertThat(m.model()).contains("QM9700");
        assertThat(m.ports()).isEqualTo(64);
        assertThat(m.power(PowerKind.TYPICAL)).hasValueSatisfying(p -> assertThat(p.watts()).isEqualTo(747));
        assertThat(m.power(PowerKind.MAXIMUM)).hasValueSatisfying(p -> assertThat(p.watts()).isEqualTo(1_720));
        assertThat(ShippedData.switchModel(LinkSpeed.HDR)).as("no HDR data sheet is shipped").isEmpty();
    }
}
