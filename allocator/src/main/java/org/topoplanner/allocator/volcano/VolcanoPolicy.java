package org.topoplanner.allocator.volcano;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
import org.topoplanner.allocator.k8s.LiveClasses;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.NodeClasses;
import org.topoplanner.allocator.k8s.NodeScore;
import org.topoplanner.allocator.k8s.Outcome;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.PodShape;

/**
 * {@code volcano}: the Volcano scheduler's {@code allocate} action with the gang and
 * {@code network-topology-aware} plugins (v1.11/v1.12 {@code allocateResourceForTasksWithTopology}),
 * then each node's kubelet admission.
 *
 * <p>Hard mode: tiers are tried from the lowest up to {@code highestTierAllowed}; in a tier, the whole
 * gang is placed tentatively in every HyperNode (each task on the best-scoring node of that HyperNode's
 * real nodes; {@code nodeorder} scores as the kube-scheduler's, see {@link NodeScore}). The first tier
 * where some HyperNode holds the gang wins; among its HyperNodes the highest score wins (the
 * network-topology-aware HyperNode score is 0 for a job not yet placed, so this is the sum of the
 * tasks' node scores). Volcano breaks remaining ties at random; this model takes the first name.
 *
 * <p>Soft mode: tasks go one by one to the best node of the whole cluster, where the plugin adds
 * {@code 100 x (maxTier - tier of the LCA with the job's HyperNode) / (maxTier - minTier)} (100 inside
 * the job's HyperNode) and, among nodes tied on that, {@code 100 x} the share of the job's tasks
 * already in the node's HyperNode.
 *
 * <p>Gang: the PodGroup's {@code minAvailable} is the shape's {@link PodShape#gang} (all tasks unless
 * {@code --min-member} says fewer). As in the {@code allocate} action (volcano-sh/volcano
 * {@code pkg/scheduler/actions/allocate/allocate.go} at 0002b235e853, read, not copied), tasks are
 * allocated one at a time into a statement; the first task that fits no node ends the job's turn; the
 * statement is committed when the gang plugin's {@code JobReady} holds (at least {@code minAvailable}
 * tasks allocated) and discarded otherwise. A job that became ready goes back in the queue and its
 * remaining tasks are allocated the same way, each kept, so the tasks beyond the gang that fit are bound
 * and the others stay Pending. Identical tasks fail alike, so this is: place tasks until one does not
 * fit, keep them if they are at least {@code minAvailable}. In hard mode a HyperNode holds the job when
 * it holds {@code minAvailable} tasks; the tasks go where the job's HyperNode is.
 *
 * <p>Tasks are the job's pods ({@link PodTemplate#shape}); several may share a node when it has room,
 * as in Volcano, unless the shape keeps one pod per node (a required anti-affinity).
 */
public final class VolcanoPolicy implements PlacementPolicy {
    private final KubeletSettings kubelet;
    private final PodTemplate template;
    private final Function<JobRequest, NetworkTopology> topology;
    /** Whether hard mode skips the HyperNodes whose nodes cannot take the gang ({@link HyperNodeRoom}). */
    private final boolean roomCheck;

    public VolcanoPolicy(KubeletSettings kubelet, PodTemplate template, Function<JobRequest, NetworkTopology> topology) {
        this(kubelet, template, topology, true);
    }

    private VolcanoPolicy(KubeletSettings kubelet, PodTemplate template, Function<JobRequest, NetworkTopology> topology,
                          boolean roomCheck) {
        this.kubelet = kubelet;
        this.template = template;
        this.topology = topology;
        this.roomCheck = roomCheck;
    }

    /** This policy placing the gang in every HyperNode of a tier, as before the room check (tests compare the two). */
    VolcanoPolicy withoutRoomCheck() {
        return new VolcanoPolicy(kubelet, template, topology, false);
    }

    /**
     * The options' {@code networkTopology} (by default hard mode with no tier limit: the lowest tier that
     * fits wins) and kubelet settings.
     */
    public VolcanoPolicy(PolicyOptions options) {
        this(KubeletSettings.from(options), PodTemplate.DEFAULT, j -> new NetworkTopology(
                options.topology().volcanoHard(), options.topology().volcanoHighestTier()));
    }

