package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _socks_per_node}'s {@code --ntasks-per-socket} branch may ask more than one socket: {@code ROUNDUP(num_tasks /
 * min_nodes, ntasks_per_socket)} (22.05.8 {@code cons_common/job_test.c}, 24.11.5 {@code cons_tres/job_test.c}), and
 * {@code _build_sock_gres_by_topo} ("Satisfy sockets-per-node (s_p_n) limit") keeps that many GPU sockets with a free
 * core under enforce-binding, dropping the one with the fewest GPUs (a tie drops the lower). 26.05.5 keeps no limit
 * there. Probe c22e1 (drafted by e22s, run by lead s22) holds jobs of these shapes; its lines match in every release.
 */
class GpuSocketLimitTest {
    private static final String X1 = "-w q1 -N1 -n4 --ntasks-per-socket=2 -c1 --gpus-per-task=1"
            + " --gres-flags=enforce-binding";

    private static SlurmNode q1() {
        return SlurmNode.of(OracleCase.cluster("c22s1")).stream().filter(n -> n.name().equals("q1")).findFirst()
                .orElseThrow();
    }

    @Test
    void fourTasksAtTwoASocketAskTwoSockets() throws Exception {
        SlurmJobSpec x1 = SlurmJobSpec.of(SbatchOptions.parseLine(X1, "x1"));
        assertThat(CoreFilter.gpuSocketLimit(x1, SlurmVersion.V22_05)).isEqualTo(2);
        assertThat(CoreFilter.gpuSocketLimit(x1, SlurmVersion.V24_11)).isEqualTo(2);
        assertThat(CoreFilter.gpuSocketLimit(x1, SlurmVersion.V26_05)).isEqualTo(CoreFilter.NO_VAL);
        assertThat(CoreFilter.oneGpuSocket(x1, SlurmVersion.V24_11)).isFalse();
    }

    /**
     * 24.11's {@code _sum_min_gres_cpus} reads the job's own {@code cpus_per_gres}: a one-task {@code -N1 --gpus=2}
     * enforce-binding job asks one socket with a partition's {@code DefCpuPerGPU} of 3 and none with
     * {@code --cpus-per-gpu=3} given (own probe c26u1 b1, b2: 24.11.5 refuses b1 on one-GPU sockets, runs b2).
     */
    @Test
    void onlyTheJobsOwnCpusPerGpuPassTheOneCpuTestIn2411() throws Exception {
        SlurmJobSpec own = SlurmJobSpec.of(SbatchOptions.parseLine(
                "-N1 --gpus=2 --gres-flags=enforce-binding --cpus-per-gpu=3", "b2"));
        SlurmJobSpec byDefault = own.withDefaultCpusPerGpu(true);
        assertThat(byDefault.cpusPerGpu()).isEqualTo(3);
        assertThat(byDefault.ownCpusPerGpu()).isNull();
        assertThat(CoreFilter.gpuSocketLimit(own, SlurmVersion.V24_11)).isEqualTo(CoreFilter.NO_VAL);
        assertThat(CoreFilter.gpuSocketLimit(byDefault, SlurmVersion.V24_11)).isEqualTo(1);
        // 22.05 reads neither (one task's CPU alone), 26.05 keeps no limit there
        assertThat(CoreFilter.gpuSocketLimit(own, SlurmVersion.V22_05)).isEqualTo(1);
        assertThat(CoreFilter.gpuSocketLimit(byDefault, SlurmVersion.V26_05)).isEqualTo(CoreFilter.NO_VAL);
    }

    @Test
    void anIdleFourSocketNodeKeepsItsTwoHighestGpuSockets() throws Exception {
        SlurmNode q1 = q1();
        BitSet cores = new BitSet();
        cores.set(0, q1.sockets() * q1.coresPerSocket());
        BitSet gpus = new BitSet();
        gpus.set(0, q1.gpus().size());
        NodeUse idle = new NodeUse(cores, gpus, true, false);
        SlurmJobSpec x1 = SlurmJobSpec.of(SbatchOptions.parseLine(X1, "x1"));
        BitSet kept = new BitSet();
        kept.set(2, 4);
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            CoreFilter.Result r = CoreFilter.select(q1, idle, x1, false, true, v);
            assertThat(r).as(v.label()).isNotNull();
            assertThat(r.usableGpus()).as(v.label()).isEqualTo(kept);
            assertThat(r.availCores().intersects(q1.coresOfSocket(0))).as(v.label()).isFalse();
        }
        CoreFilter.Result r26 = CoreFilter.select(q1, idle, x1, false, true, SlurmVersion.V26_05);
        assertThat(r26.usableGpus()).isNull();
    }
}
