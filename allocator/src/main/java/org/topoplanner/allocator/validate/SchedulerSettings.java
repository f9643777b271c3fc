package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.metrics.ClusterHostNames;
import org.topoplanner.allocator.k8s.AdmissionSession;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.allocator.k8s.AllocationSpan;
import org.topoplanner.allocator.k8s.NumaMask;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.TopologyManagerAdmission;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The {@link ValidationOptions} a placement is checked with under one policy and its settings, so the
 * command line and the window judge a placement alike: the scheduler's tier limit
 * ({@link SchedulerTierLimit}) and, where the policy declares that pods meet a kubelet
 * ({@link org.topoplanner.allocator.catalog.Honours#kubeletAdmits}), each host's Topology Manager admission of the pod.
 */
public final class SchedulerSettings {
    private SchedulerSettings() {
    }

    /** Options for checking {@code placement} against {@code others} under {@code choice}, the pod being what each host holds. */
    public static ValidationOptions options(ClusterState others, Placement placement, PolicyChoice choice) {
        return options(others, null, placement, choice);
    }

    /**
     * Options for checking {@code placement} of {@code request} ({@code null}: unknown) under {@code choice}.
     * Where a host holds whole pods of the request's {@link PodTemplate#shape} (its GPUs a multiple of a
     * pod's), the kubelet admits those pods, containers and all, so a pod of two 4-GPU containers is judged
     * as two containers; otherwise as one container asking for what the host holds.
     */
    public static ValidationOptions options(ClusterState others, JobRequest request, Placement placement,
                                            PolicyChoice choice) {
        PolicyOptions settings = choice.settings();
        ValidationOptions v = ValidationOptions.NONE.withTierLimit(
                SchedulerTierLimit.of(others.cluster(), choice).orElse(null));
        if (choice.policy() == PolicyId.VOLCANO && request != null && request.podShape() != null
                && request.podShape().gang() < request.podShape().pods()) {
            // Volcano's gang plugin runs the PodGroup once minAvailable tasks are placed
            v = v.withGang(new GangRule.AtLeast(request.podShape().gang()));
        } else if (choice.policy() == PolicyId.K8S_DEFAULT) {
            v = v.withGang(new GangRule.OneByOne());
        }
        if (choice.honours().kubeletAdmits(settings.topologyManager())) {
            KubeletSettings kubelet = KubeletSettings.from(settings);
            PodShape shape = request == null ? null : PodTemplate.DEFAULT.shape(others, request);
            List<TopologyAdmission> admissions = new ArrayList<>();
            ClusterHostNames known = ClusterHostNames.of(others.cluster());
            // one session for the placement's hosts: each host's kubelet is its own, but the session keeps the
            // node layouts it derived (one per topology), which a 256-node job otherwise derives 256 times
            AdmissionSession session = new AdmissionSession(others, kubelet);
            Set<String> seen = new HashSet<>();
            for (HostAllocation h : placement.hosts()) {
                if (!known.has(h.host())) {
                    continue;
                }
                // a host listed twice is judged afresh, as if alone, not after the pods of its first listing
                AdmissionSession on = seen.add(h.host()) ? session : new AdmissionSession(others, kubelet);
                String refused = refusal(others, h, shape, kubelet, settings, on);
                admissions.add(new TopologyAdmission(h.host(), refused == null,
                        settings.topologyManager(), settings.topologyScope(), refused));
            }
            v = v.withAdmissions(admissions);
        }
        return v;
    }

    /** Why the host's kubelet would refuse what {@code h} holds; null when it admits it. */
    private static String refusal(ClusterState others, HostAllocation h, PodShape shape, KubeletSettings kubelet,
                                  PolicyOptions settings, AdmissionSession session) {
        int perPod = shape == null ? 0 : shape.gpusPerPod();
        int pods = perPod > 0 && h.gpus().size() % perPod == 0 ? h.gpus().size() / perPod : 0;
        if (shape != null && shape.onePerNode() && pods > 1) {
            pods = 0;
        }
        if (pods > 0) {
            PodRequest pod = PodRequest.of(shape, "pod");
            Admission last = null;
            for (int i = 0; i < pods; i++) {
                last = session.admit(h.host(), pod.named("pod-" + i));
                if (last instanceof Admission.Rejected r) {
                    return r.reason() + ": " + r.message();
                }
            }
            boolean oneAffinity = pods == 1 && (pod.containers().size() == 1
                    || settings.topologyScope() == TopologyManagerScope.POD);
            return oneAffinity ? spanRefusal(others, h, (Admission.Admitted) last, kubelet, settings) : null;
        }
        Admission a = TopologyManagerAdmission.wouldAdmit(others, h, kubelet);
        if (a instanceof Admission.Rejected r) {
            return r.reason() + ": " + r.message();
        }
        return spanRefusal(others, h, (Admission.Admitted) a, kubelet, settings);
    }

    /** The kubelet admits such a pod, but only with devices and CPUs inside the affinity it chose. */
    private static String spanRefusal(ClusterState others, HostAllocation h, Admission.Admitted ok,
                                      KubeletSettings kubelet, PolicyOptions settings) {
        NumaMask narrowest = ok.decisions().isEmpty() ? null : ok.decisions().get(0).best().affinity();
        // CPUs are the kubelet's to align only under the static CPU manager; else they float in the shared pool
        HostAllocation judged = kubelet.staticCpuManager() ? h
                : new HostAllocation(h.host(), h.gpus(), CpuSet.empty(), h.nicByGpu());
        return AllocationSpan.of(others, judged).refusal(settings.topologyManager(), narrowest).orElse(null);
    }
}
