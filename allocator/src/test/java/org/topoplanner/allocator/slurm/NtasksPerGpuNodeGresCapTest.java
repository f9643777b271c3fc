package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code gres_select_filter_remove_unusable} (22.05 {@code cons_common/gres_select_filter.c}, 24.11 and 26.05
 * {@code cons_tres/gres_select_filter.c}) caps a node's {@code max_node_gres} at its free CPUs over
 * {@code cpus_per_gres}, which for a job without {@code --cpus-per-gpu} is {@code --ntasks-per-gpu} times {@code -c}
 * (not for a whole-node job). {@code gres_filter_sock_core}'s {@code _set_max_gres} (24.11
 * {@code topology/common/gres_filter.c}) then asks the node for that many GPUs at most. featfz22 f74
 * ({@code --gpus=5 --ntasks-per-gpu=3 -c3}, second pass) on an idle 2 x 16-core a node: 32 / 9 = 3 GPUs, so socket 0's
 * 4 suffice, socket 1 is no required socket and only its count is cut to the 27 cores of 9 tasks (real 24.11.5: a4
 * cores 0-26, GPUs 0, 1, 4). Without the cap the node was asked for 5, both sockets were required and trimmed evenly
 * (13 + 14 cores).
 */
class NtasksPerGpuNodeGresCapTest {
    private static final String F74 = "-p fat,mix --gpus=5 --ntasks-per-gpu=3 -c3 --time=20";

    private static SlurmNode a4() {
        return SlurmNode.of(OracleCase.cluster("featfz22")).stream().filter(n -> n.name().equals("a4")).findFirst()
                .orElseThrow();
    }

    @Test
    void anIdleNodeIsAskedForItsCpusOverTasksTimesCpusPerTask() throws Exception {
        SlurmNode a4 = a4();
        BitSet cores = new BitSet();
        cores.set(0, a4.sockets() * a4.coresPerSocket());
        BitSet gpus = new BitSet();
        gpus.set(0, a4.gpus().size());
        NodeUse idle = new NodeUse(cores, gpus, true, false);
        SlurmJobSpec f74 = SlurmJobSpec.of(SbatchOptions.parseLine(F74, "f74"));
        CoreFilter.Result r = CoreFilter.select(a4, idle, f74, false, false, SlurmVersion.V24_11);
        assertThat(r).isNotNull();
        assertThat(r.maxTasks()).isEqualTo(9);
        assertThat(r.totalCnt()).isEqualTo(3);
        BitSet kept = new BitSet();
        kept.set(0, 27);
        assertThat(r.availCores()).isEqualTo(kept);
    }

    @Test
    void aWholeNodeJobKeepsNoSuchCap() throws Exception {
        SlurmJobSpec exclusive = SlurmJobSpec.of(SbatchOptions.parseLine(F74 + " --exclusive", "f74x"));
        assertThat(exclusive.maxNodeGresCpusPerGpu()).isZero();
        assertThat(SlurmJobSpec.of(SbatchOptions.parseLine(F74, "f74")).maxNodeGresCpusPerGpu()).isEqualTo(9);
    }
}
