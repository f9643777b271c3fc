package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.k8s.AdmissionSession;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.NodeScore;
import org.topoplanner.allocator.k8s.Outcome;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.SliceConstraint;
import org.topoplanner.model.k8s.TasRequest;

/**
 * {@code kueue-tas}: Kueue Topology Aware Scheduling ({@link TasAlgorithm}) assigns the job's pods to
 * topology domains as a whole, then each node's kubelet admits its pods (several pods may share a node
 * when they fit). The topology is the cluster's Kueue Topology, or its fabric tiers ({@link TopologyLevels}).
 *
 * <p>A job's TAS request comes from {@code requests} (read from its PodSet annotations); a job without
 * one is treated as {@code preferred} at the level just above the hostname (the leaf switch), which is
 * what a planner wants by default. A request whose mode is {@link KueueMode#NONE} (a PodSet without
 * annotations on a TAS flavor) is what real Kueue makes of it: implicitly unconstrained at the lowest
 * level. Slices (single or multi-layer) are passed on as Kueue reads them.
 *
 * <p>The pods are the job's {@link PodTemplate#shape}. Kueue counts how many pods fit a domain by
 * resources only; a one-pod-per-node shape is given to it as each node's room for one more pod
 * ({@link PodTemplate#forShape}), which is what whole-node requests do in a real manifest.
 *
 * <p>When the lowest level is not the hostname, the pods of a lowest-level domain are placed on its
 * nodes by the kube-scheduler's scores ({@link NodeScore}), ties by name.
 */
public final class KueueTasPolicy implements PlacementPolicy {
    private final KubeletSettings kubelet;
    private final PodTemplate template;
    private final Function<JobRequest, Optional<TasRequest>> requests;

    public KueueTasPolicy(KubeletSettings kubelet, PodTemplate template,
                          Function<JobRequest, Optional<TasRequest>> requests) {
        this.kubelet = kubelet;
        this.template = template;
        this.requests = requests;
    }

    public KueueTasPolicy(PolicyOptions options) {
        this(KubeletSettings.from(options), PodTemplate.DEFAULT, options.topology()::tasRequest);
    }

    @Override
    public String id() {
        return "kueue-tas";
    }

    @Override
    public Suggestion suggest(ClusterState state, JobRequest job) {
        return suggest(state, job, requests.apply(job).orElse(null));
    }

    /** The suggestion for {@code job} under {@code tas} ({@code null}: preferred at the leaf level). */
    public Suggestion suggest(ClusterState state, JobRequest job, TasRequest tas) {
        TopologyLevels levels = TopologyLevels.of(state.cluster());
        if (levels.values().isEmpty()) {
            return new Suggestion.Impossible("no node carries every level label of topology " + levels.name());
        }
        PodShape shape = template.shape(state, job);
        if (tas != null && tas.podCount() > 0 && job.podShape() == null) {
            // a PodSet read from a workload counts its own pods and carries no anti-affinity of ours
            shape = new PodShape(tas.podCount(), shape.containers(), PodShape.PodsPerNode.ANY, shape.minMember(),
                    null, null, shape.wholeNode());
        }
        TasAlgorithm.Request request = request(levels, tas, shape);
        if (request.level() != null && levels.indexOf(request.level()) < 0) {
            return new Suggestion.Impossible("no requested topology level: " + request.level());
        }
        PodRequest pod = PodRequest.of(shape, job.name() + "-0");
        boolean everyNode = job.nodelist().isEmpty() && job.exclude().isEmpty();
        TasTree tree;
        if (everyNode) {
            tree = TasTree.ofAll(state.cluster(), levels);
        } else {
            Set<String> candidates = new HashSet<>(PodTemplate.candidateHosts(state, job));
            tree = TasTree.of(levels, candidates::contains);
        }
        ClusterState idle = ClusterIndex.of(state.cluster()).idle();
        PodShape s = shape;
        // the idle cluster's answer depends on the request, the nodes and the pod's size only: kept with the idle state
        Function<ClusterState, Optional<String>> verdict = x -> Optional.ofNullable(
                new TasAlgorithm(levels, tree, counts(x, tree, s, everyNode, pod), pod).assign(request).failure());
        Optional<String> never = !everyNode ? verdict.apply(idle)
                : idle.derived(new IdleVerdict(tree, request, LeafCapacity.Demand.of(pod), shape.onePerNode()), verdict);
        if (never.isPresent()) {
            return new Suggestion.Impossible("even on an idle cluster: " + never.get());
        }
        TasAlgorithm.Result r = new TasAlgorithm(levels, tree, counts(state, tree, shape, everyNode, pod), pod)
                .assign(request);
        if (r.failure() != null) {
            return new Suggestion.Pending(PendingReason.RESOURCES,
                    "couldn't assign flavors to pod set main: " + r.failure());
        }
        return outcome(state, job, pod, levels, shape, r, request).toSuggestion();
    }

