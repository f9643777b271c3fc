package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        NodeClasses candidates = job.nodelist().isEmpty() && job.exclude().isEmpty() ? NodeClasses.ofAll(state)
                : NodeClasses.of(state, candidates(state, job));
        LiveClasses nodes = new LiveClasses(candidates);
        org.topoplanner.model.job.PodShape shape = template.shape(state, job);
        int want = shape.pods();
        List<String> chosen = new ArrayList<>();
        List<PodRequest> pods = new ArrayList<>();
        String why = "";
        int outsideDomain = 0;
        Optional<ComputeDomainAffinity> computeDomain = ComputeDomainAffinity.of(state.cluster(), want, shape.onePerNode());
        for (int i = 0; i < want; i++) {
            PodRequest pod = PodRequest.of(shape, job.name() + "-" + i);
            LiveClasses.Live best = nodes.best(pod, kubelet);
            if (best == null) {
                Map<String, Integer> reasons = nodes.reasons(pod, kubelet);
                if (shape.onePerNode() && !chosen.isEmpty()) {
                    reasons.merge("node(s) didn't match pod anti-affinity rules", chosen.size(), Integer::sum);
                }
                if (outsideDomain > 0) {
                    reasons.merge(ComputeDomainAffinity.REASON, outsideDomain, Integer::sum);
                }
                why = unschedulable(candidates.nodes(), reasons);
                break;
            }
            chosen.add(nodes.take(best, pod, shape.onePerNode()));
            pods.add(pod);
            if (i == 0 && computeDomain.isPresent()) {
                // The first pod fixed the clique: the others see only its nodes (required pod affinity). Its
                // node is the first by name of the best class among all candidates, so it is again among the
                // domain's nodes alone, and taking it there reproduces the first pod's assumption.
                List<String> inDomain = computeDomain.get().hostsWith(chosen.get(0), candidates(state, job));
                NodeClasses domainClasses = NodeClasses.of(state, inDomain);
                outsideDomain = candidates.nodes() - domainClasses.nodes();
                nodes = new LiveClasses(domainClasses);
                if (!inDomain.isEmpty()) {
                    nodes.take(nodes.best(pod, kubelet), pod, shape.onePerNode());
                }
            }
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

    private static List<String> candidates(ClusterState state, JobRequest job) {
        return PodTemplate.candidateHosts(state, job);
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
