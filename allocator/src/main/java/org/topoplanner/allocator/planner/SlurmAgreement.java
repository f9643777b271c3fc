package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's answer held against what Slurm of the chosen release does with the same job on the same state
 * ({@code slurm-tree}: the emulation of that release's selection, read from its source). Issue 16 asks the planner
 * to be "optimal on every probe and never accepting what Slurm refuses", and the per-node binding verdicts
 * ({@link org.topoplanner.allocator.slurm.SlurmBinding}) cannot say either alone: whether Slurm starts a job is
 * decided by its selection over the whole cluster, not node by node. Real probes where only the selection decides
 * ({@code PlannerRealProbesTest}): 26.05's one-node shortcut counts a {@code --gpus=N} job's GPUs on from node to
 * node and stops on the first node where the count reaches N ({@code _get_one_res}), so it left fuzz32 p9
 * ({@code -N1 --cpus-per-gpu=1 --gpus=2}) waiting while an idle node held both GPUs; 22.05 and 24.11's tree walk
 * adds nodes by weight until the tasks' CPUs are met and then exceeds {@code -N2} (fuzz32 p21, {@code -N2 -n6 -c7},
 * {@code Resources} with two 32-core nodes free in one leaf). Slurm starts neither on that state in any later
 * pass (the state does not change until a job ends), so the planner does not either. The other way round, a
 * job Slurm starts that the planner's own rules found no place for (an uneven task split, {@code -w} with an
 * uneven GPU split, the 22.05/24.11 retry on fewer nodes) or placed on more leaves is placed as Slurm places it:
 * the planner is never less local than Slurm.
 *
 * <p>A {@link Suggestion.Waiting} from Slurm ({@code --switches} past its limit) is no refusal: Slurm runs the
 * job there once the wait ends. The planner keeps {@code --switches} as a hard limit, so it keeps its own answer
 * then.
 */
final class SlurmAgreement {
    private SlurmAgreement() {
    }

    /**
     * The planner's answer {@code mine} made to agree with {@code slurm}, Slurm {@code version}'s answer on the
     * same state; {@code leaves} counts a placement's leaf switches as the planner's score counts them. With
     * {@code nvlinkKept} the planner's placement was kept inside NVLink domains on purpose (the ring stays on
     * NVLink), so Slurm's placement on fewer leaves does not replace it.
     */
    static Suggestion reconcile(Suggestion mine, boolean nvlinkKept, Suggestion slurm, SlurmVersion version,
                                ToIntFunction<Placement> leaves) {
        if (mine instanceof Suggestion.Placed placed) {
            if (slurm instanceof Suggestion.Pending pending) {
                return new Suggestion.Pending(pending.reason(), "Slurm " + version.label() + " does not start it on"
                        + " this state (" + pending.explanation() + "), though " + placed.placement().hostNames()
                        + " would hold it: the planner proposes only what Slurm starts", pending.cause());
            }
            if (slurm instanceof Suggestion.Impossible never) {
                return new Suggestion.Impossible(never.reason() + " (Slurm " + version.label() + " refuses it)");
            }
            if (slurm instanceof Suggestion.Placed theirs && !nvlinkKept
                    && leaves.applyAsInt(theirs.placement()) < leaves.applyAsInt(placed.placement())) {
                return asSlurmPlaces(theirs, version, "on fewer leaves than the planner's own choice, "
                        + placed.placement().hostNames());
            }
            return mine;
        }
        if (slurm instanceof Suggestion.Placed theirs && !(mine instanceof Suggestion.Waiting)) {
            String why = mine instanceof Suggestion.Pending p ? p.explanation()
                    : ((Suggestion.Impossible) mine).reason();
            return asSlurmPlaces(theirs, version, "where the planner's own rules found none (" + why + ")");
        }
        if (mine instanceof Suggestion.Pending own && slurm instanceof Suggestion.Pending pending
                && pending.cause() != Suggestion.Pending.Cause.STATE && own.cause() != pending.cause()) {
            // both wait, but Slurm for a cause of its own (its pick fails the memory loop, sbatch's test): the job
            // waits for that, which no free node changes (soak seed -47391: -N1 -c9 --mem-per-cpu=2500 on mem3c,
            // 24.11/26.05 pick a1 and fail it there, the planner found no node for the whole cores)
            return new Suggestion.Pending(pending.reason(), "Slurm " + version.label() + " keeps it pending ("
                    + pending.explanation() + "); the planner's own rules find no place now either: "
                    + own.explanation(), pending.cause());
        }
        if (mine instanceof Suggestion.Impossible never && slurm instanceof Suggestion.Pending pending) {
            // Slurm takes the job (sbatch's test passes) and keeps it pending: the user sees PD with Slurm's reason,
            // not sbatch's error, so the answer is Slurm's, with the planner's finding that it never starts (CI's
            // seed 51653: -N1 -c9 --mem-per-cpu=2500 on mem2c's idle 16-CPU, 24,000 MB nodes; 24.11/26.05 cap the
            // CPUs at 9 and fail the pick's whole five cores in _job_test's memory loop, Reason=Resources for good)
            return new Suggestion.Pending(pending.reason(), "Slurm " + version.label() + " accepts the job and"
                    + " keeps it pending (" + pending.explanation() + "); it never starts on this cluster: "
                    + never.reason(), pending.cause());
        }
        return mine;
    }

