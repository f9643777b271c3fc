package org.topoplanner.allocator.planner;

import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.InvalidNodes;
import org.topoplanner.allocator.slurm.NodeMemory;
import org.topoplanner.allocator.slurm.NtasksPerGpuMinCpus;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code planner}: the optimum (package documentation: the objective). Among every placement that honours the request
 * (node count, per-node GPUs and CPUs, GPU type, {@code --exclusive}, {@code -w}, {@code -x},
 * {@code --switches} as a hard leaf limit, {@code enforce-binding} as cores on the GPUs' affine
 * cores), it takes the one with the smallest {@link Score}: lowest tier spanned, fewest domains per
 * tier from the top, least fragmentation (wholly idle leaves and nodes kept whole, best fit), lowest
 * node weight, then the best GPU subsets ({@link NodeFit}). Node choice is exact
 * ({@link TreeSearch}); so is the GPU subset on each node.
 *
 * <p>When nothing fits now but the job fits the empty cluster, the answer is
 * {@link Suggestion.Pending} ({@code Resources}); when it does not even fit the empty cluster, it
 * is {@link Suggestion.Impossible} with the reason ({@code --switches=1} for 16 nodes under 8-node
 * leaves, a GPU count no node has, ...). The planner never answers {@link Suggestion.Waiting}:
 * it does not wait for a better allocation that it can compute.
 *
 * <p>Choices: {@code -N min-max} takes the minimum; {@code --gpus=N} spreads evenly over the fewest
 * nodes that can hold it (the last nodes take one fewer when it does not divide); {@code -n}
 * without {@code --ntasks-per-node} puts an even share of tasks on each node. When no even split fits
 * now, such a job is split unevenly as Slurm splits it ({@link UnevenSplit}), so the planner never waits
 * where Slurm starts it. Rail-optimised and
 * other multi-homed fabrics are counted on {@link FabricDomains} (a host cabled to all rail leaves of
 * its unit counts under that unit).
 *
 * <p>The schedulers' hard settings in the {@link PolicyOptions} are hard constraints too: a host whose
 * kubelet would refuse the pod under Topology Manager {@code restricted} or {@code single-numa-node}
 * is not used ({@link KubeletGate}); Volcano {@code mode: hard} with {@code highestTierAllowed} and a
 * Kueue {@code podset-required-topology} keep the job inside one of the scheduler's domains
 * ({@link HostSets}, {@link LimitedSearch}). A request no domain or kubelet could ever take is
 * {@link Suggestion.Impossible} with the setting named.
 *
 * <p>The request is first read through the node filters slurmctld applies before any selection
 * ({@link NodeMemory#beforeSelection}, the same step {@code slurm-tree} starts from): nodes below {@code --mem} or
 * with fewer threads per core than {@code --threads-per-core} (or {@code --hint=nomultithread}) are left out, and
 * each task's CPUs count whole cores of that many threads ({@code common_cpus_per_core}).
 *
 * <p>Slurm's binding rules are hard too, for the Slurm release of the options: a node whose
 * {@code select/cons_tres} core filter would refuse the job ({@link SlurmBinding}: per socket, for
 * {@code --cpus-per-gpu}, {@code -c} and {@code enforce-binding}) is not used, so the planner never
 * proposes what {@code slurm-tree} of that release can never start. Whether Slurm starts a job at all is decided
 * by its selection over the whole cluster, so when no Kubernetes setting is in force the answer is also held
 * against {@code slurm-tree} of that release on the same state ({@link SlurmAgreement}): the planner places
 * nothing Slurm does not start, and what Slurm starts it places on no more leaves than Slurm.
 *
 * <p>The steps, each its own class: what the settings rule out ({@link PlanLimits}), the search for the optimum
 * ({@link PlanSearch}, with the rounding's spare shares taken off by {@link SpareTrim}), the planner's own answer
 * ({@link OwnAnswer}) and that answer held against Slurm's ({@link SlurmReconcile}); the texts are
 * {@link AnswerTexts}', {@link LimitTexts}' and {@link Explanation}'s.
 */
public final class PlannerPolicy implements PlacementPolicy {
    /** The settings the planner answers under, with {@code slurm-tree} of their release (keeping sbatch's verdicts). */
    private final SchedulerSettings settings;

    /** The optimum with no scheduler settings beyond the request (kubelet policy {@code none}). */
    public PlannerPolicy() {
        this(PolicyOptions.DEFAULT);
    }

    /** The optimum under the options' Topology Manager policy and the job's Volcano / Kueue limits. */
    public PlannerPolicy(PolicyOptions options) {
        this.settings = new SchedulerSettings(options);
    }

    /** A placement with the score it was chosen by. */
    public record Plan(Placement placement, Score score, List<String> leaves) {
    }

    @Override
    public String id() {
        return "planner";
    }

    /**
     * The memory Slurm would hold for the job ({@link FreeMemory#heldBy}): the planner reads slurm-tree's memory state.
     */
    @Override
    public HeldMemory memoryHeldBy(Cluster cluster, JobRequest request, Placement placement) {
        return FreeMemory.heldBy(cluster, request, placement);
    }

    /**
     * The optimum, held against Slurm's own answer on the same state when no Kubernetes setting is in force
     * ({@link SlurmReconcile}: never a job Slurm does not start, never more leaves than Slurm's placement).
     */
    @Override
    public Suggestion suggest(ClusterState given, JobRequest request) {
        Suggestion.Impossible notSearched = AnswerTexts.notSearched(request);
        if (notSearched != null) {
            return notSearched;
        }
        SlurmVersion slurm = settings.slurm();
        // --ntasks-per-gpu: the tasks and GPUs slurmctld sets from it are what the job's nodes must hold
        JobRequest job = heldTasks(request, slurm);
        // under consumable memory a node gives no more GPUs than its free memory holds of the job's --mem-per-gpu
        // (its CPUs past a per-CPU figure are a cap on the count, PlanLimits.memoryCpus: every free core stays usable)
        ClusterState state = FreeMemory.withGpusMemoryCannotServe(given, job);
        ClusterIndex index = ClusterIndex.of(state.cluster());
        String bad = badNames(index, job);
        if (bad != null) {
            return new Suggestion.Impossible(bad);
        }
        NodeMemory.Verdict filtered = NodeMemory.beforeSelection(state.cluster(), job, slurm);
        if (filtered instanceof NodeMemory.Refused refused) {
            return new Suggestion.Impossible(refused.reason());
        }
        if (filtered instanceof NodeMemory.Held held) {
            // a memory limit slurmctld holds the job by (MaxMemPerLimit): it starts nowhere while it stands
            return new Suggestion.Pending(PendingReason.MAX_MEM_PER_LIMIT, held.reason());
        }
        JobRequest asked = ((NodeMemory.Usable) filtered).request();
        if (settings.slurmDecides()) {
            // a -w job naming a node 24.11/26.05 set INVALID for its gres.conf Cores= waits as Slurm has it
            Suggestion.Pending onInvalid = InvalidNodes.waiting(state.cluster(), slurm, asked);
            if (onInvalid != null) {
                return onInvalid;
            }
        }
        PlanLimits limits = PlanLimits.of(state, index, asked, settings);
        OwnAnswer mine = limits.never() != null ? OwnAnswer.never(limits.never())
                : OwnAnswer.of(this, settings, state, index, asked, limits, request);
        if (!settings.slurmDecides() || job.podShape() != null) {
            // a job given as Kubernetes pods is no sbatch request: Slurm's selection says nothing of it
            return mine.answer();
        }
        // the partition's rules read apart from the emulation: Slurm's placement taken past them is not proposed
        return PartitionShare.hold(limits.partition(), index,
                SlurmReconcile.answer(settings, state, index, job, request,
                        new SlurmReconcile.Searched(asked, limits), mine), mine.answer());
    }

    /** Host names the cluster does not have, or a host both required and excluded; {@code null} when fine. */
    static String badNames(ClusterIndex index, JobRequest job) {
        for (String h : job.nodelist()) {
            if (index.number(h) < 0) {
                return "Invalid node name specified: " + h + " (-w names a host the cluster does not have)";
            }
            if (job.exclude().contains(h)) {
                return "-w and -x both name " + h;
            }
        }
        return null;
    }

    /**
     * The tasks whose CPUs the planner holds for {@code request} under Slurm {@code version}: with
     * {@code --ntasks-per-gpu}, the tasks and GPUs slurmctld sets from it ({@link JobRequest#withTasksOfNtasksPerGpu}),
     * except where 22.05 starts the job on sbatch's {@code min_cpus} ({@link NtasksPerGpuMinCpus#startsOnSbatchFigure}):
     * there the GPUs stay and the tasks are sbatch's own ({@code -n}, else one a node), whose CPUs are that figure.
     */
    static JobRequest heldTasks(JobRequest request, SlurmVersion version) {
        JobRequest set = request.withTasksOfNtasksPerGpu();
        if (set == request || !NtasksPerGpuMinCpus.startsOnSbatchFigure(request, version)) {
            return set;
        }
        return set.toBuilder().ntasks(request.ntasks()).build();
    }

    /**
     * The optimum placement now, with its score, its tasks dealt as the live answer deals them
     * ({@link TaskDeal2205#underRelease}); empty when nothing fits now or ever.
     */
    public Optional<Plan> plan(ClusterState given, JobRequest request) {
        SlurmVersion slurm = settings.slurm();
        JobRequest job = heldTasks(request, slurm);
        ClusterState state = FreeMemory.withGpusMemoryCannotServe(given, job);
        ClusterIndex index = ClusterIndex.of(state.cluster());
        if (AnswerTexts.notSearched(job) != null || badNames(index, job) != null
                || !(NodeMemory.beforeSelection(state.cluster(), job, slurm) instanceof NodeMemory.Usable usable)) {
            return Optional.empty();
        }
        JobRequest asked = usable.request();
        PlanLimits limits = PlanLimits.of(state, index, asked, settings);
        // the same deal as the live answer (OwnAnswer): under 22.05 the tasks' CPUs as Slurm deals them
        return limits.never() != null ? Optional.empty() : TaskDeal2205.underRelease(settings, state, index,
                asked, request, limits, PlanSearch.best(index, state.usage(), asked, limits));
    }
}