    @Override
    public String id() {
        return "volcano";
    }

    @Override
    public Suggestion suggest(ClusterState state, JobRequest job) {
        NetworkTopology nt = topology.apply(job);
        HyperNodeTree tree = HyperNodeTree.of(state.cluster());
        if (nt.hard() && tree.hyperNodes().isEmpty()) {
            return new Suggestion.Impossible("hard network topology asked but the cluster has no HyperNodes");
        }
        ClusterState idle = ClusterIndex.of(state.cluster()).idle();
        // the idle cluster's verdict depends on the job's nodes, tasks and network topology only: kept with the idle state
        Function<ClusterState, Optional<String>> verdict = x -> {
            Plan ever = plan(x, job, nt, tree);
            return ever.hosts == null ? Optional.of(ever.why) : Optional.empty();
        };
        boolean everyNode = job.nodelist().isEmpty() && job.exclude().isEmpty();
        Optional<String> never = !everyNode ? verdict.apply(idle)
                : idle.derived(new IdleVerdict(template.shape(state, job), nt), verdict);
        if (never.isPresent()) {
            return new Suggestion.Impossible("even on an idle cluster: " + never.get());
        }
        Plan p = plan(state, job, nt, tree);
        if (p.hosts == null) {
            return new Suggestion.Pending(PendingReason.RESOURCES, p.why);
        }
        AdmissionSession kubelets = new AdmissionSession(state, kubelet);
        List<Admission> bound = new ArrayList<>();
        for (int i = 0; i < p.hosts.size(); i++) {
            bound.add(kubelets.admit(p.hosts.get(i), p.pods.get(i)));
        }
        int tasks = p.hosts.size() + p.left;
        return new Outcome(job.name(), tasks, bound, p.left, p.left == 0 ? "" : p.leftWhy, List.of(p.why),
                p.gang).toSuggestion();
    }

    /**
     * Tasks' hosts in order (null when fewer than the gang fit), the tasks left Pending with the reason,
     * and a sentence saying why.
     */
    private static final class Plan {
        List<String> hosts;
        List<PodRequest> pods;
        String why;
        long score;
        int gang;
        int left;
        String leftWhy = "";
    }

    private Plan plan(ClusterState state, JobRequest job, NetworkTopology nt, HyperNodeTree tree) {
        List<String> candidates = PodTemplate.candidateHosts(state, job);
        PodShape shape = template.shape(state, job);
        if (!nt.hard()) {
            return soft(state, job, shape, candidates, tree);
        }
        boolean everyNode = job.nodelist().isEmpty() && job.exclude().isEmpty();
        // looked up once per HyperNode member; every-node jobs use the per-cluster member lists instead
        Set<String> candidateSet = everyNode ? Set.of() : new HashSet<>(candidates);
        List<PodRequest> pods = new ArrayList<>(); // the same tasks are tried in every HyperNode
        for (int i = 0; i < shape.pods(); i++) {
            pods.add(PodRequest.of(shape, job.name() + "-" + i));
        }
        HyperNodeRoom.Layout layout = everyNode && roomCheck ? layout(state) : null;
        HyperNodeRoom room = layout == null || pods.isEmpty() ? null : room(state, tree, layout, shape, pods.get(0));
        for (int tier : tree.tiers()) {
            if (nt.highestTierAllowed() != null && tier > nt.highestTierAllowed()) {
                break;
            }
            Plan best = null;
            String bestName = null;
            for (HyperNodeTree.Info hn : tree.ofTier(tier)) {
                if (room != null && !room.mayHold(layout, hn.name(), shape.gang())) {
                    continue; // its nodes cannot take the gang between them: the tentative placement would fail
                }
                NodeClasses nodes = everyNode
                        ? NodeClasses.of(state, new HyperNodeClasses(hn.name()), members(state, hn))
                        : NodeClasses.of(state, hn.realNodes().stream().filter(candidateSet::contains).toList());
                Plan p = gang(pods, shape, nodes);
                if (p.hosts != null && (best == null || p.score > best.score)) {
                    best = p;
                    bestName = hn.name();
                }
            }
            if (best != null) {
                best.why = "Volcano hard network topology: the gang fits in HyperNode " + bestName + " (tier " + tier
                        + "), the lowest tier that holds it; node score sum " + best.score;
                return best;
            }
        }
        Plan none = new Plan();
        none.why = "no HyperNode up to tier " + (nt.highestTierAllowed() == null ? "max" : nt.highestTierAllowed())
                + " can hold " + gangWords(shape);
        return none;
    }

