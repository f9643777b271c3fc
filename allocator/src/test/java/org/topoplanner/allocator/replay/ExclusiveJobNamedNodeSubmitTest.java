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
 * sbatch's test of an {@code --exclusive} job that names its node ({@code -w}) tests that node even when a shared job
 * runs on it: {@code _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, 22.05.8, 24.11.5 and 26.05 alike) starts
 * the job's map from {@code req_node_bitmap}, adds only idle nodes from the node sets, and before
 * {@code SELECT_MODE_TEST_ONLY} takes out just what {@code share_node_bitmap} lacks (nodes an {@code --exclusive}
 * job holds). Behind a pending job the named node passes and {@code Priority} stays (own case mem2f p8, all three
 * releases); a named node another {@code --exclusive} job holds fails, {@code Resources}. The cluster is mem2f's.
 */
class ExclusiveJobNamedNodeSubmitTest {
    private static final String SCRIPT = """
            job s -w u5 -n1 -c4
            job x -w u2 -N1 --exclusive
            job w -w u2 -n1 -c1
            job e -w u5 -N1 --exclusive --gpus-per-node=2
            job f -w u2 -N1 --exclusive --gpus-per-node=2
            """;

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void namedNodeOfASharedJobPassesTheTest(String version) {
        List<String> submits = submitLines(version);
        assertThat(submits).anyMatch(s -> s.startsWith("w submit PENDING(Resources)"));
        assertThat(submits).anyMatch(s -> s.startsWith("e submit PENDING(Priority)"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void namedNodeAnExclusiveJobHoldsFailsIt(String version) {
        assertThat(submitLines(version)).anyMatch(s -> s.startsWith("f submit PENDING(Resources)"));
    }

    private static List<String> submitLines(String version) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        var script = JobScriptReader.read("jobs.txt", SCRIPT).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("mem2f"), policy)
                .run(script))).stream().map(OracleComparison::summary).filter(s -> s.contains(" submit ")).toList();
    }
}
