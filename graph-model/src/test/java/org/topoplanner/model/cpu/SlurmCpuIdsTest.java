package org.topoplanner.model.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Slurm's abstract CPU ids, the one arithmetic the allocator, the window and the exporters share:
 * threads of a core together ({@code CPU_IDs=0-1} for core 0 with two threads, measured on Slurm 22.05
 * and 24.11), while Linux numbers a core's second thread after all first threads.
 */
class SlurmCpuIdsTest {
    /** 2 sockets x 4 cores x 2 threads: Linux gives core c the threads c and c + 8. */
    private final NodeTopology node = new NodeTopologyBuilder().cpuLayout(2, 1, 4, 2, 0).build();

    @Test
    void readsTheLayoutFromTheNodesCores() {
        assertThat(node.slurmCpuIds()).isEqualTo(new SlurmCpuIds(2, 4, 2));
        assertThat(NodeTopology.unknown().slurmCpuIds()).isEqualTo(new SlurmCpuIds(1, 1, 1));
    }

    @Test
    void numbersTheThreadsOfACoreTogether() {
        SlurmCpuIds ids = node.slurmCpuIds();
        assertThat(ids.cpusOfCores(List.of(0, 4))).isEqualTo(CpuSet.parse("0-1,8-9"));
        assertThat(ids.coresOfCpus(CpuSet.parse("1-2,9"))).isEqualTo(CpuSet.parse("0-1,4"));
        assertThat(ids.socketOfCore(4)).isEqualTo(1);
        assertThat(ids.cpus()).isEqualTo(16);
    }

    @Test
    void translatesToLinuxCpuIdsThroughTheCoresThreads() {
        SlurmCpuIds ids = node.slurmCpuIds();
        assertThat(node.threadsOfCores()).hasSize(8).first().isEqualTo(CpuSet.of(0, 8));
        assertThat(ids.osCpus(CpuSet.parse("0-3"), node.threadsOfCores())).isEqualTo(CpuSet.parse("0-1,8-9"));
        // ids past the node's cores have no Linux CPU
        assertThat(ids.osCpus(CpuSet.parse("14-20"), node.threadsOfCores())).isEqualTo(CpuSet.of(7, 15));
    }

    @Test
    void readsAnHwlocObjectsBitmapAsWrittenWithAnInfiniteTailCutOff() {
        assertThat(CpuSet.fromHwlocMaskAsWritten("0x00000003,,0x00000101")).isEqualTo(CpuSet.of(0, 8, 64, 65));
        assertThat(CpuSet.fromHwlocMaskAsWritten("0xf...f,0x0000000f")).isEqualTo(CpuSet.range(0, 3));
    }
}
