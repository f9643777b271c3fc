package org.topoplanner.allocator.whatif;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BinnedSeriesTest {
    @Test
    void averagesAStepFunctionPerBinAndMergesBinsWhenTimeRunsOn() {
        BinnedSeries s = new BinnedSeries(10, 4);
        s.set(0, 2);
        s.set(15, 6);
        s.advance(40);
        assertThat(s.averages()).containsExactly(2, 4, 6, 6);
        s.set(60, 0);
        s.advance(80);
        // past 4 bins of 10 s: bins of 20 s now
        assertThat(s.width()).isEqualTo(20);
        assertThat(s.averages()).containsExactly(3, 6, 6, 0);
        assertThat(s.mean()).isCloseTo((2 * 15 + 6 * 45) / 80.0, org.assertj.core.data.Offset.offset(1e-12));
    }
}
