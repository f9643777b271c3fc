package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * {@code Cores=} as written for a sub-NUMA-clustered node (2 sockets x 16 cores, two NUMA nodes per socket):
 * a NUMA node's cores split a socket, which 24.11.5 and 26.05.5 refuse ({@code _check_core_range_matches_sock};
 * probe case gressock1: the node INVAL), so the writer gives whole sockets.
 */
class GresConfWriterSocketTest {
    private static NodeTopology sncNode() {
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false).cpuLayout(2, 2, 16, 1, 64000);
        b.gpu(new Gpu("GPU0", 0, null, List.of(1), CpuSet.range(8, 15), null, null, null));
        b.gpu(new Gpu("GPU1", 1, null, List.of(1, 2), CpuSet.range(8, 23), null, null, null));
        b.gpu(new Gpu("GPU2", 2, null, List.of(2, 3), CpuSet.range(16, 31), null, null, null));
        return b.build();
    }

    @Test
    void aNumaNodeHalfASocketIsWrittenAsItsWholeSocket() {
        assertThat(GresConfWriter.linesFor(sncNode())).containsExactly(
                "Name=gpu File=/dev/nvidia0 Cores=0-15",
                "Name=gpu File=/dev/nvidia1 Cores=0-31",
                "Name=gpu File=/dev/nvidia2 Cores=16-31");
    }
}
