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
 * A job of several partitions whose {@code -w} node is busy in the partition that holds it and missing from the other:
 * the other partition's record fails in {@code select_nodes}' {@code _nodes_in_sets} before any node test, so it
 * writes no reason ("non-runnable in partition", {@code job_scheduler.c} schedule, 22.05, 24.11, 26.05) and the job
 * keeps {@code Resources} from the first, which blocks the partitions behind it. Own case featfz7 (22.05.8,
 * {@code results/featfz7.jsonl}), a1-a3 full: f14 ({@code -w a4 -p mix,fat --gpus=8}, a4 in fat only, with f13's GPUs on it)
 * waits {@code Resources}, and f15 behind it waits {@code Priority} at its submission.
 */
class RecordWithoutNamedNodesTest {

    @Test
    void theRecordOutsideTheNamedNodesLeavesTheOtherRecordsReason() {
        String script = """
                job full -w a[1-3] -p fat -N3 --gpus-per-node=8
                job f13 -w a4 -N1 -c1 --gpus-per-node=2
                job f14 -w a4 -p mix,fat -n4 -c1 --gpus=8 -m cyclic:cyclic
                job f15 -N2 -c2 --gpus-per-node=1
                """;
        List<ReplayEvent> events = new Replayer(OracleCase.cluster("featfz7"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05)))
                .run(JobScriptReader.read("jobs.txt", script).script());
        ReplayEvent.Job f14 = last(events, "f14");
        assertThat(f14.state()).isEqualTo(ReplayEvent.JobState.PENDING);
        assertThat(f14.reason()).isEqualTo("Resources");
        assertThat(submitted(events, "f15").reason()).isEqualTo("Priority");
    }

    private static ReplayEvent.Job submitted(List<ReplayEvent> events, String name) {
        return events.stream().filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(name)
                && j.moment() == ReplayEvent.Moment.SUBMIT).map(e -> (ReplayEvent.Job) e).findFirst().orElseThrow();
    }

    private static ReplayEvent.Job last(List<ReplayEvent> events, String name) {
        return events.stream().filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(name))
                .map(e -> (ReplayEvent.Job) e).reduce((a, b) -> b).orElseThrow();
    }
}
