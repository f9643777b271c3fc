package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job waiting {@code ReqNodeNotAvail} whose {@code -w} node is out of the pass is not looked at ({@link
 * RequiredNodesStillOut}: {@code schedule()}, {@code job_scheduler.c}, the same in 22.05, 24.11 and 26.05): it keeps
 * its reason and blocks nothing, so the partition-count text "Nodes required for job are DOWN, ..." falls to the next
 * job of the partition whose nodes the blocked partitions took. The shape of own case featfz8 f50 and f64 (real
 * final lines, all three releases) on its cluster: r ({@code -w b2 -p fat,all}) loses b2 to its own fat record in
 * every pass (b2 is not in fat), so its all record waits {@code ReqNodeNotAvail}; fw and mw block fat and mix. The
 * emulation before worded r "Nodes required ..." and left x {@code Priority}.
 */
class RequiredNodesStillOutTest {

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void theJobOnItsMissingNodeKeepsItsReasonAndTheNextJobGetsThePartitionText(SlurmVersion v) {
        String script = """
                job fa -w a[1-4] -p fat -N4 --gpus-per-node=8
                job fm -w b[1-4],c[1-2] -p mix -N6 --gpus-per-node=4
                job r -w b2 -p fat,all -n1 -c1
                job fw -p fat -N1 --gpus-per-node=1
                job mw -p mix -N1 --gpus-per-node=1
                job x -N2 -n2 -c1 --gpus=2
                """;
        List<ReplayEvent> events = new Replayer(OracleCase.cluster("featfz8"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)))
                .run(JobScriptReader.read("jobs.txt", script).script());
        assertThat(last(events, "r").reason()).startsWith("ReqNodeNotAvail");
        assertThat(last(events, "x").reason()).isEqualTo(
                "Nodes_required_for_job_are_DOWN,_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions");
    }

    private static ReplayEvent.Job last(List<ReplayEvent> events, String name) {
        return events.stream().filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(name))
                .map(e -> (ReplayEvent.Job) e).reduce((a, b) -> b).orElseThrow();
    }
}
