package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The replay's scheduler timing ({@link PassTiming}) is the release's: 22.05 runs the pass a submission queued after the
 * harness's next cancel, 24.11 and 26.05 (and a policy that emulates no Slurm) before it. The placement policy only
 * says which release it emulates; a replay given the other timing places the queued job the other way, whatever the
 * policy (the script of {@link PassAfterNextCancelTest}: q takes a1, which x's cancel frees, or a2 before it).
 */
class PassTimingTest {
    @ParameterizedTest(name = "Slurm {0}: the pass waits for the next cancel: {1}")
    @CsvSource({"22.05, true", "24.11, false", "26.05, false"})
    void theReleaseDecides(String release, boolean waits) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        assertThat(PassTiming.of(v).passWaitsForNextCancel()).isEqualTo(waits);
        assertThat(PassTiming.of(v)).isInstanceOf(waits ? PassTiming.AfterNextCancel.class
                : PassTiming.BeforeNextStep.class);
    }

    @Test
    void aPolicyThatEmulatesNoSlurmKeepsTheReplaysOrder() {
        assertThat(PassTiming.of(Optional.empty())).isEqualTo(new PassTiming.BeforeNextStep());
        var planner = PolicyChoice.of(PolicyId.PLANNER).create();
        assertThat(planner.slurmRelease()).isEmpty();
    }

    @ParameterizedTest(name = "Slurm {0}: slurm-tree and slurm-block name their release")
    @CsvSource({"22.05", "24.11", "26.05"})
    void theSlurmPoliciesNameTheirRelease(String release) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        assertThat(new SlurmTreePolicy(options).slurmRelease()).contains(v);
        assertThat(new SlurmBlockPolicy(options).slurmRelease()).contains(v);
    }

    @ParameterizedTest(name = "Slurm {0} placements with the {1} timing: q on {2}")
    @CsvSource({"22.05, AfterNextCancel, a1", "22.05, BeforeNextStep, a2",
            "24.11, AfterNextCancel, a1", "24.11, BeforeNextStep, a2"})
    void theReplayAsksTheTimingNotThePolicy(String release, String timing, String node) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()));
        PassTiming t = timing.equals("AfterNextCancel") ? new PassTiming.AfterNextCancel()
                : new PassTiming.BeforeNextStep();
        var parsed = JobScriptReader.read("jobs.txt", PassAfterNextCancelTest.SCRIPT).script();
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("cmx4"), policy, t).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
        assertThat(lines).anyMatch(l -> l.startsWith("q final RUNNING " + node + "["));
    }
}
