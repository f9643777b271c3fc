package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class GpuRingTest {

    @Property(tries = 200)
    void theBestRingMatchesBruteForce(@ForAll @IntRange(min = 3, max = 7) int n, @ForAll long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        double[][] rate = new double[n][n];
        double[] levels = {0, 10, 26.25, 100, 300};
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                rate[i][j] = rate[j][i] = levels[rnd.nextInt(levels.length)];
            }
        }
        GpuRing ring = GpuRing.best(rate);
        assertThat(ring.bottleneck()).isEqualTo(bruteForce(rate));
        assertThat(new HashSet<>(ring.order())).hasSize(n);
        assertThat(rate[ring.slowFrom()][ring.slowTo()]).isEqualTo(ring.bottleneck());
        assertThat(ring.exact()).isTrue();
    }

    @Test
    void twoDevicesUseTheirOneLinkAndOneDeviceHasNoStep() {
        assertThat(GpuRing.best(new double[][] {{0, 42}, {42, 0}}).bottleneck()).isEqualTo(42);
        assertThat(GpuRing.best(new double[][] {{0}}).bottleneck()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    private static double bruteForce(double[][] rate) {
        int n = rate.length;
        List<Integer> rest = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            rest.add(i);
        }
        return permute(rate, new ArrayList<>(List.of(0)), rest);
    }

    private static double permute(double[][] rate, List<Integer> path, List<Integer> rest) {
        if (rest.isEmpty()) {
            double worst = Double.POSITIVE_INFINITY;
            for (int k = 0; k < path.size(); k++) {
                worst = Math.min(worst, rate[path.get(k)][path.get((k + 1) % path.size())]);
            }
            return worst;
        }
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < rest.size(); i++) {
            List<Integer> r = new ArrayList<>(rest);
            path.add(r.remove(i));
            best = Math.max(best, permute(rate, path, r));
            path.remove(path.size() - 1);
        }
        return best;
    }
}
