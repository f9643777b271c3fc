package org.topoplanner.allocator.planner;

import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's own answer held against Slurm's on the same state, where Slurm decides ({@link SlurmAgreement}): the
 * planner places nothing Slurm does not start, and what Slurm starts it places on no more leaves than Slurm. Before
 * {@code slurm-tree} is asked, Slurm's named-node rule ({@link NamedNodesFirstPassCap}) and the answers that need no
 * Slurm ({@link SlurmAgreement#settledWithoutSlurm}); after it, 22.05's test of the planner's nodes named with
 * {@code -w} ({@link OwnNodesNamed2205}), the socket binding ({@link SocketBindingGuard}) and
 * sbatch's test on the idle nodes ({@link SbatchSubmitTest}).
 */
final class SlurmReconcile {
    private SlurmReconcile() {
    }

    /**
     * The answer to {@code request} ({@code job}: with the tasks the planner holds) on {@code state}, from the
     * planner's own {@code mine}.
     */
    static Suggestion answer(SchedulerSettings settings, ClusterState state, ClusterIndex index, JobRequest job,
                             JobRequest request, OwnAnswer mine) {
        SlurmVersion slurm = settings.slurm();
        // Slurm's named-node rule, read apart from the emulation: it refuses whatever slurm-tree answers
        Suggestion named = NamedNodesFirstPassCap.refusal(state, job, slurm);
        if (named != null) {
            return named;
        }
        if (SlurmAgreement.settledWithoutSlurm(index, job, mine.answer(), p -> PlanSearch.leafCount(index, p))) {
            return mine.answer();
        }
        // slurm-tree takes the request as given: it applies the same node filters itself, and sets the tasks of
        // --ntasks-per-gpu as slurmctld does; the planner's explicit task count would be sbatch's -n, which changes
        // sbatch's test (PlannerNtasksPerGpuPropertyTest, -N2 --gpus=7 --ntasks-per-gpu=1 enforce-binding under
        // 22.05: refused as given, placed with -n7)
        Suggestion theirs = SlurmAgreement.withinFreeGpus(SlurmAgreement.withinSwitches(
                settings.slurmAnswer(state, request), job.switches(), p -> PlanSearch.leafCount(index, p)), state,
                mine.answer());
        Suggestion agreed = SlurmAgreement.reconcile(mine.answer(), mine.nvlinkKept(), theirs, slurm,
                p -> PlanSearch.leafCount(index, p));
        // under 22.05, a GPU job's own nodes that Slurm's required-node loop would not run it on are not proposed
        agreed = OwnNodesNamed2205.hold(settings, state, job, request, mine.answer(), theirs, agreed);
        Suggestion held = SocketBindingGuard.hold(state, job, agreed, mine.answer(), slurm);
        // what slurm-tree starts on the busy nodes may still be held by sbatch's test on the idle ones
        SlurmTreePolicy slurmTree = settings.slurmTree();
        return SbatchSubmitTest.hold(held, state, job, settings.options(), s -> slurmTree.suggest(s, request));
    }
}
