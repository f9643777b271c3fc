package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/** The planner's answer against Slurm's on the same state, case by case. */
class SlurmAgreementTest {
    /** Leaves counted as one per host here: a placement on more hosts spans more leaves. */
    private static final ToIntFunction<Placement> ONE_LEAF_PER_HOST = p -> p.hosts().size();
    private static final SlurmVersion V = SlurmVersion.V26_05;

    private static Suggestion.Placed on(String... hosts) {
        return new Suggestion.Placed(new Placement("j", java.util.Arrays.stream(hosts)
                .map(h -> HostAllocation.of(h, List.of(0), CpuSet.of(List.of(0)))).toList()), List.of("why"));
    }

    @Test
    void aJobSlurmLeavesWaitingIsNotPlaced() {
        Suggestion slurm = new Suggestion.Pending(PendingReason.RESOURCES, "not enough free nodes");
        Suggestion s = SlurmAgreement.reconcile(on("a"), false, slurm, V, ONE_LEAF_PER_HOST);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
        assertThat(((Suggestion.Pending) s).explanation()).contains("26.05").contains("not enough free nodes");
    }

    @Test
    void aJobSlurmRefusesIsImpossible() {
        Suggestion s = SlurmAgreement.reconcile(on("a"), false, new Suggestion.Impossible("Requested node"
                + " configuration is not available"), V, ONE_LEAF_PER_HOST);
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void aJobSlurmTakesButNeverStartsWaitsWithSlurmsReasonAndCause() {
        Suggestion s = SlurmAgreement.reconcile(new Suggestion.Impossible("no node's memory pays for the CPUs"), false,
                new Suggestion.Pending(PendingReason.RESOURCES, "c1's memory", Suggestion.Pending.Cause.PICK_FAILS_MEMORY),
                V, ONE_LEAF_PER_HOST);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class, p -> {
            assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES);
            assertThat(p.cause()).isEqualTo(Suggestion.Pending.Cause.PICK_FAILS_MEMORY);
            assertThat(p.explanation()).contains("accepts the job").contains("never starts")
                    .contains("no node's memory pays");
        });
    }

    @Test
    void bothWaitingTakeSlurmsCauseWhenItIsNotTheState() {
        Suggestion.Pending mine = new Suggestion.Pending(PendingReason.RESOURCES, "no node now");
        Suggestion s = SlurmAgreement.reconcile(mine, false, new Suggestion.Pending(PendingReason.RESOURCES,
                "a1's memory", Suggestion.Pending.Cause.PICK_FAILS_MEMORY), V, ONE_LEAF_PER_HOST);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class, p -> {
            assertThat(p.cause()).isEqualTo(Suggestion.Pending.Cause.PICK_FAILS_MEMORY);
            assertThat(p.explanation()).contains("a1's memory").contains("no node now");
        });
        // Slurm waiting on the state alone leaves the planner's own answer
        assertThat(SlurmAgreement.reconcile(mine, false, new Suggestion.Pending(PendingReason.RESOURCES, "busy"), V,
                ONE_LEAF_PER_HOST)).isSameAs(mine);
    }

    @Test
    void aJobSlurmStartsWhereThePlannerFoundNothingTakesSlurmsPlacement() {
        Suggestion.Placed slurm = on("b", "c");
        Suggestion s = SlurmAgreement.reconcile(new Suggestion.Pending(PendingReason.RESOURCES, "none fits"), false,
                slurm, V, ONE_LEAF_PER_HOST);
        assertThat(((Suggestion.Placed) s).placement()).isEqualTo(slurm.placement());
        assertThat(((Suggestion.Placed) s).notes().get(0)).contains("as Slurm 26.05 places it").contains("none fits");
    }

    @Test
    void slurmsPlacementOnFewerLeavesReplacesThePlannersUnlessKeptInNvlinkDomains() {
        Suggestion.Placed mine = on("a", "b", "c");
        Suggestion.Placed slurm = on("d", "e");
        assertThat(((Suggestion.Placed) SlurmAgreement.reconcile(mine, false, slurm, V, ONE_LEAF_PER_HOST))
                .placement()).isEqualTo(slurm.placement());
        assertThat(SlurmAgreement.reconcile(mine, true, slurm, V, ONE_LEAF_PER_HOST)).isSameAs(mine);
        assertThat(SlurmAgreement.reconcile(on("a"), false, slurm, V, ONE_LEAF_PER_HOST))
                .as("the planner's own placement on no more leaves stays").isInstanceOf(Suggestion.Placed.class)
                .extracting(p -> ((Suggestion.Placed) p).placement().hostNames()).isEqualTo(List.of("a"));
    }

    @Test
    void slurmWaitingForItsSwitchLimitIsNoRefusal() {
        Suggestion.Waiting slurm = new Suggestion.Waiting(on("d", "e").placement(), Duration.ofSeconds(5), "waits");
        Suggestion.Placed mine = on("a");
        assertThat(SlurmAgreement.reconcile(mine, false, slurm, V, ONE_LEAF_PER_HOST)).isSameAs(mine);
        Suggestion pending = new Suggestion.Pending(PendingReason.RESOURCES, "--switches=1");
        assertThat(SlurmAgreement.reconcile(pending, false, slurm, V, ONE_LEAF_PER_HOST)).isSameAs(pending);
    }

    @Test
    void slurmWaitingOnAPlacementWithinTheSwitchLimitIsWhereItRuns() {
        // 22.05's test 0 (every core free) spans two leaves, the pick on the free cores one (own case fuzz64 p3)
        Suggestion.Waiting slurm = new Suggestion.Waiting(on("d").placement(), Duration.ofSeconds(5), "test 0");
        Suggestion.Impossible mine = new Suggestion.Impossible("no even split");
        Suggestion s = SlurmAgreement.reconcile(mine, false, SlurmAgreement.withinSwitches(slurm, 1, ONE_LEAF_PER_HOST),
                V, ONE_LEAF_PER_HOST);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(p.placement().hostNames()).isEqualTo(List.of("d")));
        // past the limit the wait stays a wait, and without --switches there is no limit to keep
        assertThat(SlurmAgreement.withinSwitches(new Suggestion.Waiting(on("d", "e").placement(), Duration.ofSeconds(5),
                "waits"), 1, ONE_LEAF_PER_HOST)).isInstanceOf(Suggestion.Waiting.class);
        assertThat(SlurmAgreement.withinSwitches(slurm, null, ONE_LEAF_PER_HOST)).isSameAs(slurm);
    }
}
