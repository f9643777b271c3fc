package org.topoplanner.allocator.volcano;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
 * already in the node's HyperNode. Gang: all tasks or none (minAvailable = replicas).
 *
 * <p>Tasks are the job's pods ({@link PodTemplate#shape}); several may share a node when it has room,
 * as in Volcano, unless the shape keeps one pod per node (a required anti-affinity).
 */
public final class VolcanoPolicy implements PlacementPolicy {
    private final KubeletSettings kubelet;
    private final PodTemplate template;
    private final Function<JobRequest, NetworkTopology> topology;

    public VolcanoPolicy(KubeletSettings kubelet, PodTemplate template, Function<JobRequest, NetworkTopology> topology) {
        this.kubelet = kubelet;
        this.template = template;
        this.topology = topology;
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
        Plan ever = plan(ClusterState.empty(state.cluster()), job, nt, tree);
        if (ever.hosts == null) {
            return new Suggestion.Impossible("even on an idle cluster: " + ever.why);
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
        return new Outcome(job.name(), p.hosts.size(), bound, 0, "", List.of(p.why)).toSuggestion();
    }

    /** Tasks' hosts in order (null when the gang does not fit) and a sentence saying why. */
    private static final class Plan {
        List<String> hosts;
        List<PodRequest> pods;
        String why;
        long score;
    }

    private Plan plan(ClusterState state, JobRequest job, NetworkTopology nt, HyperNodeTree tree) {
        List<String> candidates = PodTemplate.candidateHosts(state, job);
        PodShape shape = template.shape(state, job);
        if (!nt.hard()) {
            return soft(state, job, shape, candidates, tree);
        }
        java.util.Set<String> candidateSet = new java.util.HashSet<>(candidates); // looked up once per HyperNode member
        for (int tier : tree.tiers()) {
            if (nt.highestTierAllowed() != null && tier > nt.highestTierAllowed()) {
                break;
            }
            Plan best = null;
            String bestName = null;
            for (HyperNodeTree.Info hn : tree.ofTier(tier)) {
                List<String> nodes = hn.realNodes().stream().filter(candidateSet::contains).toList();
                Plan p = gang(state, job, shape, nodes, null, tree);
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
                + " can hold all " + shape.pods() + " tasks (gang)";
        return none;
    }

    private Plan soft(ClusterState state, JobRequest job, PodShape shape, List<String> candidates, HyperNodeTree tree) {
        Plan p = gang(state, job, shape, candidates, tree, tree);
        if (p.hosts == null) {
            p.why = "not all " + shape.pods() + " tasks fit (gang)";
        } else {
            p.why = "Volcano soft network topology: tasks placed by node score plus HyperNode locality";
        }
        return p;
    }

    /**
     * Places every task on {@code nodes} one at a time, the best score first, ties by name; with
     * {@code softTree} the network-topology-aware node score is added. Null hosts when one task does not fit.
     */
    private Plan gang(ClusterState state, JobRequest job, PodShape shape, List<String> nodes, HyperNodeTree softTree,
                      HyperNodeTree tree) {
        Map<String, NodeCapacity> live = new LinkedHashMap<>();
        nodes.stream().sorted().forEach(h -> live.put(h, NodeCapacity.of(state, h)));
        Plan plan = new Plan();
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
                plan.hosts = null;
                return plan;
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
