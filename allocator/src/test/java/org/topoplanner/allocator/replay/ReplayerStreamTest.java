package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.replay.ReplayEvent;

class ReplayerStreamTest {
    /** Two leaves of four 8-GPU hosts. */
    private static final Cluster SMALL = BenchClusters.fatTree(1, 2, 4, 2, 2);

    @Test
    void streamedEventsAreTheListedOnesInOrderAsTheyHappen() {
        JobScript script = new JobScript(List.of(
                new JobScript.Submit("big", List.of("-N6", "--gpus-per-node=8")),
                new JobScript.Submit("wide", List.of("-N4", "--gpus-per-node=8")),
                new JobScript.Submit("one", List.of("-N1", "--gpus-per-node=2")),
                new JobScript.Cancel(List.of("big")),
                new JobScript.Snapshot(List.of()),
                new JobScript.Submit("bad", List.of("--gpus-per-node=-1"))));
        List<ReplayEvent> listed = new Replayer(SMALL, PolicyChoice.of(PolicyId.SLURM_TREE).create()).run(script);
        List<ReplayEvent> streamed = new ArrayList<>();
        List<Integer> seenWhenSnapshot = new ArrayList<>();
        new Replayer(SMALL, PolicyChoice.of(PolicyId.SLURM_TREE).create()).run(script, e -> {
            streamed.add(e);
            if (e instanceof ReplayEvent.Job j && j.moment() == ReplayEvent.Moment.SNAPSHOT) {
                seenWhenSnapshot.add(streamed.size());
            }
        });
        assertThat(streamed).isEqualTo(listed);
        // submit lines of big, wide, one come before the snapshot's lines, then rejected and final lines
        assertThat(seenWhenSnapshot).first().isEqualTo(4);
        assertThat(listed).hasSizeGreaterThan(seenWhenSnapshot.get(seenWhenSnapshot.size() - 1));
    }
}
