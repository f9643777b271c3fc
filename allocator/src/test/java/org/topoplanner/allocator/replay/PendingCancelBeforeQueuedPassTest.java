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
 * A pending job cancelled right after a submission behind it is gone before the pass that submission queued: slurmctld
 * runs that pass at its next round ({@code _slurmctld_background}, the next whole second in 24.11 and 26.05), while
 * {@code job_signal} ends a pending job inside the {@code scancel} RPC. On cmx16's cluster: h holds 30 of c2's 32
 * cores, p ({@code -w c2 -c4}) waits and keeps c2 out of the pass, q ({@code -N2}) queues behind p, p is cancelled at
 * once: the pass sees c2 and starts q on leafc, c1 and c2 (own probes c16a1 m12 under 24.11.5 and c16a2).
 */
class PendingCancelBeforeQueuedPassTest {
    private static final String SCRIPT = """
            job h -w c2 -n1 -c30
            job p -w c2 -n1 -c4
            job q -N2 -c1 --gpus-per-node=1
            cancel p
            """;

    @ParameterizedTest(name = "Slurm {0}")
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theQueuedPassPlacesTheJobWithoutTheCancelledOne(String release) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()));
        var parsed = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("cmx16"), policy).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
        assertThat(lines).contains("q submit PENDING(Priority) nodes= leaves=");
        assertThat(lines).anyMatch(l -> l.startsWith("q final RUNNING c1[") && l.endsWith("nodes=c1,c2 leaves=leafc"));
    }
}
