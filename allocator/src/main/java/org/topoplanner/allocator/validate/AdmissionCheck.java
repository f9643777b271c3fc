package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Severity;

/**
 * {@code TOPOLOGY_MANAGER_REJECT} (error): the kubelet on a host of the placement refuses the pod, as the
 * given {@link TopologyAdmission} results say. The pod is scheduled there and then fails with
 * {@code TopologyAffinityError}. Results for hosts outside the placement are ignored.
 */
final class AdmissionCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        List<String> hosts = c.knownHostNames();
        for (TopologyAdmission t : c.options.admissions()) {
            if (t.admitted() || !hosts.contains(t.host())) {
                continue;
            }
            out.add(Violation.of(ViolationCode.TOPOLOGY_MANAGER_REJECT, Severity.ERROR, List.of(t.host()),
                    "The kubelet on " + t.host() + " would reject the pod of " + c.job()
                            + " (TopologyAffinityError) under topology-manager-policy=" + t.policy().flag()
                            + ", scope=" + t.scope().flag() + (t.reason().isBlank() ? "" : ": " + t.reason())));
        }
        return out;
    }
}
