package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.k8s.Admission;
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

    /** Options for checking {@code placement} against {@code others} under {@code choice}. */
    public static ValidationOptions options(ClusterState others, Placement placement, PolicyChoice choice) {
        PolicyOptions settings = choice.settings();
        ValidationOptions v = ValidationOptions.NONE.withTierLimit(
                SchedulerTierLimit.of(others.cluster(), choice).orElse(null));
        if (choice.honours().kubeletAdmits(settings.topologyManager())) {
            KubeletSettings kubelet = KubeletSettings.from(settings);
            List<TopologyAdmission> admissions = new ArrayList<>();
            for (HostAllocation h : placement.hosts()) {
                if (!others.cluster().hostNames().contains(h.host())) {
                    continue;
                }
                Admission a = TopologyManagerAdmission.wouldAdmit(others, h, kubelet);
                admissions.add(new TopologyAdmission(h.host(), a instanceof Admission.Admitted,
                        settings.topologyManager(), settings.topologyScope(),
                        a instanceof Admission.Rejected r ? r.reason() + ": " + r.message() : null));
            }
            v = v.withAdmissions(admissions);
        }
        return v;
    }
}
