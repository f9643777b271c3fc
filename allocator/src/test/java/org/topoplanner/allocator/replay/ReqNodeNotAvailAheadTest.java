package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _top_priority} passes over a pending job whose reason is {@code WAIT_NODE_NOT_AVAIL} whatever its wording
 * (22.05 {@code misc_policy_job_runnable_state}). Own case featfz1 (22.05.8, {@code results/featfz1.jsonl}): f57
 * ({@code -w b1 -p fat,all -n6 -c4 --gpus-per-task=1}) waits "ReqNodeNotAvail, UnavailableNodes:b1", and f58 behind
 * it starts at its submission on b3 and b4.
 */
class ReqNodeNotAvailAheadTest {

    @Test
    void aJobBehindOneWaitingForItsNamedNodeStartsAtOnce() {
        String script = """
                job f57 -w b1 -p fat,all -n6 -c4 --gpus-per-task=1
                job f58 -p mix,all -N2 --sockets-per-node=2 --gpus-per-socket=1 -c3
                """;
        List<ReplayEvent> events = new Replayer(OracleCase.cluster("featfz1"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05)))
                .run(JobScriptReader.read("jobs.txt", script).script());
        ReplayEvent.Job f57 = submitted(events, "f57");
        ReplayEvent.Job f58 = submitted(events, "f58");
        assertThat(f57.reason()).startsWith("ReqNodeNotAvail,_UnavailableNodes:b1");
        assertThat(f58.state()).isEqualTo(ReplayEvent.JobState.RUNNING);
        assertThat(f58.placement().hostNames()).containsExactlyInAnyOrder("b3", "b4");
    }

    private static ReplayEvent.Job submitted(List<ReplayEvent> events, String name) {
        return events.stream().filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(name)
                && j.moment() == ReplayEvent.Moment.SUBMIT).map(e -> (ReplayEvent.Job) e).findFirst().orElseThrow();
    }
}
