package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.cluster.Cluster;

/**
 * Own probe c15a1 (lead s15; c12g1's cluster, g1-g4 with 4 GPUs each): real 26.05.5 starts {@code -N1 --gpus=5} on g2
 * with GPUs 0-3, and slurm-tree places it the same way; the placement says the job gets 4 of its 5 GPUs.
 * 22.05.8 and 24.11.5 refuse it at submission (results/c15a1.jsonl, results/new/c15a1.jsonl).
 */
class ShortGpuGrantTest {
    private static final Cluster C15A1 = OracleCase.cluster("c15a1");

    private static Suggestion place(String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(C15A1), SbatchOptions.parseLine(args, "z1"));
    }

    @Test
    void twentySixOFiveSaysTheJobGetsFewerGpusThanItAsks() throws Exception {
        Suggestion s = place("-N1 --gpus=5", SlurmVersion.V26_05);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Suggestion.Placed p = (Suggestion.Placed) s;
        assertThat(p.placement().hosts()).singleElement()
                .satisfies(h -> assertThat(h.gpus()).containsExactly(0, 1, 2, 3));
        assertThat(p.notes()).anySatisfy(n -> assertThat(n).contains("with 4 of the 5 GPUs"));
    }

    @Test
    void aJobThatGetsAllItsGpusHasNoSuchNote() throws Exception {
        Suggestion.Placed p = (Suggestion.Placed) place("--gpus=5", SlurmVersion.V26_05);
        assertThat(p.placement().hosts()).hasSize(2);
        assertThat(p.notes()).noneSatisfy(n -> assertThat(n).contains("of the 5 GPUs"));
    }

    @Test
    void theOlderReleasesRefuseIt() throws Exception {
        assertThat(place("-N1 --gpus=5", SlurmVersion.V24_11)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(place("-N1 --gpus=5", SlurmVersion.V22_05)).isInstanceOf(Suggestion.Impossible.class);
    }
}
