package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;

/**
 * How a core the GPU filter clears lowers a node's CPUs ({@link FilterCores#drop}): 22.05 takes one core's threads off
 * each time the cores left hold fewer CPUs than the count ({@code cons_common/gres_select_filter.c}); 24.11 and 26.05
 * set the count to the cores left ({@code topology/common/gres_filter.c}). On own probe c28c1's two-thread node n1
 * (2 sockets x 4 cores) a count of 15 (five tasks of 3 CPUs) trimmed to 3 cores is 5 in 22.05 and 6 in 24.11.
 */
class FilterCoresTest {
    private static int trimmedToThreeCores(boolean cutToCores) {
        SlurmNode n1 = SlurmNode.of(OracleCase.cluster("c28c1")).stream().filter(n -> n.name().equals("n1"))
                .findFirst().orElseThrow();
        BitSet avail = new BitSet();
        avail.set(0, 8);
        FilterCores cores = new FilterCores(n1, avail, 15, cutToCores);
        for (int c = 3; c >= 1; c--) {
            cores.drop(0, c);
        }
        for (int c = 3; c >= 2; c--) {
            cores.drop(1, c);
        }
        return cores.cpus;
    }

    @Test
    void release2205TakesACoresThreadsOff() {
        assertThat(trimmedToThreeCores(false)).isEqualTo(5);
    }

    @Test
    void releases2411And2605KeepTheCoresLeft() {
        assertThat(trimmedToThreeCores(true)).isEqualTo(6);
    }
}
