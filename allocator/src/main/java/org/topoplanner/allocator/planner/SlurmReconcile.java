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
 * Slurm ({@link SlurmAgreement#settledWithoutSlurm}); after it, the release's test of the planner's nodes named with
 * {@code -w} ({@link OwnNodesNamed}), the socket binding ({@link SocketBindingGuard}) and
 * sbatch's test on the idle nodes ({@link SbatchSubmitTest}).
 */
final class SlurmReconcile {
    private SlurmReconcile() {
    }

    /**
     * What the planner's own answer was searched for: {@code job}, the request as the node filters read it, within
     * {@code limits}; a further search ({@link NamedNodeSearch}) starts from the same.
     */
    record Searched(JobRequest job, PlanLimits limits) {
    }

    /**
     * The answer to {@code request} ({@code job}: with the tasks the planner holds) on {@code state}, from the
     * planner's own {@code mine}, found for {@code searched}.
     */
    static Suggestion answer(SchedulerSettings settings, ClusterState state, ClusterIndex index, JobRequest job,
                             JobRequest request, Searched searched, OwnAnswer mine) {
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
        // a GPU job's own nodes that Slurm would not run it on named are not proposed: the best set it runs named is
        agreed = OwnNodesNamed.hold(settings, state, index, job, searched, request, mine.answer(), theirs, agreed);
        Suggestion held = SocketBindingGuard.hold(state, job, agreed, mine.answer(), slurm);
        // what slurm-tree starts on the busy nodes may still be held by sbatch's test on the idle ones
        SlurmTreePolicy slurmTree = settings.slurmTree();
        return SbatchSubmitTest.hold(held, state, job, settings.options(), s -> slurmTree.suggest(s, request));
    }
}
