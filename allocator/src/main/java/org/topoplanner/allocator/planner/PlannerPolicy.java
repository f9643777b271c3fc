package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.InvalidNodes;
import org.topoplanner.allocator.slurm.NodeMemory;
import org.topoplanner.allocator.slurm.NtasksPerGpuMinCpus;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.allocator.slurm.SlurmJobSpec;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.allocator.volcano.HyperNodeTree;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyConstraints;

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
 */
public final class PlannerPolicy implements PlacementPolicy {
    private final KubeletSettings kubelet;
    private final TopologyConstraints topology;
    private final SlurmVersion slurm;
    private final PolicyOptions options;
    /** Slurm of the options' release on the same state ({@link SlurmAgreement}); one instance keeps sbatch's verdicts. */
    private final SlurmTreePolicy slurmTree;

    /** The optimum with no scheduler settings beyond the request (kubelet policy {@code none}). */
    public PlannerPolicy() {
        this(PolicyOptions.DEFAULT);
    }

    /** The optimum under the options' Topology Manager policy and the job's Volcano / Kueue limits. */
    public PlannerPolicy(PolicyOptions options) {
        this.kubelet = KubeletSettings.from(options);
        this.topology = options.topology();
        this.slurm = options.slurmVersion();
        this.options = options;
        this.slurmTree = new SlurmTreePolicy(options);
    }

    /**
     * What the settings rule out for one job in one state.
     *
     * @param refused hosts whose kubelet would refuse the pod
     * @param unbound hosts on which Slurm's binding rules refuse the job
     * @param sets    the scheduler domains the job must stay inside, or {@code null}
     * @param never   why no placement can ever meet the settings, or {@code null}
     */
    private record Limits(BitSet refused, BitSet unbound, int[] oneSocketGpus, int[] boundCpus, int[] memoryCpus,
                          HostSets sets, String never) {
        static final Limits NONE = new Limits(new BitSet(), new BitSet(), null, null, null, null, null);

        boolean any() {
            return !refused.isEmpty() || !unbound.isEmpty() || oneSocketGpus != null || boundCpus != null
                    || memoryCpus != null || sets != null;
        }

        /**
         * Hosts whose free memory pays for fewer than {@code cpus} of the job's CPUs at its per-CPU figure
         * ({@link FreeMemory#cpusMemoryPays}: the cap Slurm's {@code _can_job_run_on_node} sets on a node's CPU count).
         */
        BitSet tooFewCpusForMemory(int cpus) {
            return below(memoryCpus, cpus);
        }

        /**
         * Hosts where Slurm's filter keeps fewer CPUs on the GPUs' sockets than {@code cpus}: a multi-node
         * {@code --gpus-per-task} job with enforce-binding whose share of tasks there would break the binding.
         */
        BitSet tooFewBoundCpus(int cpus) {
            return below(boundCpus, cpus);
        }

        /** Hosts whose figure in {@code perHost} is below {@code need}; none when there is no such limit. */
        private static BitSet below(int[] perHost, int need) {
            BitSet out = new BitSet();
            if (perHost != null) {
                for (int h = 0; h < perHost.length; h++) {
                    out.set(h, perHost[h] < need);
                }
            }
            return out;
        }

        /** Hosts whose one socket Slurm keeps for the job (22.05/24.11 {@code --gpus=N}) holds fewer than {@code gpus}. */
        BitSet tooFewOnOneSocket(int gpus) {
            return below(oneSocketGpus, gpus);
        }
    }

    /** The Volcano tier limit of a cluster, cached with its index (one HyperNode tree walk per cluster). */
    private record VolcanoSetsKey(int tier) {
    }

    /** The most GPUs of one host of a cluster, cached with its index. */
    private record MostGpusKey() {
    }

    /** The most CPUs of one host of a cluster, cached with its index. */
    private record MostCpusKey() {
    }

