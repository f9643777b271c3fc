package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The replay of jobs whose partitions' limits differ (own probe c18d1, real 22.05.8, 24.11.5 and 26.05.5): a drained
 * partition leaves a job's list at submission ({@code _get_job_parts}), a down or time-limited one ends the
 * submission's test but no pass starts the job there, and a job held by a partition reason ({@code JSR_PART}) holds
 * no later job back ({@code _top_priority}).
 */
class PartitionLimitsReplayTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    private static List<String> replay(String jobs, SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        return ReplayLine.lines(new Replayer(C18D1, new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)))
                .run(script));
    }

    private static String line(List<String> lines, String when, String name) {
        return lines.stream().filter(l -> l.contains("\"when\":\"" + when + "\",\"name\":\"" + name + "\""))
                .findFirst().orElseThrow(() -> new AssertionError(when + " " + name + " in " + lines));
    }

    @Test
    void aDrainedPartitionLeavesTheListAtSubmission() {
        // c18d1 b4: no queue record in dr, so sbatch's test finds cpu first and the job runs at once
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(line(replay("job b4 -p dr,cpu -n1", v), "submit", "b4")).as(v.label())
                    .contains("\"state\":\"RUNNING\"").contains("\"nodes\":[\"c1\"]");
        }
    }

    @Test
    void aDownPartitionEndsTheSubmissionTestAndTheNextPartitionRunsTheJob() {
        // c18d1 b5: PartitionDown at submission, started in cpu by the pass, every release
        for (SlurmVersion v : SlurmVersion.values()) {
            List<String> lines = replay("job b5 -p dn,cpu -n1", v);
            assertThat(line(lines, "submit", "b5")).as(v.label()).contains("\"reason\":\"PartitionDown\"");
            assertThat(line(lines, "final", "b5")).as(v.label()).contains("\"state\":\"RUNNING\"")
                    .contains("\"nodes\":[\"c1\"]");
        }
    }

    @Test
    void aTimeLimitedFirstPartitionLetsTheSubmissionTestPass() {
        // c18d1 e3 (24.11.5, 26.05.5): RUNNING at submission in cpu
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(line(replay("job e3 -p tl,cpu -n1 --time=20", v), "submit", "e3")).as(v.label())
                    .contains("\"state\":\"RUNNING\"");
        }
    }

    @Test
    void aJobHeldByATimeLimitHoldsNoLaterJobBack() {
        // c18d1 e1, e2 (24.11.5, 26.05.5): e1 waits PartitionTimeLimit, e2 starts at once behind it
        String jobs = """
                job e1 -p tl -n1 --time=20
                job e2 -p tl -n1 --time=5
                """;
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            List<String> lines = replay(jobs, v);
            assertThat(line(lines, "submit", "e1")).as(v.label()).contains("\"reason\":\"PartitionTimeLimit\"");
            assertThat(line(lines, "submit", "e2")).as(v.label()).contains("\"state\":\"RUNNING\"");
            assertThat(line(lines, "final", "e1")).as(v.label()).contains("\"reason\":\"PartitionTimeLimit\"");
        }
    }
}
