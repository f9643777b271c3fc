package org.topoplanner.model.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.cpu.CpuSet;

/** {@code _check_core_range_matches_sock} (src/interfaces/gres.c) of 24.11.5 and 26.05.5; 22.05.8 has none. */
class GresSocketBoundaryTest {
    @Test
    void aQuarterSocketIsRefusedFrom2411OnButNotBy2205() {
        CpuSet quarter = CpuSet.parse("0-7");
        assertThat(GresSocketBoundary.check(SlurmVersion.V22_05, quarter, 2, 16)).isEmpty();
        assertThat(GresSocketBoundary.check(SlurmVersion.V24_11, quarter, 2, 16))
                .contains(new GresSocketBoundary.Refusal(0, 0, 15));
        assertThat(GresSocketBoundary.refusingVersions(quarter, 2, 16))
                .containsExactly(SlurmVersion.V24_11, SlurmVersion.V26_05);
        assertThat(GresSocketBoundary.check(SlurmVersion.V26_05, CpuSet.parse("24-31"), 2, 16).orElseThrow()
                .message("24-31", "a1")).isEqualTo(
                "GRES core specification 24-31 for node a1 doesn't match socket boundaries. (Socket 1 is cores 16-31)");
    }

    @Test
    void oneWholeSocketAndTheWholeNodePassEverywhere() {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(GresSocketBoundary.check(v, CpuSet.parse("16-31"), 2, 16)).as(v.label()).isEmpty();
            assertThat(GresSocketBoundary.check(v, CpuSet.parse("0-31"), 4, 8)).as(v.label()).isEmpty();
        }
    }

    @Test
    void twoOfFourSocketsPassIn2411OnlyAs2605WantsOneSocketOrAll() {
        CpuSet two = CpuSet.parse("0-15");
        assertThat(GresSocketBoundary.check(SlurmVersion.V24_11, two, 4, 8)).isEmpty();
        assertThat(GresSocketBoundary.check(SlurmVersion.V26_05, two, 4, 8))
                .contains(new GresSocketBoundary.Refusal(0, 0, 7));
    }

    @Test
    void widenedFillsTheTouchedSocketsAndUnder2605TheNode() {
        assertThat(GresSocketBoundary.widened(SlurmVersion.V24_11, CpuSet.parse("8-11"), 2, 16))
                .isEqualTo(CpuSet.parse("0-15"));
        assertThat(GresSocketBoundary.widened(SlurmVersion.V24_11, CpuSet.parse("6-9"), 4, 8))
                .isEqualTo(CpuSet.parse("0-15"));
        assertThat(GresSocketBoundary.widened(SlurmVersion.V26_05, CpuSet.parse("6-9"), 4, 8))
                .isEqualTo(CpuSet.parse("0-31"));
        assertThat(GresSocketBoundary.widened(SlurmVersion.V22_05, CpuSet.parse("6-9"), 4, 8))
                .isEqualTo(CpuSet.parse("6-9"));
    }
}
