package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LabelSpacingTest {
    @Test
    void racksFourPixelsApartGetEveryFourthLabelAndNoneTouch() {
        double[] centres = IntStream.range(0, 128).mapToDouble(i -> 60 + i * 4.1).toArray();
        List<Integer> kept = LabelSpacing.pick(centres, 13, 3);
        assertThat(kept).startsWith(0, 4, 8);
        for (int k = 1; k < kept.size(); k++) {
            assertThat(centres[kept.get(k)] - centres[kept.get(k - 1)]).isGreaterThanOrEqualTo(16);
        }
        assertThat(kept.size()).isGreaterThan(28);
    }

    @Test
    void labelsWithRoomAreAllKept() {
        assertThat(LabelSpacing.pick(new double[] {10, 40, 70}, 13, 3)).containsExactly(0, 1, 2);
    }
}
