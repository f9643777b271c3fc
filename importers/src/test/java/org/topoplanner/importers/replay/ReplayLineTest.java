package org.topoplanner.importers.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.JobState;
import org.topoplanner.model.replay.ReplayEvent.Moment;

/**
 * The harness's JSON lines, key for key and in its key order (see the real lines in
 * {@code allocator/src/test/resources/oracle/results}): what {@code topoplanner replay} prints.
 */
class ReplayLineTest {

    @Test
    void writesARunningJobWithSortedNodeListAndPerNodeLinesInPlacementOrder() {
        Placement p = new Placement("s1", List.of(HostAllocation.of("node02", List.of(0, 1), CpuSet.of(0, 1)),
                HostAllocation.of("node01", List.of(2), CpuSet.of(4))));
        String line = ReplayLine.text(new ReplayEvent.Job(Moment.SUBMIT, "s1", JobState.RUNNING, null, p,
                List.of("leaf1")));
        assertThat(line).isEqualTo("{\"type\":\"job\",\"when\":\"submit\",\"name\":\"s1\",\"state\":\"RUNNING\","
                + "\"reason\":null,\"nodes\":[\"node01\",\"node02\"],\"alloc\":[{\"node\":\"node02\",\"cpus\":[0,1],"
                + "\"gpus\":[0,1]},{\"node\":\"node01\",\"cpus\":[4],\"gpus\":[2]}],\"leaves\":[\"leaf1\"],"
                + "\"nodelist\":\"node[01-02]\"}");
    }

    @Test
    void writesAPendingJobWithItsReasonAndNoNodes() {
        String line = ReplayLine.text(new ReplayEvent.Job(Moment.FINAL, "big", JobState.PENDING, "Resources", null,
                List.of()));
        assertThat(line).isEqualTo("{\"type\":\"job\",\"when\":\"final\",\"name\":\"big\",\"state\":\"PENDING\","
                + "\"reason\":\"Resources\",\"nodes\":[],\"alloc\":[],\"leaves\":[],\"nodelist\":null}");
    }

    @Test
    void writesARejectionAsSbatchReportsItAndANoteAsGiven() {
        assertThat(ReplayLine.lines(List.of(new ReplayEvent.Rejected("r2", List.of("-N", "x"), "bad -N"),
                new ReplayEvent.Note("S2 \"quoted\""))))
                .containsExactly("{\"type\":\"job\",\"when\":\"submit\",\"name\":\"r2\",\"args\":[\"-N\",\"x\"],"
                        + "\"state\":\"REJECTED\",\"submit_error\":\"sbatch: error: Batch job submission failed: bad -N\"}",
                        "{\"type\":\"note\",\"text\":\"S2 \\\"quoted\\\"\"}");
    }

    /** A refusal already worded as sbatch prints it (allocator RejectionWords) is written unchanged. */
    @Test
    void writesARefusalWordedAsSbatchUnchanged() {
        String fatal = "sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.";
        assertThat(ReplayLine.lines(List.of(new ReplayEvent.Rejected("r3", List.of(), fatal))))
                .containsExactly("{\"type\":\"job\",\"when\":\"submit\",\"name\":\"r3\",\"args\":[],"
                        + "\"state\":\"REJECTED\",\"submit_error\":\"" + fatal + "\"}");
    }
}