    private Plan soft(ClusterState state, JobRequest job, PodShape shape, List<String> candidates, HyperNodeTree tree) {
        Plan p = gang(state, job, shape, candidates, tree, tree);
        if (p.hosts == null) {
            p.why = "fewer than " + gangWords(shape) + " fit";
        } else {
            p.why = "Volcano soft network topology: tasks placed by node score plus HyperNode locality";
        }
        return p;
    }

    /** {@code all 4 tasks (gang)} or {@code the gang's 2 of 4 tasks (minAvailable)}. */
    private static String gangWords(PodShape shape) {
        return shape.gang() == shape.pods() ? "all " + shape.pods() + " tasks (gang)"
                : "the gang's " + shape.gang() + " of " + shape.pods() + " tasks (minAvailable)";
    }

    /** The key of the idle cluster's verdict on an every-node job: its tasks and network topology. */
    private record IdleVerdict(PodShape shape, NetworkTopology topology) {
    }

    /** The key of a state's node classes of one HyperNode's real nodes (by name: hashing its node list would cost a pass over it). */
    private record HyperNodeClasses(String hyperNode) {
    }

    /** The key of a cluster's HyperNode members. */
    private record HyperNodeMembers(HyperNodeTree tree) {
    }

    /** The key of a cluster's HyperNode layout for the room check. */
    private record HyperNodeLayout(HyperNodeTree tree) {
    }

    /** The key of a state's per-HyperNode room for one task shape. */
    private record RoomKey(HyperNodeTree tree, PodShape shape) {
    }

    /** The HyperNode's real nodes that are hosts of the cluster, as host numbers in name order; kept per cluster. */
    private static int[] members(ClusterState state, HyperNodeTree.Info hn) {
        return memberMap(state).get(hn.name());
    }

    /** The cluster's HyperNodes with their members as the room check counts them; kept per cluster. */
    static HyperNodeRoom.Layout layout(ClusterState state) {
        ClusterIndex index = ClusterIndex.of(state.cluster());
        return index.derived(new HyperNodeLayout(HyperNodeTree.of(state.cluster())),
                c -> HyperNodeRoom.Layout.of(index.size(), memberMap(state)));
    }

    /**
     * How many of the shape's tasks each HyperNode could take in {@code state}: kept with the state and
     * updated from an earlier state's table for the hosts whose jobs changed.
     */
    static HyperNodeRoom room(ClusterState state, HyperNodeTree tree, HyperNodeRoom.Layout layout, PodShape shape,
                              PodRequest pod) {
        return state.derived(new RoomKey(tree, shape),
                s -> HyperNodeRoom.of(s, layout, pod, shape.onePerNode(), shape.gang()),
                (before, now, changed) -> before.updated(now, layout, changed, pod, shape.onePerNode(), shape.gang()));
    }

    private static Map<String, int[]> memberMap(ClusterState state) {
        ClusterIndex index = ClusterIndex.of(state.cluster());
        return index.derived(new HyperNodeMembers(HyperNodeTree.of(state.cluster())), c -> {
            Set<String> hosts = new HashSet<>(c.hostNames());
            Map<String, int[]> out = new HashMap<>();
            HyperNodeTree.of(c).hyperNodes().forEach((name, info) -> out.put(name,
                    NodeClasses.sortedByName(index, info.realNodes().stream().filter(hosts::contains).toList())));
            return out;
        });
    }

