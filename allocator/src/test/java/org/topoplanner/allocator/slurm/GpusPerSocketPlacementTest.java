package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --gpus-per-socket} with {@code --sockets-per-node} on the idle cluster of own cases g9b, sb7a and c11f1 (g1-g4:
 * two sockets of 8 cores, 2 + 2 GPUs; q1: four sockets of 4 cores, one GPU each), as real 22.05.8, 24.11.5 and 26.05.5
 * placed it (PROVENANCE g12c). Each row pins one rule: sbatch's task count ({@link SlurmJobSpec#of}), the core trim of
 * {@link CoreFilter} over the GPU sockets, 26.05's task cap on q1, {@code --cpus-per-gpu}'s CPUs from the job's GPU
 * total ({@link JobCpuCounts#minCpus}), and the GPUs {@link SocketGpuPick} gives those cores.
 */
class GpusPerSocketPlacementTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("c11f1"));

    private Suggestion suggest(String line, String release) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "s"));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        // line; release; each node as name:CPUs/GPUs, as real Slurm gave them (own probe)
        // sbatch's task count, -N x --sockets-per-node: two tasks, one CPU a socket (sb7a s1)
        "-N1 --sockets-per-node=2 --gpus-per-socket=1; 22.05; g1:0,8/0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1; 24.11; g1:0,8/0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1; 26.05; g1:0,8/0,2",
        // three tasks of one CPU trimmed from the fuller socket first (c11f1 e10)
        "-N1 --gpus-per-socket=1 --sockets-per-node=2 -n3; 22.05; g1:0,8,9/0,2",
        "-N1 --gpus-per-socket=1 --sockets-per-node=2 -n3; 26.05; g1:0,8,9/0,2",
        // one task of two CPUs on q1: sockets 2 and 3, each keeps its GPU (c11f1 e9, _set_sock_bits)
        "-w q1 --sockets-per-node=1 --gpus-per-socket=1 -c2; 24.11; q1:8,12/2,3",
        // two tasks on q1: 24.11 takes the lowest sockets, 26.05 caps the node's tasks at -n and trims (sb7a s7)
        "-w q1 --sockets-per-node=2 --gpus-per-socket=1; 24.11; q1:0,4/0,1",
        "-w q1 --sockets-per-node=2 --gpus-per-socket=1; 26.05; q1:8,12/2,3",
        // --cpus-per-gpu times the job's GPU total, 2 x 1 x 2 (c11f1 e7; 22.05 counted the tasks' two CPUs only)
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --cpus-per-gpu=2; 22.05; g1:0,1,8,9/0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --cpus-per-gpu=2; 24.11; g1:0,1,8,9/0,2",
        // one task: socket 1 on a tie of free GPUs, both its GPUs (sb7a s2)
        "-N1 --sockets-per-node=1 --gpus-per-socket=2; 26.05; g1:8/2,3",
        // two nodes, four tasks: three on g1, one on g2, both sockets' GPUs on each (g9b s2, c11f1 e3)
        "-N2 --sockets-per-node=2 --gpus-per-socket=1 -n4; 24.11; g1:0,1,8/0,2 g2:0/0,2",
    })
    void placesAsRealSlurm(String line, String release, String expected) throws Exception {
        assertThat(suggest(line, release)).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(PlacementLayout.of(p.placement().hosts())).isEqualTo(expected));
    }

    /**
     * g9b s3: q1 holds one GPU a socket, fewer than two, so {@link PerSocketGres} leaves it no GPU and the job can
     * never run there: every release refused it at submission ("Requested node configuration is not available").
     */
    @ParameterizedTest
    @CsvSource({"22.05", "24.11", "26.05"})
    void aNodeWithoutASocketOfTheCountNeverRuns(String release) throws Exception {
        assertThat(suggest("-w q1 --sockets-per-node=2 --gpus-per-socket=2", release))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    /**
     * {@code _allocate_sc}'s {@code min_sockets}: a node with fewer sockets holding a free core than
     * {@code --sockets-per-node} is left out, so three sockets a node leave only q1 (own probe c12c1 p12).
     */
    @Test
    void aNodeWithFewerSocketsIsLeftOut() throws Exception {
        assertThat(suggest("-N1 --sockets-per-node=3 --gpus-per-socket=1 -n3", "24.11"))
                .isInstanceOfSatisfying(Suggestion.Placed.class,
                        p -> assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("q1"));
        assertThat(suggest("-w g1 --sockets-per-node=3 --gpus-per-socket=1", "24.11"))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    /**
     * The shapes no measured line covers are refused, naming the option and what it was given beside ({@code
     * --exclusive} is emulated since v20e: {@link GpusPerSocketOfExclusiveJobTest}, own probe c20e1; {@code
     * --ntasks-per-node} since o25b, own probe c25o2: {@code OvercommitTest.gpusPerSocketBesideNtasksPerNodeIsPlacedOnATree}).
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --gpus-per-node=2; --gpus-per-node",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --ntasks-per-socket=1; --ntasks-per-socket",
        "-N1-2 --sockets-per-node=2 --gpus-per-socket=1; a node range",
    })
    void refusesWhatNoLineMeasured(String line, String beside) throws Exception {
        assertThat(suggest(line, "26.05")).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("--gpus-per-socket=1 beside " + beside).contains("not emulated"));
    }

    /**
     * GPUs bound to no socket (unit-test cluster {@code c12c-mixed}, never run: m1 has 2 + 1 GPUs on its sockets and
     * one bound to none). {@code _build_sock_gres_by_topo} cuts each socket's count to the per-socket figure or none,
     * then {@code gres_select_filter_remove_unusable} wants the node to hold {@code gres_per_socket} (times
     * {@code _socks_per_node}'s 1 or nothing): three a socket leave only the unbound one, so m1 is never usable. With
     * two a socket, {@code gres_filter_sock_core} counts socket 1 as short (its 0 and the unbound 1 below 2), so it
     * loses its cores in the first pass and two tasks run on socket 0 (a socket counted short only without any GPU
     * would keep them: CPUs 0 and 4).
     */
    @ParameterizedTest
    @CsvSource({"22.05", "24.11", "26.05"})
    void gpusBoundToNoSocketCountForTheNodeNotForAShortSocket(String release) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        ClusterState mixed = ClusterState.empty(OracleCase.clusterIn("c12c-mixed"));
        assertThat(policy.suggest(mixed, line("-w m1 --sockets-per-node=1 --gpus-per-socket=3")))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(policy.suggest(mixed, line("-w m1 --sockets-per-node=1 --gpus-per-socket=2 -n2")))
                .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(
                        p.placement().hosts().get(0).cpus().toList()).containsExactly(0, 1));
    }

    private static org.topoplanner.model.job.JobRequest line(String line) {
        try {
            return SbatchOptions.parseLine(line, "m");
        } catch (org.topoplanner.model.job.JobRequestException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
