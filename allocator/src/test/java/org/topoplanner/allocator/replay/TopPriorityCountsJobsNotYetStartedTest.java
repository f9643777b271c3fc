package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _top_priority} ({@code slurmctld/job_mgr.c}, asked by {@code job_allocate} without
 * {@code SchedulerParameters=defer}) counts every job still {@code PENDING} in slurmctld. A job the replay's pass
 * started right after a submission behind pending ones is, in slurmctld, started only by the next
 * {@code _schedule}: the submit RPC calls {@code queue_job_scheduler} (a count) and {@code _slurmctld_background}
 * turns it into a pass once a second. A cancel of pending jobs only is not waited on and queues no pass, so a job
 * submitted right after it is not top priority and shows {@code Priority} (own case fuzz12 f16, f17 under 22.05.8
 * and 24.11.5). On fuzz02's cluster: p3 held by an {@code --exclusive} job, {@code a} waits for it with {@code -w p3}
 * (blocking only p3), {@code b} is queued behind {@code a} and started by the replay's pass.
 */
class TopPriorityCountsJobsNotYetStartedTest {
    private static final String BEHIND_A_PENDING_JOB = """
            job x -w p3 -N1 --exclusive
            job a -w p3 -n1 -c10
            job b -n1 -c1
            cancel a
            """;

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V22_05", "V24_11", "V26_05"})
    void aJobTheLastPassStartedStillCountsAsPendingAhead(SlurmVersion version) {
        List<String> lines = lines(version, BEHIND_A_PENDING_JOB + "job c -n1 -c1\n");
        assertThat(lines).contains("b submit PENDING(Priority) nodes= leaves=", "c submit PENDING(Priority) nodes= leaves=");
        assertThat(lines).anyMatch(l -> l.startsWith("b final RUNNING")).anyMatch(l -> l.startsWith("c final RUNNING"));
    }

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V22_05", "V24_11", "V26_05"})
    void afterASleepSlurmctldsPassHasStartedIt(SlurmVersion version) {
        List<String> lines = lines(version, BEHIND_A_PENDING_JOB + "sleep 2\njob c -n1 -c1\n");
        assertThat(lines).anyMatch(l -> l.startsWith("c submit RUNNING"));
    }

    private static List<String> lines(SlurmVersion version, String script) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        var parsed = JobScriptReader.read("jobs.txt", script).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz02"), policy).run(parsed));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList();
    }
}