    /**
     * The PodSet's request: {@code tas} as Kueue reads it (no annotation: implied, unconstrained at the
     * lowest level; slices from the multi-layer constraints, else the single slice annotation); without
     * {@code tas}, preferred at the leaf level. Required and preferred without a level take that default.
     * The pod count is the job's shape's; its slices are used when {@code tas} has none.
     */
    static TasAlgorithm.Request request(TopologyLevels levels, TasRequest tas, PodShape shape) {
        int count = shape.pods();
        // a pod shape's --slice-size/--slice-level are the podset-slice annotations of its manifest; a PodSet
        // read from a workload brings its own
        List<SliceConstraint> own = shape.sliceSize() == null ? List.of()
                : List.of(new SliceConstraint(shape.sliceLevel(), shape.sliceSize()));
        if (tas == null) {
            return new TasAlgorithm.Request(KueueMode.PREFERRED, defaultLevel(levels), count, own);
        }
        List<SliceConstraint> slices = !tas.sliceConstraints().isEmpty() ? tas.sliceConstraints()
                : tas.sliceRequired() != null
                ? List.of(new SliceConstraint(tas.sliceRequired(), tas.sliceSize() == null ? 0 : tas.sliceSize()))
                : own;
        KueueMode mode = tas.mode();
        String level = !mode.takesLevel() ? null : tas.level() != null ? tas.level() : defaultLevel(levels);
        return new TasAlgorithm.Request(mode, level, count, slices);
    }

    private static String defaultLevel(TopologyLevels levels) {
        int n = levels.levels().size();
        if (n == 1 || !levels.lowestIsHostname()) {
            return levels.levels().get(n - 1);
        }
        return levels.levels().get(n - 2);
    }

    /** What the scheduler sees of each node of {@code tree}, summed per lowest-level domain; kept with the state for every-node jobs. */
    private static LeafCapacity[] capacities(ClusterState state, TasTree tree, PodShape shape, boolean everyNode) {
        if (!everyNode) {
            return tree.capacities(h -> node(state, h, shape));
        }
        return state.derived(new LeafCapacities(tree, shape.onePerNode()),
                s -> tree.capacities(h -> node(s, h, shape)),
                (before, now, changed) -> tree.recount(before, changed, h -> node(now, h, shape)));
    }

    /**
     * How many of the job's pods fit each domain; for every-node jobs kept with the state per pod size and
     * updated from an earlier state's counts for the hosts whose jobs changed.
     */
    static LevelCounts counts(ClusterState state, TasTree tree, PodShape shape, boolean everyNode,
                                      PodRequest pod) {
        LeafCapacity.Demand demand = LeafCapacity.Demand.of(pod);
        if (!everyNode) {
            return LevelCounts.of(tree, capacities(state, tree, shape, false), demand);
        }
        return state.derived(new PodsPerDomain(tree, shape.onePerNode(), demand),
                s -> LevelCounts.of(tree, capacities(s, tree, shape, true), demand),
                (before, now, changed) -> before.recount(tree, capacities(now, tree, shape, true), changed, demand));
    }

    /** The key of a state's per-domain pod counts: the tree, whether each node takes one pod more, the pod's size. */
    private record PodsPerDomain(TasTree tree, boolean onePerNode, LeafCapacity.Demand demand) {
    }

    /** The key of the idle cluster's verdict on a request: the nodes, the request, each pod's size and shape. */
    private record IdleVerdict(TasTree tree, TasAlgorithm.Request request, LeafCapacity.Demand demand,
                               boolean onePerNode) {
    }

    /** The key of a state's lowest-level domain capacities: the tree and whether each node takes one pod more. */
    private record LeafCapacities(TasTree tree, boolean onePerNode) {
    }

    private static NodeCapacity node(ClusterState state, String host, PodShape shape) {
        return PodTemplate.forShape(NodeCapacity.of(state, host), shape);
    }

    private Outcome outcome(ClusterState state, JobRequest job, PodRequest pod, TopologyLevels levels,
                            PodShape shape, TasAlgorithm.Result r, TasAlgorithm.Request request) {
        List<String> notes = new ArrayList<>();
        String at = request.level() == null ? "" : " at " + request.level();
        String slices = request.slices().isEmpty() ? "" : " in slices " + request.slices().stream()
                .map(c -> c.size() + " per " + c.topology()).toList();
        notes.add("Kueue TAS " + request.mode() + at + slices + ": assigned at "
                + levels.levels().get(r.fitLevel()) + " to " + r.leaves());
        AdmissionSession kubelets = new AdmissionSession(state, kubelet);
        List<Admission> bound = new ArrayList<>();
        int pending = 0;
        int i = 0;
        // only the assigned domains' nodes are looked at: sized on first use, then with the pods bound so far
        Map<String, NodeCapacity> live = new HashMap<>();
        for (TasDomain leaf : r.leaves()) {
            List<String> hosts = leaf.hosts.stream().sorted().toList();
            for (String h : hosts) {
                live.computeIfAbsent(h, x -> node(state, x, shape));
            }
            for (int k = 0; k < leaf.podCount; k++) {
                PodRequest p = pod.named(job.name() + "-" + i++);
                String host = pick(hosts, live, p);
                if (host == null) {
                    pending++;
                    continue;
                }
                live.put(host, live.get(host).plus(p));
                bound.add(kubelets.admit(host, p));
            }
        }
        String why = pending == 0 ? "" : pending + " pod(s) did not fit the nodes of their assigned domain";
        return new Outcome(job.name(), i, bound, pending, why, notes);
    }

    /** The node of a domain ({@code hosts} sorted by name) the kube-scheduler would bind the pod to: the best score, ties by name. */
    private static String pick(List<String> hosts, Map<String, NodeCapacity> live, PodRequest pod) {
        String best = null;
        long bestScore = -1;
        for (String h : hosts) {
            NodeCapacity n = live.get(h);
            if (n.insufficient(pod).isPresent()) {
                continue;
            }
            long s = NodeScore.of(n, pod).total();
            if (s > bestScore) {
                best = h;
                bestScore = s;
            }
        }
        return best;
    }
}
