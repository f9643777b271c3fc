package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.TopologyManagerAdmission;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The {@link ValidationOptions} a placement is checked with under one policy and its settings, so the
 * command line and the window judge a placement alike: the scheduler's tier limit
 * ({@link SchedulerTierLimit}) and, under the Kubernetes policies and the planner (which honours the
 * kubelet), each host's Topology Manager admission of the pod.
 */
public final class SchedulerSettings {
    private static final Set<String> KUBELET = Set.of("k8s-default", "kueue-tas", "volcano", "planner");

    private SchedulerSettings() {
    }

    /** Options for checking {@code placement} against {@code others} under {@code policy} ({@code null}: none). */
    public static ValidationOptions options(ClusterState others, Placement placement, String policy,
                                            PolicyOptions options) {
        ValidationOptions v = ValidationOptions.NONE.withTierLimit(
                policy == null ? null : SchedulerTierLimit.of(others.cluster(), policy, options.topology()).orElse(null));
        boolean kubeletMatters = policy != null && KUBELET.contains(policy)
                && (!policy.equals("planner") || !options.topologyManager().equals("none"));
        if (kubeletMatters) {
            KubeletSettings kubelet = KubeletSettings.from(options);
            List<TopologyAdmission> admissions = new ArrayList<>();
            for (HostAllocation h : placement.hosts()) {
                if (!others.cluster().hostNames().contains(h.host())) {
                    continue;
                }
                Admission a = TopologyManagerAdmission.wouldAdmit(others, h, kubelet);
                admissions.add(new TopologyAdmission(h.host(), a instanceof Admission.Admitted,
                        options.topologyManager(), options.topologyScope(),
                        a instanceof Admission.Rejected r ? r.reason() + ": " + r.message() : null));
            }
            v = v.withAdmissions(admissions);
        }
        return v;
    }
}
