package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch refuses a job only when its test fails on the nodes usable now and on the whole map: {@code
 * _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, 26.05.5) tests it first on the node sets after {@code
 * bit_and(avail_bitmap, share_node_bitmap)}, without the nodes an {@code --exclusive} job holds, and returns success
 * there before {@code total_bitmap} is tried. On yamlfz44's cluster (block topology nvl, {@code block_sizes: [5]})
 * the idle map's eleven weight-1 nodes of {@code -p blk -x p2 -N11} span four base blocks, one more than {@code
 * max_llblock} allows, so sbatch refuses it; with b1 held by an {@code --exclusive} job they span three and the job is
 * accepted, behind a pending job too (where the replay cannot take the job's start on the busy cluster for the
 * verdict). Own probe c19y1 (26.05.5, every job line): a1 REJECTED on the idle cluster, a4 accepted ({@code
 * Priority} behind a3, no pass before the run ended); own case yamlfz44 y6 ran at submission on b2, b3 and b5.
 */
class SubmitTestOnUsableNodesFirstTest {

    @Test
    void refusedOnTheIdleClusterAcceptedBesideAnExclusiveJob() {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c19y1/jobs.txt")).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        List<String> realLines = OracleCase.resource("results/v26.05/c19y1.jsonl").lines().toList();
        // the timed run's passes: none came after a4's submission before the run ended
        var replay = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.clusterWithTopologyYaml(
                "c19y1"), policy, PassTiming.of(SlurmVersion.V26_05), TimedOutput.measured(realLines)).run(script)));
        // the submit lines only: the run ended 0.25 s after a4's submission, before slurmctld's next pass, so its
        // final look still shows Priority where the replay's final look comes after the pass that starts a4
        var real = OracleComparison.jobLines(realLines).stream().filter(j -> "submit".equals(j.path("when").asText()))
                .toList();
        assertThat(OracleComparison.mismatches(real, replay.stream()
                .filter(j -> "submit".equals(j.path("when").asText())).toList())).isEmpty();
        assertThat(replay.stream().map(OracleComparison::summary)).contains("a1 submit REJECTED nodes= leaves=",
                "a4 submit PENDING(Priority) nodes= leaves=");
    }
}
