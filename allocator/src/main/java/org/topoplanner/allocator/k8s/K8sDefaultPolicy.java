package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;

/**
 * {@code k8s-default}: the default kube-scheduler (no topology plugins) placing one pod per node, then
 * each node's kubelet admitting its pod through the Topology Manager.
 *
 * <p>The job's pods are its {@link PodTemplate#shape}; one-per-node shapes carry a required anti-affinity
 * on the hostname (an sbatch job's N nodes are N such pods), others may share a node. Pods
 * are scheduled one at a time, each seeing the earlier ones as assumed: filter by free resources
 * ({@code NodeResourcesFit}), score by {@link NodeScore}, take the highest. The real scheduler picks
 * at random among nodes with the top score; this model takes the first by name so that plans are
 * repeatable. It also scores every feasible node, as {@code percentageOfNodesToScore: 100} does (the
 * default samples fewer nodes on clusters above 100 nodes, from a rotating start). Gang scheduling is
 * not in the default scheduler: pods that fit are bound and run even when others pend, unless
 * {@code gang} is set (as with the Coscheduling plugin), which binds all or none.
 *
 * <p>Binding does not wait for the kubelet: a pod the Topology Manager rejects is reported as bound
 * and rejected ({@code TopologyAffinityError}), see {@link Outcome}.
 */
public final class K8sDefaultPolicy implements PlacementPolicy {
    private final KubeletSettings kubelet;
    private final PodTemplate template;
    private final boolean gang;

    public K8sDefaultPolicy(KubeletSettings kubelet, PodTemplate template, boolean gang) {
        this.kubelet = kubelet;
        this.template = template;
        this.gang = gang;
    }

    /** The Topology Manager policy and scope of {@code options}, the default pod template, no gang. */
    public K8sDefaultPolicy(PolicyOptions options) {
        this(KubeletSettings.from(options), PodTemplate.DEFAULT, false);
    }

    @Override
    public String id() {
        return "k8s-default";
    }

    @Override
    public Suggestion suggest(ClusterState state, JobRequest job) {
        Optional<String> never = PodTemplate.neverFits(state, job, template);
        if (never.isPresent()) {
            return new Suggestion.Impossible(never.get());
        }
        return schedule(state, job).toSuggestion();
    }

    /** Where every pod of {@code job} goes, and what each kubelet says. */
    public Outcome schedule(ClusterState state, JobRequest job) {
        List<String> hosts = PodTemplate.candidateHosts(state, job);
        Map<String, NodeCapacity> nodes = new LinkedHashMap<>();
        hosts.stream().sorted().forEach(h -> nodes.put(h, NodeCapacity.of(state, h)));
        org.topoplanner.model.job.PodShape shape = template.shape(state, job);
        int want = shape.pods();
        List<String> chosen = new ArrayList<>();
        List<PodRequest> pods = new ArrayList<>();
        String why = "";
        Optional<ComputeDomainAffinity> computeDomain = ComputeDomainAffinity.of(state.cluster(), want, shape.onePerNode());
        for (int i = 0; i < want; i++) {
            PodRequest pod = PodRequest.of(shape, job.name() + "-" + i);
            Map<String, Integer> reasons = new TreeMap<>();
            String best = null;
            NodeScore bestScore = null;
            for (NodeCapacity n : nodes.values()) {
                if (shape.onePerNode() && chosen.contains(n.host())) {
                    reasons.merge("node(s) didn't match pod anti-affinity rules", 1, Integer::sum);
                    continue;
                }
                if (computeDomain.isPresent() && !computeDomain.get().allows(chosen, n.host())) {
                    reasons.merge(ComputeDomainAffinity.REASON, 1, Integer::sum);
                    continue;
                }
                if (!kubelet.startsWith(KubeletNode.numaIds(state.cluster().node(n.host())).size())) {
                    // Its kubelet exited at start (max-allowable-numa-nodes): the node is NotReady and tainted.
                    reasons.merge("node(s) had untolerated taint {node.kubernetes.io/not-ready: }", 1, Integer::sum);
                    continue;
                }
                Optional<String> no = n.insufficient(pod);
                if (no.isPresent()) {
                    reasons.merge(no.get(), 1, Integer::sum);
                    continue;
                }
                NodeScore s = NodeScore.of(n, pod);
                if (bestScore == null || s.total() > bestScore.total()) {
                    best = n.host();
                    bestScore = s;
                }
            }
            if (best == null) {
                why = unschedulable(nodes.size(), reasons);
                break;
            }
            chosen.add(best);
            pods.add(pod);
            nodes.put(best, nodes.get(best).plus(pod));
        }
        int pending = want - chosen.size();
        List<String> notes = new ArrayList<>();
        if (gang && pending > 0) {
            notes.add("gang scheduling: " + chosen.size() + " of " + want + " pods fit, so none is bound");
            return new Outcome(job.name(), want, List.of(), want, why, notes);
        }
        if (!chosen.isEmpty()) {
            notes.add("kube-scheduler bound pods to " + String.join(",", chosen)
                    + " (least-allocated and balanced-allocation scores, ties by node name)");
        }
        computeDomain.flatMap(cd -> cd.domainOf(chosen)).ifPresent(d -> notes.add("ComputeDomain: every pod in"
                + " NVLink domain " + d + ", the clique of the first pod (pod affinity on nvidia.com/gpu.clique)"));
        AdmissionSession kubelets = new AdmissionSession(state, kubelet);
        List<Admission> bound = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            bound.add(kubelets.admit(chosen.get(i), pods.get(i)));
        }
        // without coscheduling each bound pod runs on its own: the gang is one pod
        return new Outcome(job.name(), want, bound, pending, why, notes, gang ? want : 1);
    }

    /** The scheduler's event text: {@code 0/32 nodes are available: 4 Insufficient cpu, 28 ...}. */
    static String unschedulable(int nodes, Map<String, Integer> reasons) {
        // FitError sorts the "count reason" strings themselves (sort.Strings), count included.
        List<String> list = new ArrayList<>();
        reasons.forEach((reason, count) -> list.add(count + " " + reason));
        list.sort(Comparator.naturalOrder());
        return "0/" + nodes + " nodes are available: " + String.join(", ", list) + ".";
    }
}