    /**
     * Slurm's answer as the planner reads it: a {@link Suggestion.Waiting} whose placement already keeps
     * {@code --switches} (22.05 waits out the limit when its "test 0" pick with every core free spans more leaves,
     * though the pick on the free cores needs fewer: own case fuzz64 p3) is where Slurm starts the job once the wait
     * ends, within the planner's hard limit, so it counts as placed there; any other answer is kept.
     */
    static Suggestion withinSwitches(Suggestion slurm, Integer switches, ToIntFunction<Placement> leaves) {
        if (slurm instanceof Suggestion.Waiting w && switches != null && switches > 0
                && leaves.applyAsInt(w.placement()) <= switches) {
            return new Suggestion.Placed(w.placement(), List.of("after its --switches wait: " + w.explanation()));
        }
        return slurm;
    }

    /**
     * Slurm's answer, unless it puts GPUs on a node past what the node's free memory holds of the job ({@code state}
     * is the planner's, with those GPUs held: {@code FreeMemory.withGpusMemoryCannotServe}); then the planner's own
     * answer stands. Slurm's count on a node without GPU topology does that (own probe c26k2 z1, real 24.11.5 and
     * 26.05.5: two GPUs at 8,000 MB each on a node with 8,000 MB free); the planner keeps to the free memory.
     */
    static Suggestion withinFreeGpus(Suggestion slurm, ClusterState state, Suggestion mine) {
        if (slurm instanceof Suggestion.Placed theirs && theirs.placement().hosts().stream()
                .anyMatch(a -> !state.freeGpus(a.host()).containsAll(a.gpus()))) {
            return mine;
        }
        return slurm;
    }

    /**
     * Whether Slurm's answer cannot change {@code mine}, so {@code slurm-tree} need not run (issue 15: the agreement
     * doubled the planner's cost in a what-if, where most jobs ask for whole GPUs of a few nodes). It holds for the
     * plain {@code -N n --gpus-per-node=G} request (no CPUs, memory, binding, names or limits beyond Slurm's
     * defaults) that the planner placed on {@code n} nodes under one leaf, on a cluster without partitions or
     * {@code topology.yaml} whose every host sits under a leaf: every release selects such a job among the nodes
     * that pass one per-node test, 22.05's {@code _eval_nodes_topo} and 24.11's {@code eval_nodes_tree} from the
     * lowest switches that hold {@code n} of them (a leaf that does is such a switch; 26.05 the same, and its one-node
     * shortcut {@code _get_one_res} the first node by weight), and each places it when a leaf holds them; the
     * planner's nodes pass that same test ({@link org.topoplanner.allocator.slurm.SlurmBinding}, the core filter
     * slurm-tree uses), and Slurm's placement lies under at least one leaf too, so it is on no fewer leaves.
     * {@code SlurmAgreementShortcutPropertyTest} checks on random fragmented states of every release that
     * {@link #reconcile} returns {@code mine} wherever this says so.
     */
    static boolean settledWithoutSlurm(ClusterIndex index, JobRequest job, Suggestion mine,
                                       ToIntFunction<Placement> leaves) {
        if (!(mine instanceof Suggestion.Placed placed) || job.minNodes() == null
                || placed.placement().hosts().size() != job.minNodes()
                || leaves.applyAsInt(placed.placement()) != 1 || job.gpusPerNode() == null || job.gpusPerNode() < 1
                || !job.withName("").equals(JobRequest.nodesWithGpus("", job.minNodes(), job.gpusPerNode()))) {
            return false;
        }
        return index.derived(PlainTree.class, c -> PlainTree.of(index)).plain();
    }

    /** Whether a cluster has no partitions or named topologies and every host sits under a leaf switch. */
    private record PlainTree(boolean plain) {
        static PlainTree of(ClusterIndex index) {
            var slurm = index.cluster().slurm();
            if (!slurm.partitions().isEmpty() || !slurm.topologies().isEmpty() || index.domains().flat()) {
                return new PlainTree(false);
            }
            for (int h = 0; h < index.size(); h++) {
                int d = index.domains().domainOf(h);
                if (d < 0 || index.domains().get(d).tier() != 1) {
                    return new PlainTree(false);
                }
            }
            return new PlainTree(true);
        }
    }

    /** Slurm's placement {@code theirs} as the answer, the note saying {@code why}. */
    static Suggestion.Placed asSlurmPlaces(Suggestion.Placed theirs, SlurmVersion version, String why) {
        List<String> notes = new ArrayList<>();
        notes.add("placed as Slurm " + version.label() + " places it, " + why);
        notes.addAll(theirs.notes());
        return new Suggestion.Placed(theirs.placement(), notes);
    }
}
