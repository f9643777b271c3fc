package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05: a job submitted behind a pending one waits for slurmctld's next background round, and a cancel the harness
 * sends right after its look frees the cancelled job's resources first, so that round places the job on them
 * ({@link PassTiming.AfterNextCancel}; own cases cmx2 m42, cmx4 m60 m61 under 22.05.8). On the cpumix
 * cluster: x holds a1's eight GPUs, h holds c1's, p waits for c1 ({@code -w c1}, blocking only c1), q
 * ({@code --gpus=8}) queues behind p, then x is cancelled. 24.11 and 26.05 keep the pass before the cancel (their
 * held-out scores drop with the 22.05 rule): q stays on a2.
 */
class PassAfterNextCancelTest {
    /** The script both this test and {@link PassTimingTest} replay. */
    static final String SCRIPT = """
            job x -w a1 -n1 -c1 --gpus=8
            job h -w c1 -n1 -c1 --gpus=4
            job p -w c1 -N1 -n1 -c1 --gpus=1
            job q -n1 -c1 --gpus=8
            cancel x
            """;

    @ParameterizedTest(name = "Slurm {0}: q on {1}")
    @CsvSource({"22.05, a1", "24.11, a2", "26.05, a2"})
    void theJobQueuedBehindAPendingOneTakesWhatTheNextCancelFreed(String release, String node) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()));
        var parsed = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("cmx4"), policy).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
        assertThat(lines).contains("q submit PENDING(Priority) nodes= leaves=");
        assertThat(lines).anyMatch(l -> l.startsWith("q final RUNNING " + node + "["));
    }
}
