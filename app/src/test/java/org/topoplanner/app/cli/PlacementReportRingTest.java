package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a ring estimate left out is printed under the placement, folded by what was assumed. */
class PlacementReportRingTest {
    @Test
    void foldsTheHostsOfOneAssumption() {
        List<String> lines = PlacementReport.ringAssumptions(List.of(
                "node1101: cable width or speed unknown, left out of the estimate",
                "node1102: cable width or speed unknown, left out of the estimate",
                "node1103: cable width or speed unknown, left out of the estimate",
                "g7: GPU model not recognised, H100 rates taken as NVLink 3 and PCIe Gen4"));
        assertThat(lines).containsExactly(
                "3 hosts (node1101, ...): cable width or speed unknown, left out of the estimate",
                "g7: GPU model not recognised, H100 rates taken as NVLink 3 and PCIe Gen4");
    }

    @Test
    void printsNothingWhenNothingWasAssumed() {
        assertThat(PlacementReport.ringAssumptions(List.of())).isEmpty();
    }

    @Test
    void placeOnCablesOfKnownRatesAssumesNothing() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "planner", "--", "-N", "2",
                "--gpus-per-node=8");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("ring all-reduce ~").doesNotContain("ring estimate:");
    }
}
