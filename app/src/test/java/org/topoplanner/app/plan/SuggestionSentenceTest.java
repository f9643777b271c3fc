package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/** The words of every outcome, as the command line prints them and the window's status bar reads them. */
class SuggestionSentenceTest {
    private static Placement onNodes(int gpusPerNode, String... hosts) {
        List<HostAllocation> on = new java.util.ArrayList<>();
        for (String h : hosts) {
            List<Integer> gpus = java.util.stream.IntStream.range(0, gpusPerNode).boxed().toList();
            on.add(HostAllocation.of(h, gpus, CpuSet.parse("0-3")));
        }
        return new Placement("j", on);
    }

    @Test
    void aPlacementIsItsNodesAndCountsOnTheLineAndItsFirstNoteAsTheReason() {
        Suggestion s = new Suggestion.Placed(onNodes(8, "node01", "node02", "node03", "node04"),
                List.of("one leaf: leaf1", "best fit"));
        assertThat(SuggestionSentence.line(s)).isEqualTo("placed: node[01-04] (4 nodes, 32 GPUs)");
        assertThat(SuggestionSentence.reason(s)).isEqualTo("one leaf: leaf1");
    }

    @Test
    void oneNodeIsSingularAndACpuOnlyJobCountsNoGpus() {
        Suggestion s = new Suggestion.Placed(onNodes(0, "node07"), List.of());
        assertThat(SuggestionSentence.line(s)).isEqualTo("placed: node07 (1 node, 0 GPUs)");
        assertThat(SuggestionSentence.reason(s)).isEmpty();
    }

    @Test
    void aWaitSaysHowLongThenWhereOnTheLineAndHowLongAndWhyAsTheReason() {
        Suggestion s = new Suggestion.Waiting(onNodes(8, "node01", "node09"), Duration.ofMinutes(5),
                "--switches=1@5:00 not met");
        assertThat(SuggestionSentence.line(s))
                .isEqualTo("waits up to 300 s, then runs on node[01,09] (2 nodes, 16 GPUs) (--switches=1@5:00 not met)");
        assertThat(SuggestionSentence.reason(s)).isEqualTo("waits up to 300 s: --switches=1@5:00 not met");
    }

    @Test
    void pendingAndImpossibleReadTheSameEverywhere() {
        Suggestion pending = new Suggestion.Pending(PendingReason.RESOURCES, "8 GPUs busy");
        Suggestion impossible = new Suggestion.Impossible("no node has 16 GPUs");
        assertThat(SuggestionSentence.line(pending)).isEqualTo("pending (Resources): 8 GPUs busy")
                .isEqualTo(SuggestionSentence.reason(pending));
        assertThat(SuggestionSentence.line(impossible)).isEqualTo("impossible: no node has 16 GPUs")
                .isEqualTo(SuggestionSentence.reason(impossible));
    }
}
