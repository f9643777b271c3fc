package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code _cyclic_sync_core_bitmap}'s {@code sock_avoid} ({@code dist_tasks.c}, the same in 22.05, 24.11 and 26.05):
 * with {@code --ntasks-per-socket}, a socket is left out, from socket 0 up, while the other sockets still hold the
 * node's CPUs. Own cases fuzz42 p8 and fuzz41 p21 (real 22.05.8, 24.11.5 and 26.05.5 alike).
 */
class SockAvoidTest {

    private static BitSet cores(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void oneTaskPerSocketOnAnIdleNodeRunsOnTheLastSocket() {
        // fuzz42 h5: 2 sockets x 8 cores x 2 threads, idle; -n3 --ntasks-per-socket=1 -c4 gives it one task, CPUs 16-19
        SlurmNode h5 = new SlurmNode("h5", 0, 0, 2, 8, 2, 1, List.of());
        assertThat(CoreDistributor.cyclic(h5, cores(0, 16), 4, 4, 1)).isEqualTo(cores(8, 10));
        assertThat(CoreDistributor.cyclic(h5, cores(0, 16), 4, 4, null)).isEqualTo(cores(0, 2));
    }

    @Test
    void aPartlyBusyFirstSocketIsAvoidedToo() {
        // fuzz41 g2: 2 x 16 cores, cores 0-1 busy; -n3 --ntasks-per-socket=1 -c2 gives it one task, CPUs 16-17
        SlurmNode g2 = new SlurmNode("g2", 0, 0, 2, 16, 1, 1, List.of());
        assertThat(CoreDistributor.cyclic(g2, cores(2, 32), 2, 2, 1)).isEqualTo(cores(16, 18));
    }

    @Test
    void noSocketIsAvoidedWhenEveryOneIsNeeded() {
        // two tasks, one per socket: both sockets give 2 cores each (k1 of fuzz42 p8 takes CPUs on both sockets)
        SlurmNode k1 = new SlurmNode("k1", 0, 0, 2, 16, 1, 1, List.of());
        BitSet both = cores(5, 9);
        both.or(cores(16, 20));
        assertThat(CoreDistributor.cyclic(k1, cores(5, 32), 8, 4, 1)).isEqualTo(both);
    }
}
