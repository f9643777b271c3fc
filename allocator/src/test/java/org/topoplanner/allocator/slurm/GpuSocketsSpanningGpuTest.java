package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;

/**
 * {@code _build_sock_gres_by_topo} (22.05 {@code cons_tres/gres_sched.c}, 24.11 {@code cons_tres/gres_sock_list.c}):
 * a GPU whose {@code Cores=} span two of four sockets counts once, on the first of them (under
 * {@code enforce-binding} the first with an available core). Own probe gressock2's f1 ({@code Cores=0-15} and
 * {@code 16-31}, sockets of 8 cores), a node 24.11.5 accepts.
 */
class GpuSocketsSpanningGpuTest {
    private final SlurmNode f1 = SlurmNode.of(OracleCase.cluster("gressock2")).stream()
            .filter(n -> n.name().equals("f1")).findFirst().orElseThrow();

    private static BitSet range(int from, int toExclusive) {
        BitSet b = new BitSet();
        b.set(from, toExclusive);
        return b;
    }

    @Test
    void aGpuOnTwoSocketsCountsOnceOnTheFirst() {
        GpuSockets gs = GpuSockets.of(f1, range(0, 2), range(0, 32));
        assertThat(gs.total()).isEqualTo(2);
        assertThat(gs.bySock()).containsExactly(1, 0, 1, 0);
        assertThat(gs.bits()[0].stream().toArray()).containsExactly(0);
        assertThat(gs.bits()[1].isEmpty()).isTrue();
    }

    @Test
    void enforceBindingSkipsASocketWithoutAFreeCore() {
        // socket 0 (cores 0-7) busy: GPU 0 counts on socket 1; sockets 2 and 3 busy: GPU 1 counts nowhere
        GpuSockets bound = GpuSockets.of(f1, range(0, 2), range(8, 16), true);
        assertThat(bound.bySock()).containsExactly(0, 1, 0, 0);
        assertThat(bound.total()).isEqualTo(1);
        // without the flag the socket loop looks at no core
        assertThat(GpuSockets.of(f1, range(0, 2), range(8, 16)).bySock()).containsExactly(1, 0, 1, 0);
    }
}
