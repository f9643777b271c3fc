package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's own answer, before it is held against Slurm's ({@link SlurmReconcile}): the optimum under its rules
 * and the settings' limits, kept inside NVLink domains where that costs only fabric score, or Slurm's uneven split
 * where that is more local or the only fit; else why it waits or can never be placed.
 *
 * @param answer     the planner's answer
 * @param nvlinkKept whether its placement was kept inside NVLink domains (then more leaves than Slurm's placement
 *                   are the price of the NVLink ring, and the planner keeps it)
 */
record OwnAnswer(Suggestion answer, boolean nvlinkKept) {

    /** The answer where the settings can never be met: {@code never} is why. */
    static OwnAnswer never(String never) {
        return new OwnAnswer(new Suggestion.Impossible(never), false);
    }

    /**
     * The planner's own answer to {@code job} (the request as the node filters read it) on {@code state}; Slurm's
     * uneven split is asked of {@code submitted}, the request as given.
     */
    static OwnAnswer of(PlannerPolicy planner, SchedulerSettings settings, ClusterState state, ClusterIndex index,
                        JobRequest job, PlanLimits limits, JobRequest submitted) {
        SlurmVersion slurm = settings.slurm();
        Optional<Plan> overall = PlanSearch.best(index, state.usage(), job, limits);
        Optional<NvlinkDomainPlan.InDomains> inDomains = NvlinkDomainPlan.inFewestDomains(planner, state, job, overall);
        Optional<Plan> plan = inDomains.map(NvlinkDomainPlan.InDomains::plan).or(() -> overall);
        // 22.05 deals a -n job's tasks over the CPUs _cpus_to_use left its nodes, the first nodes' begun cores
        // first: the planner holds its own nodes' CPUs as that deal gives them, not as the even split does
        plan = TaskDeal2205.underRelease(settings, state, index, job, submitted, limits, plan);
        if (plan.isPresent() && inDomains.isEmpty() && limits.sets() == null && UnevenSplit.applies(job)) {
            // the even split may need more leaves than Slurm's own uneven one (fuzz26 p22, -N3 --gpus=8
            // enforce-binding: 3+3+2 over three leaves where Slurm runs 4+2+2 on two; PlannerRealProbesTest):
            // the planner is never less local than Slurm, so it takes Slurm's split there
            Optional<Placement> uneven = keptToPartition(index, limits, UnevenSplit.place(state, job,
                    () -> settings.slurmAnswer(state, submitted),
                    UnevenSplit.allowedBy(limits.refused(), limits.unbound())));
            if (uneven.isPresent() && PlanSearch.leafCount(index, uneven.get()) < plan.get().leaves().size()) {
                return new OwnAnswer(new Suggestion.Placed(uneven.get(), List.of(AnswerTexts.unevenOnFewerLeaves(
                        UnevenSplit.shares(uneven.get()), slurm))), false);
            }
        }
        if (plan.isPresent()) {
            Plan p = plan.get();
            List<String> notes = AnswerTexts.placed(p, inDomains.map(NvlinkDomainPlan.InDomains::domains).orElse(null));
            if (limits.partition() != null && limits.partition().spreads(p.placement())) {
                notes = new ArrayList<>(notes);
                notes.add(0, limits.partition().capText() + ": at most " + limits.partition().cap()
                        + " CPUs of the job on a node, so it spreads over " + p.placement().hosts().size() + " nodes");
            }
            return new OwnAnswer(new Suggestion.Placed(p.placement(), notes), inDomains.isPresent());
        }
        if (limits.sets() == null) {
            Optional<Placement> uneven = keptToPartition(index, limits, UnevenSplit.place(state, job,
                    () -> settings.slurmAnswer(state, submitted),
                    UnevenSplit.allowedBy(limits.refused(), limits.unbound())));
            if (uneven.isPresent()) {
                return new OwnAnswer(new Suggestion.Placed(uneven.get(), List.of(
                        AnswerTexts.unevenWhereNoEvenSplitFits(UnevenSplit.shares(uneven.get()), slurm))), false);
            }
        }
        ClusterState empty = ClusterState.empty(state.cluster());
        if (PlanSearch.best(index, empty.usage(), job, PlanLimits.NONE).isEmpty()) {
            return new OwnAnswer(new Suggestion.Impossible(Explanation.never(index, job, empty.usage())), false);
        }
        if (limits.any()) {
            // what the settings rule out on the idle cluster: the kubelet may refuse fewer nodes there
            PlanLimits idle = PlanLimits.of(empty, index, job, settings);
            if (PlanSearch.best(index, empty.usage(), job, idle).isEmpty()) {
                return new OwnAnswer(new Suggestion.Impossible(LimitTexts.neverWithin(idle, job, settings)), false);
            }
        }
        if (settings.slurmDecides() && settings.slurmTree().failsWithEveryCoreFree(state, job)) {
            // the limits ruled every node out for this (cached on the state): say so, not a socket's free cores
            return new OwnAnswer(new Suggestion.Pending(PendingReason.RESOURCES,
                    AnswerTexts.failsWithEveryCoreFree(slurm)), false);
        }
        for (String h : job.nodelist()) {
            if (limits.unbound().get(index.number(h))) {
                return new OwnAnswer(new Suggestion.Pending(PendingReason.RESOURCES,
                        AnswerTexts.namedNodeUnbound(h, job, slurm)), false);
            }
        }
        String now = Explanation.notNow(index, job, state.usage());
        if (limits.any()) {
            now += " (within " + LimitTexts.within(limits, job, settings) + ")";
        }
        return new OwnAnswer(new Suggestion.Pending(PendingReason.RESOURCES, now), false);
    }

    /**
     * Slurm's uneven split, when it keeps to the job's partition and its {@code MaxCPUsPerNode} as the planner reads
     * them ({@link PartitionShare}; PlannerNeverPlacesWhatSlurmRulesOutPropertyTest, seed 289598, {@code -p part -n5
     * -c3 --exclusive} on an 8-CPU node of a cap of 5, from before {@code slurm-tree} kept the exclusive refusal).
     */
    private static Optional<Placement> keptToPartition(ClusterIndex index, PlanLimits limits,
                                                       Optional<Placement> uneven) {
        PartitionShare share = limits.partition();
        return share == null ? uneven : uneven.filter(p -> share.broken(index, p) == null);
    }
}