    /**
     * {@link #gang} without topology scores (hard mode), over classes of alike nodes: nodes of one free
     * capacity score alike, so each task takes the first node by name of the best class.
     */
    private Plan gang(List<PodRequest> tasks, PodShape shape, NodeClasses nodes) {
        LiveClasses live = new LiveClasses(nodes);
        Plan plan = new Plan();
        plan.gang = shape.gang();
        List<String> hosts = new ArrayList<>();
        List<PodRequest> pods = new ArrayList<>();
        int n = tasks.size();
        for (int i = 0; i < n; i++) {
            PodRequest pod = tasks.get(i);
            LiveClasses.Live best = live.best(pod, null);
            if (best == null) {
                plan.left = n - i;
                plan.leftWhy = "task " + pod.name() + " fits none of the " + nodes.nodes() + " node(s) "
                        + (shape.onePerNode() ? "left to it (one task per node)" : "with room left");
                if (i < plan.gang) {
                    plan.hosts = null;
                    return plan;
                }
                break;
            }
            plan.score += Math.round((double) NodeScore.of(best.free(), pod).total());
            hosts.add(live.take(best, pod, shape.onePerNode()));
            pods.add(pod);
        }
        plan.hosts = hosts;
        plan.pods = pods;
        return plan;
    }

    /**
     * Places the tasks on {@code nodes} one at a time, the best score first, ties by name, until one fits
     * no node; with {@code softTree} the network-topology-aware node score is added. Null hosts when fewer
     * than the gang fit.
     */
    private Plan gang(ClusterState state, JobRequest job, PodShape shape, List<String> nodes, HyperNodeTree softTree,
                      HyperNodeTree tree) {
        Map<String, NodeCapacity> live = new LinkedHashMap<>();
        nodes.stream().sorted().forEach(h -> live.put(h, NodeCapacity.of(state, h)));
        Plan plan = new Plan();
        plan.gang = shape.gang();
        List<String> hosts = new ArrayList<>();
        List<PodRequest> pods = new ArrayList<>();
        String jobHyperNode = null;
        int n = shape.pods();
        for (int i = 0; i < n; i++) {
            PodRequest pod = PodRequest.of(shape, job.name() + "-" + i);
            Map<String, Double> scores = new LinkedHashMap<>();
            for (NodeCapacity c : live.values()) {
                // one pod per node: the predicates plugin honours the pods' required anti-affinity
                if (shape.onePerNode() && hosts.contains(c.host())) {
                    continue;
                }
                if (c.insufficient(pod).isEmpty()) {
                    scores.put(c.host(), (double) NodeScore.of(c, pod).total());
                }
            }
            if (scores.isEmpty()) {
                // the first task that fits nowhere ends the job's turn; the statement stands if the job is ready
                plan.left = n - i;
                plan.leftWhy = "task " + pod.name() + " fits none of the " + live.size() + " node(s) "
                        + (shape.onePerNode() ? "left to it (one task per node)" : "with room left");
                if (i < plan.gang) {
                    plan.hosts = null;
                    return plan;
                }
                break;
            }
            if (softTree != null && jobHyperNode != null) {
                addTopologyScores(scores, softTree, jobHyperNode, hosts, n);
            }
            String best = null;
            for (Map.Entry<String, Double> e : scores.entrySet()) {
                if (best == null || e.getValue() > scores.get(best)) {
                    best = e.getKey();
                }
            }
            plan.score += Math.round(scores.get(best));
            hosts.add(best);
            pods.add(pod);
            live.put(best, live.get(best).plus(pod));
            if (softTree != null) {
                String hn = tree.hyperNodeOf(best);
                if (hn != null) {
                    jobHyperNode = jobHyperNode == null ? hn : softTree.lca(hn, jobHyperNode);
                }
            }
        }
        plan.hosts = hosts;
        plan.pods = pods;
        return plan;
    }

    /** The plugin's batch node score for a job already holding {@code jobHyperNode}, added to {@code scores}. */
    private static void addTopologyScores(Map<String, Double> scores, HyperNodeTree tree, String jobHyperNode,
                                          List<String> placed, int tasks) {
        List<String> taskNodes = new ArrayList<>(placed);
        while (taskNodes.size() < tasks) {
            taskNodes.add("");
        }
        Map<String, Double> nta = new NetworkTopologyScore(tree, 1).nodeScores(false, jobHyperNode, scores.keySet(),
                taskNodes);
        nta.forEach((h, s) -> scores.merge(h, s, Double::sum));
    }
}