    /** The Kueue level limit of a cluster, cached with its index. */
    private record KueueSetsKey(String level) {
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
     * ({@link SlurmAgreement}: never a job Slurm does not start, never more leaves than Slurm's placement).
     */
    @Override
    public Suggestion suggest(ClusterState given, JobRequest request) {
        if (request.gpusPerSocket() != null) {
            // slurm-tree emulates Slurm's answer (PROVENANCE g12c); the planner's search has no per-socket GPU count,
            // and a placement without it could be one Slurm refuses (g9b s3, sb7a s10)
            return new Suggestion.Impossible("--gpus-per-socket is emulated by slurm-tree only; the planner does not"
                    + " search placements for it");
        }
        if (request.distribution() != null && request.distribution().planeSize() != null) {
            // slurm-tree emulates Slurm's plane layout (PlaneTasks), which may fail a job its nodes hold
            // (ESLURM_BAD_TASK_COUNT in 24.11/26.05); the planner's search knows no planes
            return new Suggestion.Impossible("-m " + request.distribution().spelling() + " is emulated by slurm-tree"
                    + " only; the planner does not search placements for it");
        }
        if (request.overcommit()) {
            // slurm-tree lays an -O job out one task per node with -n still bounding its nodes (Overcommit); the
            // planner's search counts every task's CPUs, so it would refuse or misplace what Slurm starts
            return new Suggestion.Impossible("-O/--overcommit is emulated by slurm-tree only; the planner does not"
                    + " search placements for it");
        }
        // --ntasks-per-gpu: the tasks and GPUs slurmctld sets from it are what the job's nodes must hold
        JobRequest job = heldTasks(request, slurm);
        // under consumable memory a node gives no more GPUs than its free memory holds of the job's --mem-per-gpu
        // (its CPUs past a per-CPU figure are a cap on the count, Limits.memoryCpus: every free core stays usable)
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
        if (slurmDecides()) {
            // a -w job naming a node 24.11/26.05 set INVALID for its gres.conf Cores= waits as Slurm has it
            Suggestion.Pending onInvalid = InvalidNodes.waiting(state.cluster(), slurm, asked);
            if (onInvalid != null) {
                return onInvalid;
            }
        }
        Limits limits = limits(state, index, asked);
        Own mine = limits.never() != null ? new Own(new Suggestion.Impossible(limits.never()), false)
                : own(state, index, asked, limits, request);
        if (!slurmDecides() || job.podShape() != null) {
            // a job given as Kubernetes pods is no sbatch request: Slurm's selection says nothing of it
            return mine.answer();
        }
        // Slurm's named-node rule, read apart from the emulation: it refuses whatever slurm-tree answers
        Suggestion named = NamedNodesFirstPassCap.refusal(state, job, slurm);
        if (named != null) {
            return named;
        }
        if (SlurmAgreement.settledWithoutSlurm(index, job, mine.answer(), p -> leafCount(index, p))) {
            return mine.answer();
        }
        // slurm-tree takes the request as given: it applies the same node filters itself, and sets the tasks of
        // --ntasks-per-gpu as slurmctld does; the planner's explicit task count would be sbatch's -n, which changes
        // sbatch's test (PlannerNtasksPerGpuPropertyTest, -N2 --gpus=7 --ntasks-per-gpu=1 enforce-binding under
        // 22.05: refused as given, placed with -n7)
        Suggestion agreed = SlurmAgreement.reconcile(mine.answer(), mine.nvlinkKept(),
                SlurmAgreement.withinFreeGpus(SlurmAgreement.withinSwitches(slurmAnswer(state, request), job.switches(),
                        p -> leafCount(index, p)), state, mine.answer()),
                slurm, p -> leafCount(index, p));
        Suggestion held = SocketBindingGuard.hold(state, job, agreed, mine.answer(), slurm);
        // what slurm-tree starts on the busy nodes may still be held by sbatch's test on the idle ones
        return SbatchSubmitTest.hold(held, state, job, options, s -> slurmTree.suggest(s, request));
    }


    /** The key of {@code slurm-tree}'s answer to one request under these options, kept with the state it was given on. */
    private record SlurmAnswer(JobRequest job, PolicyOptions options) {
    }

    /**
     * {@code slurm-tree}'s answer to {@code job} on {@code state}, asked once per state and request: the uneven split
     * and the agreement both read it (each ran it before), and a drag over an unchanged plan asks the same job again.
     * It is a pure function of the state, the request and the options.
     */
    private Suggestion slurmAnswer(ClusterState state, JobRequest job) {
        return state.derived(new SlurmAnswer(job, options), s -> slurmTree.suggest(s, job));
    }

    /**
     * Whether Slurm is the scheduler the options describe: no kubelet Topology Manager policy and no Volcano or
     * Kueue topology setting (those are a Kubernetes cluster's, whose admission Slurm's selection says nothing of).
     */
    private boolean kubeletGates() {
        return kubelet.policy() != org.topoplanner.model.k8s.TopologyManagerPolicy.NONE;
    }

    private boolean slurmDecides() {
        return kubelet.policy() == org.topoplanner.model.k8s.TopologyManagerPolicy.NONE
                && topology.hardVolcanoTier().isEmpty() && topology.requiredKueueLevel().isEmpty();
    }

    /**
     * The planner's own answer, and whether its placement was kept inside NVLink domains (then more leaves than
     * Slurm's placement are the price of the NVLink ring, and the planner keeps it).
     */
    private record Own(Suggestion answer, boolean nvlinkKept) {
    }

    /** The planner's own answer: the optimum under its rules and the settings' limits. */
    private Own own(ClusterState state, ClusterIndex index, JobRequest job, Limits limits, JobRequest submitted) {
        Optional<Plan> overall = plan(index, state.usage(), job, limits);
        Optional<NvlinkDomainPlan.InDomains> inDomains = NvlinkDomainPlan.inFewestDomains(this, state, job, overall);
        Optional<Plan> plan = inDomains.map(NvlinkDomainPlan.InDomains::plan).or(() -> overall);
        if (plan.isPresent() && inDomains.isEmpty() && limits.sets() == null && UnevenSplit.applies(job)) {
            // the even split may need more leaves than Slurm's own uneven one (fuzz26 p22, -N3 --gpus=8
            // enforce-binding: 3+3+2 over three leaves where Slurm runs 4+2+2 on two; PlannerRealProbesTest):
            // the planner is never less local than Slurm, so it takes Slurm's split there
            Optional<Placement> uneven = UnevenSplit.place(state, job, () -> slurmAnswer(state, submitted),
                    UnevenSplit.allowedBy(limits.refused(), limits.unbound()));
            if (uneven.isPresent() && leafCount(index, uneven.get()) < plan.get().leaves().size()) {
                return new Own(new Suggestion.Placed(uneven.get(), List.of("split unevenly ("
                        + UnevenSplit.shares(uneven.get()) + ") as Slurm " + slurm.label()
                        + " splits it: on fewer leaves than any even split")), false);
            }
        }
        if (plan.isPresent()) {
            Plan p = plan.get();
            List<String> notes = new ArrayList<>();
            if (inDomains.isPresent()) {
                int n = inDomains.get().domains();
                notes.add(n == 1 ? "kept inside one NVLink domain (its ring stays on NVLink), though the fabric"
                        + " score alone would span several" : "kept inside the fewest NVLink domains, " + n
                        + ", though the fabric score alone would span more");
            }
            notes.add("score: " + p.score());
            if (!p.leaves().isEmpty()) {
                notes.add("leaves " + String.join(",", p.leaves()));
            }
            return new Own(new Suggestion.Placed(p.placement(), notes), inDomains.isPresent());
        }
        if (limits.sets() == null) {
            Optional<Placement> uneven = UnevenSplit.place(state, job, () -> slurmAnswer(state, submitted),
                    UnevenSplit.allowedBy(limits.refused(), limits.unbound()));
            if (uneven.isPresent()) {
                String shares = UnevenSplit.shares(uneven.get());
                return new Own(new Suggestion.Placed(uneven.get(), List.of("split unevenly (" + shares + ") as Slurm "
                        + slurm.label() + " splits it: no even split fits now")), false);
            }
        }
        ClusterState empty = ClusterState.empty(state.cluster());
        if (plan(index, empty.usage(), job, Limits.NONE).isEmpty()) {
            return new Own(new Suggestion.Impossible(Explanation.never(index, job, empty.usage())), false);
        }
        if (limits.any()) {
            // what the settings rule out on the idle cluster: the kubelet may refuse fewer nodes there
            Limits idle = limits(empty, index, job);
            if (plan(index, empty.usage(), job, idle).isEmpty()) {
                return new Own(new Suggestion.Impossible(neverWithin(idle, job)), false);
            }
        }
        if (slurmDecides() && slurmTree.failsWithEveryCoreFree(state, job)) {
            // the limits ruled every node out for this (cached on the state): say so, not a socket's free cores
            return new Own(new Suggestion.Pending(PendingReason.RESOURCES, "Slurm " + slurm.label() + " first tests"
                    + " the job with every core free and the memory and GPUs held as now (_job_test's test 0), and it"
                    + " fails there, so the job waits whatever the free cores would give (Reason=Resources)"), false);
        }
        for (String h : job.nodelist()) {
            if (limits.unbound().get(index.number(h))) {
                return new Own(new Suggestion.Pending(PendingReason.RESOURCES, "-w " + h + ": Slurm " + slurm.label()
                        + (bindsToGpus(job) ? " binds the job's CPUs to its GPUs' sockets, and the free cores of"
                        + " that node's sockets cannot now hold them" : "'s core selection finds too few free whole"
                        + " cores there") + " (Reason=Resources there too)"), false);
            }
        }
        String now = Explanation.notNow(index, job, state.usage());
        if (limits.any()) {
            now += " (within " + within(limits, job) + ")";
        }
        return new Own(new Suggestion.Pending(PendingReason.RESOURCES, now), false);
    }

    /** The leaf switches (tier-1 domains) of {@code p}, counted as a plan counts its own. */
    private static int leafCount(ClusterIndex index, Placement p) {
        FabricDomains dom = index.domains();
        BitSet seen = new BitSet();
        for (HostAllocation a : p.hosts()) {
            int d = dom.domainOf(index.number(a.host()));
            if (d >= 0 && dom.get(d).tier() == 1) {
                seen.set(d);
            }
        }
        return seen.cardinality();
    }

    private Limits limits(ClusterState state, ClusterIndex index, JobRequest job) {
        BitSet refused = KubeletGate.refused(state, index, job, kubelet);
        // hosts whose free memory cannot hold the job's --mem-per-gpu now (consumable memory): unusable until the
        // running jobs holding it end, as slurm-tree has them ({@link FreeMemory#shortOfFreeMemory})
        java.util.Set<String> shortOfMemory = FreeMemory.shortOfFreeMemory(state, job);
        if (slurmDecides()) {
            // nodes Slurm 24.11/26.05 set INVALID (a gres.conf Cores= that splits a socket) take no job of Slurm's;
            // a Kubernetes cluster's kubelet reads no gres.conf, so only where Slurm decides
            java.util.Set<String> invalid = InvalidNodes.of(state.cluster(), slurm).keySet();
            if (!invalid.isEmpty()) {
                shortOfMemory = new java.util.HashSet<>(shortOfMemory);
                shortOfMemory.addAll(invalid);
            }
        }
        if (!shortOfMemory.isEmpty()) {
            refused = (BitSet) refused.clone();
            for (String h : shortOfMemory) {
                int n = index.number(h);
                if (n >= 0) {
                    refused.set(n);
                }
            }
        }
        BitSet unbound = BindingRefusals.of(state, job, slurm);
        if (slurmDecides() && slurmTree.failsWithEveryCoreFree(state, job)) {
            // 22.05's test 0 of _job_test fails the job with every core free before the free cores are looked at:
            // no node serves it in this state (SlurmTreePolicy#failsWithEveryCoreFree)
            unbound = new BitSet();
            unbound.set(0, index.size());
        }
        int[] oneSocket = SlurmBinding.gpusOnOneSocket(state, job, slurm);
        // -N2 -n6 -c4 --gpus-per-task=1 enforce-binding: Slurm's filter accepts a node for one task, the planner
        // puts three there (PlannerBindingPropertyTest, seed 89364), so their CPUs must fit what the filter keeps
        int[] bound = job.enforceBinding() && job.gpusPerTask() != null
                && (job.requestedNodes() > 1 || NodeDemand.spreadsTasks(job))
                ? SlurmBinding.filteredCpus(state, job, slurm) : null;
        // a per-CPU memory figure caps the CPUs each node gives the job at what its free memory pays for, beside
        // its whole core map (cons_tres _can_job_run_on_node, all three releases): the figure slurm-tree reads
        int[] memoryCpus = FreeMemory.cpusMemoryPays(state, job);
        HostSets sets = null;
        Optional<Integer> tier = topology.hardVolcanoTier();
        if (tier.isPresent()) {
            int t = tier.get();
            sets = index.derived(new VolcanoSetsKey(t), c -> HostSets.volcano(index, HyperNodeTree.of(c), t));
        }
        Optional<String> level = topology.requiredKueueLevel();
        if (level.isPresent()) {
            String l = level.get();
            Optional<HostSets> kueue = index.derived(new KueueSetsKey(l),
                    c -> HostSets.kueue(index, TopologyLevels.of(c), l));
            if (kueue.isEmpty()) {
                TopologyLevels levels = TopologyLevels.of(state.cluster());
                return new Limits(refused, unbound, oneSocket, bound, memoryCpus, null,
                        "Kueue podset-required-topology=" + l
                        + ": Topology "
                        + levels.name() + " has no such level (levels: " + String.join(", ", levels.levels()) + ")");
            }
            sets = sets == null ? kueue.get() : sets.and(kueue.get());
        }
        return new Limits(refused, unbound, oneSocket, bound, memoryCpus, sets, null);
    }

    private String within(Limits limits, JobRequest job) {
        List<String> parts = new ArrayList<>();
        if (limits.sets() != null) {
            parts.add(limits.sets().origin());
        }
        if (!limits.refused().isEmpty()) {
            // refused holds the kubelet's refusals and, besides them, the nodes whose free memory cannot hold the
            // job and those Slurm sets INVALID: name the kubelet only where a Topology Manager policy is set
            parts.add(kubeletGates() ? "hosts whose kubelet admits the pod under Topology Manager "
                    + kubelet.policy().flag() + ", scope " + kubelet.scope().flag()
                    : "nodes whose free memory holds the job (and that Slurm " + slurm.label() + " keeps valid)");
        }
        if (!limits.unbound().isEmpty()) {
            parts.add(bindsToGpus(job) ? "nodes whose free cores Slurm " + slurm.label()
                    + " binds to the GPUs per socket" : "nodes whose free whole cores Slurm " + slurm.label()
                    + "'s core selection accepts");
        }
        if (limits.boundCpus() != null) {
            parts.add("nodes whose GPUs' sockets hold the CPUs of their tasks as Slurm " + slurm.label()
                    + " binds them");
        }
        if (limits.oneSocketGpus() != null) {
            parts.add("the GPUs of the one socket per node Slurm " + slurm.label() + " keeps for the job");
        }
        if (limits.memoryCpus() != null) {
            parts.add("the CPUs each node's free memory pays for at the job's per-CPU memory figure");
        }
        return String.join("; ", parts);
    }

    private String neverWithin(Limits limits, JobRequest job) {
        List<String> why = new ArrayList<>();
        if (limits.sets() != null) {
            why.add(limits.sets().origin() + ": no allowed domain can hold all " + job.requestedNodes()
                    + " nodes of " + job.name() + " (the largest has " + limits.sets().largest() + " hosts)");
        }
        if (!limits.refused().isEmpty()) {
            why.add(kubeletGates() ? "Topology Manager " + kubelet.policy().flag() + " (scope "
                    + kubelet.scope().flag() + ") would refuse the pod with TopologyAffinityError on "
                    + limits.refused().cardinality() + " node(s) even when idle"
                    : limits.refused().cardinality() + " node(s) cannot take it even when idle (their memory"
                    + " cannot hold the job, or Slurm " + slurm.label() + " sets them INVALID for a gres.conf"
                    + " Cores= that splits a socket)");
        }
        if (!limits.unbound().isEmpty()) {
            why.add(bindsToGpus(job) ? "Slurm " + slurm.label() + " binds the CPUs to the GPUs' sockets and refuses"
                    + " the job on " + limits.unbound().cardinality() + " node(s) even when idle"
                    : "Slurm " + slurm.label() + "'s core selection (whole cores" + (job.asksForGpus()
                    ? " and the GPUs' cores" : "") + (limits.memoryCpus() != null
                    ? ", no more CPUs than the free memory pays for" : "") + ") refuses the job on "
                    + limits.unbound().cardinality() + " node(s) even when idle");
        }
        if (limits.boundCpus() != null) {
            why.add("Slurm " + slurm.label() + " keeps each task's CPUs on the sockets of its GPUs, and no nodes"
                    + " enough hold the job's tasks that way");
        }
        if (limits.oneSocketGpus() != null) {
            why.add("Slurm " + slurm.label() + " gives a --gpus job with enforce-binding and one CPU per node the"
                    + " GPUs of one socket per node only");
        }
        if (limits.memoryCpus() != null) {
            why.add("no node's memory pays for the CPUs the job needs there at its per-CPU memory figure, even when"
                    + " idle");
        }
        return "The request can never be met under these scheduler settings: " + String.join("; ", why);
    }

    /**
     * Whether the core selection's refusal is the GPU binding ({@code --gres-flags=enforce-binding} with GPUs); for
     * any other job it is the selection's whole cores (and a per-CPU memory cap), which the texts say instead.
     */
    private static boolean bindsToGpus(JobRequest job) {
        return job.enforceBinding() && job.asksForGpus();
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

    /** The optimum placement now, with its score; empty when nothing fits now or ever. */
    public Optional<Plan> plan(ClusterState given, JobRequest request) {
        JobRequest job = heldTasks(request, slurm);
        ClusterState state = FreeMemory.withGpusMemoryCannotServe(given, job);
        ClusterIndex index = ClusterIndex.of(state.cluster());
        if (job.gpusPerSocket() != null || job.distribution() != null && job.distribution().planeSize() != null
                || job.overcommit() || badNames(index, job) != null
                || !(NodeMemory.beforeSelection(state.cluster(), job, slurm) instanceof NodeMemory.Usable usable)) {
            return Optional.empty();
        }
        JobRequest asked = usable.request();
        Limits limits = limits(state, index, asked);
        return limits.never() != null ? Optional.empty() : plan(index, state.usage(), asked, limits);
    }

    private static Optional<Plan> plan(ClusterIndex index, StateUsage usage, JobRequest job, Limits limits) {
        int maxGpus = index.derived(MostGpusKey.class, c -> {
            int most = 0;
            for (int h = 0; h < index.size(); h++) {
                most = Math.max(most, index.shape(h).gpus());
            }
            return most;
        });
        int first = NodeDemand.minNodes(job, maxGpus);
        boolean perJobGpus = job.gpus() != null && job.gpusPerNode() == null && job.gpusPerTask() == null;
        int last = perJobGpus ? Math.min(index.size(), first + 3) : first;
        if (NodeDemand.spreadsTasks(job)) {
            last = Math.min(Math.min(index.size(), job.ntasks()), first + 3);
        }
        if (NodeDemand.spreadsCpuTasks(job)) {
            // -n5 -c10 without -N: Slurm spreads the tasks over as many nodes as their CPUs need (fuzz22 p33 ran on
            // two 32-CPU nodes in all three releases, where a one-node reading never fits)
            int mostCpus = index.derived(MostCpusKey.class, c -> {
                int most = 0;
                for (int h = 0; h < index.size(); h++) {
                    most = Math.max(most, index.shape(h).cores() * index.shape(h).cpuIds().threadsPerCore());
                }
                return most;
            });
            int perTask = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
            int tasksPerNode = Math.max(1, mostCpus / perTask);
            first = Math.max(first, (job.ntasks() + tasksPerNode - 1) / tasksPerNode);
            last = Math.min(Math.min(index.size(), job.ntasks()), first + 3);
        }
        SlurmJobSpec spec = SlurmJobSpec.of(job);
        if (job.ntasks() != null && job.ntasksPerNode() == null) {
            // no node without a task: cons_tres caps max_nodes at MAX(num_tasks, min_nodes) (job_test.c _job_test
            // in 22.05, common_topo.c in 24.11/26.05), so -n1 --gpus=9 stays on one node (fuzz29 p15: refused by
            // 22.05, left waiting by 24.11 where no node holds nine)
            last = Math.min(last, Math.max(job.ntasks(), spec.minNodes()));
        }
        // -N caps the nodes as sbatch reads it (-N1 is one node at most): Slurm never spreads a -N1 --gpus=4 job
        // over two nodes, it refuses it where no node holds 4 (PlannerBindingPropertyTest)
        Integer most = spec.maxNodes();
        if (most != null) {
            last = Math.min(last, most);
        }
        for (int nodes = first; nodes <= last; nodes++) {
            Optional<Plan> p = plan(index, usage, job, NodeDemand.of(job, nodes), limits);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    private static Optional<Plan> plan(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand,
                                       Limits limits) {
        if (demand.nodes() > index.size()) {
            return Optional.empty();
        }
        BitSet ruledOut = (BitSet) limits.refused().clone();
        ruledOut.or(limits.unbound());
        // every node the plan uses holds its even share on the one socket Slurm keeps (the planner may give a
        // node one GPU fewer for the rounding, but asks the full share: never more than Slurm gives)
        ruledOut.or(limits.tooFewOnOneSocket(demand.gpus()));
        ruledOut.or(limits.tooFewBoundCpus(demand.cpus()));
        ruledOut.or(limits.tooFewCpusForMemory(demand.cpus()));
        if (limits.sets() != null) {
            BitSet outside = new BitSet();
            outside.set(0, index.size());
            outside.andNot(limits.sets().union());
            ruledOut.or(outside);
        }
        Candidates cand = candidates(index, usage, job, demand, ruledOut);
        for (String h : job.nodelist()) {
            if (!cand.usable(index.number(h))) {
                return Optional.empty();
            }
        }
        if (cand.usableHosts < demand.nodes()) {
            return Optional.empty();
        }
        FabricDomains dom = index.domains();
        int leafLimit = leafLimit(job, dom, demand.nodes());
        TreeSearch.Result r = limits.sets() == null
                ? new TreeSearch(dom, cand, demand.nodes(), leafLimit).search()
                : LimitedSearch.best(dom, cand, demand.nodes(), leafLimit, limits.sets());
        if (r == null) {
            return Optional.empty();
        }
        NodeChoice[] chosen = new NodeChoice[r.hosts().length];
        // what each chosen node was sized by: its CPUs are the count the placement carries (HostAllocation.countedCpus)
        NodeDemand[] sized = new NodeDemand[chosen.length];
        for (int i = 0; i < chosen.length; i++) {
            chosen[i] = cand.choice[r.hosts()[i]];
            sized[i] = demand;
        }
        // the rounding's spare GPUs and tasks: that many nodes take one GPU (and, with --cpus-per-gpu, its CPUs) or
        // one task (its CPUs, and its --gpus-per-task GPUs) fewer, the last ones first; a node whose trimmed choice
        // does not fit keeps its share and the next one back trims instead. Slurm gives a --gpus=N job exactly N:
        // a plan that cannot trim enough GPUs is no plan (--gpus=9 --cpus-per-gpu=2 enforce-binding as 2x5 once
        // gave ten, UnevenSplitPropertyTest seed 102334155); tasks left untrimmed only hold CPUs Slurm would not
        int spareGpus = demand.gpus() > 0 ? demand.spareGpus() : 0;
        // under a per-CPU memory figure too: each node's placement carries the CPUs its own (trimmed) demand counts,
        // so its memory is charged on them (FreeMemory.heldBy), never more than the memory test paid for the full
        // share (CI's seed -1947, -N2 -n5 --mem-per-cpu=2500 on mem2b under 26.05: 4 + 2 CPUs read back from the
        // cores charged four tasks on t1, where the planner gave it three)
        int spareTasks = NodeDemand.spareTasks(job, demand.nodes());
        for (int i = chosen.length - 1; i >= 0 && (spareGpus > 0 || spareTasks > 0); i--) {
            int h = r.hosts()[i];
            NodeShape shape = index.shape(h);
            long free = shape.gpus() >= 64 ? -1L : ((1L << shape.gpus()) - 1) & ~usage.usedGpuPositions(h);
            boolean[][] tries = spareGpus > 0 && spareTasks > 0
                    ? new boolean[][] {{true, true}, {false, true}, {true, false}}
                    : new boolean[][] {{spareTasks > 0, spareGpus > 0}};
            for (boolean[] t : tries) {
                NodeDemand fewerDemand = demand.trimmed(job, t[0], t[1]);
                NodeChoice fewer = NodeFit.choose(shape, free, freeCores(shape, usage, h), fewerDemand,
                        fewerDemand.gpus());
                if (fewer == null && fewerDemand.enforceBinding()) {
                    // as Candidates takes a node: the loose binding Slurm's core filter allows
                    fewer = NodeFit.choose(shape, free, freeCores(shape, usage, h), fewerDemand.loosened(),
                            fewerDemand.gpus());
                }
                if (fewer != null) {
                    chosen[i] = fewer;
                    sized[i] = fewerDemand;
                    spareTasks -= t[0] ? 1 : 0;
                    spareGpus -= t[1] ? 1 : 0;
                    break;
                }
            }
        }
        if (spareGpus > 0) {
            return Optional.empty();
        }
        List<HostAllocation> hosts = new ArrayList<>();
        boolean counts = countsTasksCpus(index, job);
        for (int i = 0; i < r.hosts().length; i++) {
            int h = r.hosts()[i];
            NodeShape shape = index.shape(h);
            NodeChoice c = chosen[i];
            HostAllocation a = new HostAllocation(index.host(h), shape.indices(c.gpus()),
                    index.cpuIds(h).cpusOfCores(c.cores().stream().boxed().toList()), c.nicByGpu(shape));
            hosts.add(counts ? a.withCountedCpus(sized[i].cpus()) : a);
        }
        List<String> leaves = new ArrayList<>();
        BitSet seen = new BitSet();
        for (int h : r.hosts()) {
            int d = dom.domainOf(h);
            if (d >= 0 && !seen.get(d) && dom.get(d).tier() == 1) {
                seen.set(d);
                leaves.add(dom.get(d).name());
            }
        }
        return Optional.of(new Plan(new Placement(job.name(), hosts), new Score(new Layout(dom.maxTier()), r.cost()), leaves));
    }

    /**
     * Whether the planner's placements carry the CPUs its split counts on each node ({@link HostAllocation#countedCpus}):
     * where Slurm counts a node's CPUs by its tasks, not its whole cores ({@link FreeMemory#countsTasksCpus},
     * {@code CR_CPU}), as {@code slurm-tree}'s placements do, and not for {@code --exclusive}, which holds the node's
     * every CPU. The count is the node's {@link NodeDemand#cpus} (tasks x {@code -c}, or {@code --cpus-per-gpu} x its
     * GPUs), in the node's threads for a job read through {@code --threads-per-core} as Slurm counts it there too.
     */
    private static boolean countsTasksCpus(ClusterIndex index, JobRequest job) {
        return !job.exclusive() && FreeMemory.countsTasksCpus(index.cluster());
    }

    static Candidates candidates(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand) {
        return candidates(index, usage, job, demand, new BitSet());
    }

    /** The candidates, with {@code ruledOut} hosts (by the scheduler settings) left out as if excluded. */
    static Candidates candidates(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand,
                                 BitSet ruledOut) {
        BitSet excluded = (BitSet) ruledOut.clone();
        job.exclude().forEach(h -> {
            int i = index.number(h);
            if (i >= 0) {
                excluded.set(i);
            }
        });
        BitSet required = new BitSet();
        job.nodelist().forEach(h -> {
            int i = index.number(h);
            if (i >= 0) {
                required.set(i);
            }
        });
        return LastCandidates.of(index, usage, demand, excluded, required,
                () -> new Candidates(index, usage, demand, excluded, required));
    }

    static BitSet freeCores(NodeShape shape, StateUsage usage, int h) {
        BitSet free = new BitSet();
        free.set(0, shape.cores());
        free.andNot(usage.usedCores(h));
        return free;
    }

    /** {@code --switches=S} as a leaf limit for the search; 0 when absent or when it cannot bind. */
    static int leafLimit(JobRequest job, FabricDomains dom, int nodes) {
        if (job.switches() == null || job.switches() == 0) {
            return 0;
        }
        long leaves = dom.all().stream().filter(d -> d.tier() == 1).count();
        return job.switches() >= Math.min(nodes, leaves) ? 0 : job.switches();
    }
}
