package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A waiting {@code -w} job whose named nodes cover its node count blocks only those nodes in a pass
 * ({@code job_scheduler.c}: {@code bit_set_count(req_node_bitmap) >= min_nodes}, then {@code fail_by_part = false}),
 * and {@code min_nodes} is the count sbatch sends: with fewer tasks than nodes it lowers {@code -N} to {@code -n}
 * ("can't run 1 processes on 2 nodes, setting nnodes to 1", {@code sbatch/opt.c}, all three releases). Own probe
 * c24h2 (cmx2's jobs up to m50, real 24.11.5): m45 {@code -w b1 -N2 -n1 -c6 --gpus-per-node=2} waits on the busy b1
 * and m47-m50 behind it start in the next pass. The cluster is cmx2's (cpumix).
 */
class NamedJobOfFewerTasksThanNodesTest {
    private static final String SCRIPT = """
            job x -w b1 -N1 --exclusive
            job a -w b1 -N2 -n1 -c6 --gpus-per-node=2
            job b -N1 -c2
            """;

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theJobBehindItStartsOnAnotherNode(String version) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        var script = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> finals = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("cmx2"),
                policy).run(script))).stream().map(OracleComparison::summary).filter(s -> s.contains(" final "))
                .toList();
        assertThat(finals).anyMatch(s -> s.startsWith("a final PENDING(Resources)"));
        assertThat(finals).anyMatch(s -> s.startsWith("b final RUNNING"));
    }
}
