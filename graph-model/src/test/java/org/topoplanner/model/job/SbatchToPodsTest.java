package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The translation table of {@link SbatchToPods}, row by row, as docs/pod-shapes.md states it. */
class SbatchToPodsTest {
    /** An HGX H100 node: 8 GPUs, 224 CPU threads, 2 TiB less the kubelet's reservation, 8 HCAs. */
    private static final NodeSize HGX = new NodeSize(8, 224, 2_096_000, 8);

    /** The shape as pods x [gpu/cpu/memMiB/rdma per container] and one|any. */
    private static String describe(PodShape s) {
        StringBuilder sb = new StringBuilder().append(s.pods()).append(" x [");
        for (int i = 0; i < s.containers().size(); i++) {
            ContainerSpec c = s.containers().get(i);
            sb.append(i == 0 ? "" : " ").append(c.gpus()).append('/').append(c.cpus()).append('/').append(c.memMiB())
                    .append('/').append(c.rdma());
        }
        return sb.append("] ").append(s.podsPerNode().word()).toString();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            -N 4 --gpus-per-node=8                                  | 4 x [8/0/0/0] one
            -N 20 --gpus-per-node=1                                 | 20 x [1/0/0/0] one
            -N 20                                                   | 20 x [0/0/0/0] one
            -N 1 --ntasks-per-node=2 --gpus-per-task=4              | 1 x [4/1/0/0 4/1/0/0] one
            -N 2 --ntasks-per-node=4 --gpus-per-task=2 -c 8         | 2 x [2/8/0/0 2/8/0/0 2/8/0/0 2/8/0/0] one
            -N 1 --ntasks-per-node=2 --gpus-per-task=4 --cpus-per-gpu=6 | 1 x [4/24/0/0 4/24/0/0] one
            -N 2 --gpus=12                                          | 2 x [6/0/0/0] one
            -N 2 --gpus-per-node=8 --cpus-per-gpu=4                 | 2 x [8/32/0/0] one
            -N 2 --gpus-per-node=4 --ntasks-per-node=4 -c 2         | 2 x [4/8/0/0] one
            -N 1 --gpus-per-task=2                                  | 1 x [2/0/0/0] one
            -n 16 --gpus-per-task=1 -c 4                            | 16 x [1/4/0/0] any
            -N 2 --gpus-per-node=8 --mem=512G                       | 2 x [8/0/524288/0] one
            -N 1 --ntasks-per-node=2 --gpus-per-task=4 --mem=100M   | 1 x [4/1/50/0 4/1/50/0] one
            -N 1 --gpus-per-node=8 --mem=0                          | 1 x [8/0/2096000/0] one
            -N 4 --exclusive                                        | 4 x [8/224/2096000/8] one
            -N 2 --gpus-per-node=2 --exclusive                      | 2 x [8/224/2096000/8] one
            --gpus-per-node=8                                       | 1 x [8/0/0/0] one
            -N 2 --gpus-per-node=4 --mem-per-gpu=16G                | 2 x [4/0/65536/0] one
            -n 4 --gpus-per-task=2 --mem-per-gpu=1G                 | 4 x [2/1/2048/0] any
            -N 2 --gpus-per-node=4 -c 16 --mem-per-cpu=2G           | 2 x [4/16/32768/0] one
            -N 1 --ntasks-per-node=2 --gpus-per-task=4 -c 3 --mem-per-cpu=1G | 1 x [4/3/3072/0 4/3/3072/0] one
            -n 4 --mem-per-cpu=5000                                 | 4 x [0/1/5000/0] any
            -N 2 --gpus-per-node=8 --mem-per-cpu=4G                 | 2 x [8/0/4096/0] one
            """)
    void translatesSbatchIntoPods(String sbatch, String pods) throws Exception {
        PodShape s = SbatchToPods.of(SbatchOptions.parseLine(sbatch), HGX);
        assertThat(describe(s)).isEqualTo(pods);
        assertThat(s.gang()).isEqualTo(s.pods());
    }

    @Test
    void aGivenPodShapeIsKeptAndItsSbatchFieldsSayTheSame() throws Exception {
        PodShape given = new PodShape(3, java.util.List.of(new ContainerSpec(4, 16, 65536, 0, 1)),
                PodShape.PodsPerNode.ONE, 2, null, null, false);
        JobRequest r = SbatchToPods.withShape(SbatchOptions.parseLine("-J train"), given);
        assertThat(SbatchToPods.of(r, HGX)).isEqualTo(given);
        assertThat(r.name()).isEqualTo("train");
        assertThat(r.minNodes()).isEqualTo(3);
        assertThat(r.gpusPerNode()).isEqualTo(4);
        assertThat(r.cpusPerTask()).isEqualTo(16);
        assertThat(r.memMiB()).isEqualTo(65536);
        PodShape sharing = new PodShape(8, java.util.List.of(ContainerSpec.of(1, 2)), PodShape.PodsPerNode.ANY,
                null, null, null, false);
        JobRequest tasks = SbatchToPods.withShape(SbatchOptions.parseLine("-J t"), sharing);
        assertThat(tasks.minNodes()).isNull();
        assertThat(tasks.ntasks()).isEqualTo(8);
        assertThat(tasks.gpusPerTask()).isEqualTo(1);
    }

    /** A pod shape's memory is written as {@code --mem}, never beside a {@code --mem-per-cpu} sbatch would refuse. */
    @Test
    void aShapeReplacesMemPerCpuWithItsMemory() throws Exception {
        PodShape given = new PodShape(2, java.util.List.of(new ContainerSpec(0, 4, 8192, 0, 0)),
                PodShape.PodsPerNode.ONE, null, null, null, false);
        JobRequest r = SbatchToPods.withShape(SbatchOptions.parseLine("-N1 --mem-per-cpu=1G"), given);
        assertThat(r.memPerCpuMiB()).isNull();
        assertThat(r.memMiB()).isEqualTo(8192);
    }

    @Test
    void anUnknownNodeGivesWholeNodePodsNothingToAskFor() throws Exception {
        PodShape s = SbatchToPods.of(SbatchOptions.parseLine("-N 4 --exclusive"), NodeSize.UNKNOWN);
        assertThat(describe(s)).isEqualTo("4 x [0/0/0/0] one");
        assertThat(s.wholeNode()).isTrue();
    }
}
