package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --gpus-per-socket} on a block topology without {@code -O} (own probe c25b1, 24.11.5 and 26.05.5, PROVENANCE
 * b25g): {@code eval_nodes_block} tests nodes with the tree's {@code _can_job_run_on_node} socket list and ends with
 * the same {@code eval_nodes_clip_socket_cores}, so every shape the tree emulates goes the same on blocks, and
 * {@code --ntasks-per-node} beside the option (k6) too. Before b25g {@link PerSocketGpuRefusal#onBlocks} refused each
 * of these rows.
 */
class PerSocketGpusOnBlocksTest {
    private static Suggestion onIdleBlocks(String args, String version) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster("c25b1")), SbatchOptions.parseLine(args, "k"));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1 --sockets-per-node=2 --gpus-per-socket=1;                      24.11; g1:0,4:0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1;                      26.05; g1:0,4:0,2",
        "-N2 --sockets-per-node=2 --gpus-per-socket=1;                      24.11; g1:0,1,4:0,2|g2:0:0,2",
        "-N1 --sockets-per-node=1 --gpus-per-socket=2;                      26.05; g1:4:2,3",
        "-n4 --sockets-per-node=2 --gpus-per-socket=1;                      24.11; g1:0,1,4,5:0,2",
        "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1;  24.11; g1:0,4:0,2",
        "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1;  26.05; g1:0,4:0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --exclusive;          26.05; g1:0,1,2,3,4,5,6,7:0,1,2,3",
    })
    void placedAsOnATree(String args, String version, String expected) throws Exception {
        Suggestion s = onIdleBlocks(args, version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts().stream()
                .map(h -> h.host() + ":" + h.cpus().stream().mapToObj(String::valueOf).collect(Collectors.joining(","))
                        + ":" + h.gpus().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .toList()).containsExactly(expected.split("\\|"));
    }

    /** k8 (three nodes, two with GPUs) and k9 (three GPUs a socket of two) are refused as on a tree. */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N3 --sockets-per-node=2 --gpus-per-socket=1; 24.11",
        "-N1 --sockets-per-node=2 --gpus-per-socket=3; 26.05",
    })
    void refusedAsReal(String args, String version) throws Exception {
        Suggestion s = onIdleBlocks(args, version);
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) s).reason()).isEqualTo("Requested node configuration is not available");
    }

    /**
     * The lifts are the measured ones: the --ntasks-per-node pair is placed on blocks (c25b1 k6) and on a tree (own
     * probe c25o2, o25b); the other shapes stay refused.
     */
    @Test
    void unmeasuredShapesStayRefused() throws Exception {
        var pair = SbatchOptions.parseLine("-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1", "k");
        assertThat(PerSocketGpuRefusal.onTree(pair)).isNull();
        assertThat(PerSocketGpuRefusal.onBlocks(pair)).isNull();
        var withGpus = SbatchOptions.parseLine("-N1 --sockets-per-node=2 --gpus-per-socket=1 --gpus=2", "k");
        assertThat(PerSocketGpuRefusal.onBlocks(withGpus)).contains("beside --gpus");
        assertThat(onIdleBlocks("-N1 --sockets-per-node=2 --gpus-per-socket=1 --ntasks-per-socket=1", "24.11"))
                .isInstanceOf(Suggestion.Impossible.class);
    }
}
