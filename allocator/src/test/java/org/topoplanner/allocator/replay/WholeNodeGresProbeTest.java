package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c22b1 (blockfz47's cluster, idle), line by line in 24.11 and 26.05 (5 job lines: too few for
 * {@code KnownMismatchReplayTest}). An {@code --exclusive} job takes all of a node's GPUs, so {@code --cpus-per-gpu}
 * must hold for all of them ({@code gres_select_filter_remove_unusable}, {@code whole_node}): {@code -w g1} (8 GPUs,
 * 32 CPUs) is refused at 6 CPUs per GPU and runs whole at 4, {@code -w m7} (4 GPUs, 48 CPUs) runs at 6, and
 * {@code -N3 --segment=3} finds b4 without g1 and g2 (u4, m7, m8). {@code -w u3,m6 -N22 --gpus-per-node=3} runs on
 * 22 nodes over b1-b8: without {@code nodes_on_llblock} the required nodes' base block counts no lower-level block
 * ({@code eval_nodes_block}). Rules: {@code WholeNodeGres}, {@code BlockSelector.place}. Own probe c22b2 (featfz9's
 * tree cluster, idle) shows the whole-node rule in all three releases: {@code -w a1} refused at 6 CPUs per GPU, whole at
 * 4, 4 GPUs and 24 CPUs without {@code --exclusive}; {@code -N2 --exclusive} takes c1 and c2, no a node.
 */
class WholeNodeGresProbeTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"24.11, results/new/c22b1.jsonl", "26.05, results/v26.05/c22b1.jsonl"})
    void probeC22b1MatchesRealSlurm(String version, String results) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        var actual = TimedReplay.wholeCaseJobLines("c22b1", results, release,
                new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(5);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"22.05, results/c22b2.jsonl", "24.11, results/new/c22b2.jsonl", "26.05, results/v26.05/c22b2.jsonl"})
    void probeC22b2MatchesRealSlurm(String version, String results) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        var actual = TimedReplay.wholeCaseJobLines("c22b2", results, release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(5);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
