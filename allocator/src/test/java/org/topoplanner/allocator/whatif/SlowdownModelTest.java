package org.topoplanner.allocator.whatif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SlowdownModelTest {
    @Test
    void aQuarterOfTheBandwidthCostsThreeTimesTheCommunicationShare() {
        // c = 0.3, best 100 GB/s, got 25: 0.7 + 0.3 x 4 = 1.9
        assertThat(SlowdownModel.DEFAULT.slowdown(100, 25)).isCloseTo(1.9, Offset.offset(1e-12));
        assertThat(new SlowdownModel(0.5).slowdown(50, 10)).isCloseTo(3.0, Offset.offset(1e-12));
    }

    @Test
    void neverBelowOneAndUnknownWhenABandwidthIs() {
        assertThat(SlowdownModel.DEFAULT.slowdown(25, 100)).isEqualTo(1.0);
        assertThat(SlowdownModel.DEFAULT.slowdown(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)).isEqualTo(1.0);
        assertThat(SlowdownModel.DEFAULT.slowdown(100, 0)).isNaN();
        assertThat(SlowdownModel.DEFAULT.slowdown(Double.NaN, 10)).isNaN();
        assertThatThrownBy(() -> new SlowdownModel(1.5)).hasMessageContaining("0..1");
    }
}
