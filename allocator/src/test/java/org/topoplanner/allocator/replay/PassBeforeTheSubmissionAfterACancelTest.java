package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A measured pass that the submissions before queued, begun after a step between (the cancel of a pending job, which
 * queues no pass) but before the next submission's RPC, ran before that submission arrived: its starts stay
 * ({@link UnseenStarts#startsOfPassesAfterSubmission}). Own case featfz13, timed 26.05.5: f68 (RPC :49.863), cancel
 * f64 (pending, :49.931), the pass at :50.002 starts f62, f59, f58, f61 and f68, f69's RPC at :50.059; f71 (RPC
 * :50.244, {@code -p fat,mix -n4 -c5 --gpus-per-task=2}) then finds no mix node with two free GPUs and waits
 * {@code Resources} after the pass at :51.000 (cons_tres {@code _select_nodes}' {@code SLURM_ERROR} before the
 * tree), not {@code Insufficient_resources_in_topology_unit}, which the tree wrote when the replay had taken those
 * starts back and tried f71's mix record before f61 and f68 (partition all, a lower PriorityTier) held b4, c1, c2.
 */
class PassBeforeTheSubmissionAfterACancelTest {

    @Test
    void f71FindsTheStartsOfThePassBeforeF69() {
        assertThat(TimedReplay.summaries("featfz13", "job f72 ", "", "results/v26.05/featfz13.jsonl",
                SlurmVersion.V26_05)).contains("f71 submit PENDING(Resources) nodes= leaves=");
    }

    @Test
    void aPassBeforeTheRpcKeepsItsStartsAndMakesThemSeen() {
        UnseenStarts unseen = new UnseenStarts();
        unseen.startedUnseen.addAll(List.of("f61", "f68"));
        unseen.measuredLaterPasses.add(Map.entry(50.002, List.of("f61", "f68")));
        unseen.lastNextStep = 49.931; // the cancel of the pending f64
        assertThat(unseen.startsOfPassesAfterSubmission(50.059)).isEmpty();
        assertThat(unseen.startedUnseen).isEmpty();
        // the same pass measured after the RPC is still taken back
        unseen.startedUnseen.addAll(List.of("f61", "f68"));
        unseen.measuredLaterPasses.add(Map.entry(50.002, List.of("f61", "f68")));
        unseen.lastNextStep = 49.931;
        assertThat(unseen.startsOfPassesAfterSubmission(49.990)).containsExactly("f61", "f68");
    }
}
