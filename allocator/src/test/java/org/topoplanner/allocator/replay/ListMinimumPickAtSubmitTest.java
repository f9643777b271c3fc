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
 * A job of several partitions that the list's node minimum holds in one of them is worded at submission by sbatch's
 * test-only pick there ({@link SubmitTest#picksAfterListMinimum}), not as a job one partition's limit holds. Lead's
 * case featfz16 (mix = b1-b4 c1 c2 {@code MinNodes=2 MaxCPUsPerNode=6}, tier 2; short = a3 a4 c1 c2
 * {@code MaxCPUsPerNode=2}): f81 ({@code -p short,mix -n6 -c3 --gpus-per-task=1}) behind a pending job of short is
 * {@code Priority} at submission under 22.05.8 (22.05 {@code _select_nodes_parts_resvs}: mix's failed
 * {@code job_limits_check}, then {@code select_nodes} test-only, which fits on mix's nodes seen free: "can run now",
 * no reason written over {@code _top_priority}'s {@code WAIT_PRIORITY}); 26.05 skips that pick and words the job
 * {@code PartitionConfig} as before.
 */
class ListMinimumPickAtSubmitTest {
    private static final String SCRIPT = """
            job big -N10 -n10 -c32
            job ahead -p short -n1 -c1
            job f81 -p short,mix -n6 -c3 --gpus-per-task=1
            """;

    private static List<String> replay(SlurmVersion v) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        var parsed = JobScriptReader.read("jobs.txt", SCRIPT).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz16"), policy,
                PassTiming.of(v), MeasuredRun.NONE).run(parsed))).stream().map(OracleComparison::summary).toList();
    }

    @Test
    void behindAPendingJobThePickInTheHeldPartitionLeavesPriority() {
        List<String> lines = replay(SlurmVersion.V22_05);
        assertThat(lines).contains("ahead submit PENDING(Resources) nodes= leaves=");
        assertThat(lines).contains("f81 submit PENDING(Priority) nodes= leaves=");
    }

    @Test
    void release2605SkipsThePickAndWordsTheLimit() {
        assertThat(replay(SlurmVersion.V26_05)).contains("f81 submit PENDING(PartitionConfig) nodes= leaves=");
    }
}
