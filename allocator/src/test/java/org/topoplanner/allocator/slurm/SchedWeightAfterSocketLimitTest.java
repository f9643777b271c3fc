package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code can_job_run_on_node} sets the low byte of {@code sched_weight} to {@code 0xff} minus the node's near
 * GPUs, which {@code gres_select_filter_remove_unusable} caps by {@code max_node_gres}: the CPUs left in the node's
 * {@code core_map} over {@code --cpus-per-gpu}. For a job given one socket per node ({@code _socks_per_node} 1:
 * enforce-binding, a job-wide GPU count, at most one CPU per node), {@code _build_sock_gres_by_topo} has already
 * cleared the cores of every GPU socket but the richest, so only the kept socket's cores (and those of sockets
 * without a free GPU) count. Own case fuzz45 p39 ({@code -w p3 -N2 --cpus-per-gpu=4 --gpus=4} enforce-binding), its
 * rerun on 22.05.8 with {@code DebugFlags=SelectType}: p2 (CPUs 0-9 busy, GPUs 0-1 on socket 0, GPU 2 on socket 1)
 * weighs 1534, p3 (idle) and p5 (CPUs 0-4 and 16-17 busy, GPU 2 busy) 1533; the job then runs on p3 and p5.
 */
class SchedWeightAfterSocketLimitTest {
    private static final SlurmJobSpec P39 = job("-w p3 -N2 --cpus-per-gpu=4 --gpus=4 --gres-flags=enforce-binding");

    @Test
    void theDroppedSocketsCoresDoNotCountForCpusPerGpu() {
        // socket 0 keeps 6 free cores (10-15) and both its GPUs; socket 1's 16 free cores went with its one GPU
        assertThat(SchedWeight.of(node("p2"), use(cores(10, 31), gpus(0, 1, 2)), P39, SlurmVersion.V22_05))
                .isEqualTo((5L << 8) | (0xff - 1));
        assertThat(SchedWeight.of(node("p3"), use(cores(0, 31), gpus(0, 1, 2)), P39, SlurmVersion.V22_05))
                .isEqualTo((5L << 8) | (0xff - 2));
    }

    @Test
    void aSocketWithoutFreeGpusKeepsItsCores() {
        // p5: GPU 2 busy, so socket 1 is no candidate and keeps cores 18-31; 11 + 14 free cores give 6 GPUs' CPUs
        BitSet free = cores(5, 15);
        free.or(cores(18, 31));
        assertThat(SchedWeight.of(node("p5"), use(free, gpus(0, 1)), P39, SlurmVersion.V22_05))
                .isEqualTo((5L << 8) | (0xff - 2));
    }

    private static SlurmNode node(String name) {
        return SlurmNode.of(OracleCase.cluster("fuzz45")).stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static NodeUse use(BitSet freeCores, BitSet freeGpus) {
        return new NodeUse(freeCores, freeGpus, false, false);
    }

    private static BitSet cores(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to + 1);
        return b;
    }

    private static BitSet gpus(int... ids) {
        BitSet b = new BitSet();
        for (int i : ids) {
            b.set(i);
        }
        return b;
    }

    private static SlurmJobSpec job(String line) {
        try {
            return SlurmJobSpec.of(SbatchOptions.parseLine(line, "p39"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
