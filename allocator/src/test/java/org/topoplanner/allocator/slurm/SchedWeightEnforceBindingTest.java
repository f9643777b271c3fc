package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A node's weight for an {@code enforce-binding} job counts its near GPUs on the sockets
 * {@code _build_sock_gres_by_topo} gives them under the flag (22.05.8 {@code gres_sched.c}, 24.11.5
 * {@code gres_sock_list.c}: sockets without an available core skipped), as {@code gres_select_filter_remove_unusable}
 * then reads them. Own probe gressock2's f1: four sockets of 8 cores, GPU 0 {@code Cores=0-15} (sockets 0 and 1),
 * GPU 1 {@code Cores=16-31}.
 */
class SchedWeightEnforceBindingTest {
    private final SlurmNode f1 = SlurmNode.of(OracleCase.cluster("gressock2")).stream()
            .filter(n -> n.name().equals("f1")).findFirst().orElseThrow();

    @Test
    void aSpanningGpuWithAFreeCoreOnItsSecondSocketIsNearUnderEnforceBinding() throws Exception {
        BitSet cores = new BitSet();
        cores.set(8, 16); // only socket 1 has free cores
        BitSet gpus = new BitSet();
        gpus.set(0, 2);
        NodeUse use = new NodeUse(cores, gpus, false, false);
        SlurmJobSpec bound = SlurmJobSpec.of(
                SbatchOptions.parseLine("-N1 --gpus-per-node=2 --gres-flags=enforce-binding", "b"));
        SlurmJobSpec loose = SlurmJobSpec.of(SbatchOptions.parseLine("-N1 --gpus-per-node=2", "l"));
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            long base = f1.weight() << 8;
            // GPU 0 counts on socket 1 (free core): one near GPU; GPU 1 (sockets 2, 3 busy) counts nowhere
            assertThat(SchedWeight.of(f1, use, bound, v)).as(v.label()).isEqualTo(base | (0xff - 1));
            // without the flag GPU 0 counts on socket 0, which has no free core: none near
            assertThat(SchedWeight.of(f1, use, loose, v)).as(v.label()).isEqualTo(base | 0xff);
        }
    }
}
