package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Checks any placement of a job, including one dragged by hand, against the cluster state, the request
 * and the scheduler's limits, and lists every violation ({@link ViolationCode}), errors first.
 * The placement's own job (by the placement's and the request's name) is taken out of the state first, so a
 * running job can be checked where it runs. Thread-safe; the fabric tree is the cluster's, built once per
 * cluster ({@link FabricTree#of}), so a validator made per check costs nothing extra.
 */
public final class PlacementValidator {
    private static final List<PlacementCheck> CHECKS = List.of(
            new HostRequestCheck(), new DeviceCheck(), new CountCheck(), new OvercommitCheck(),
            new FabricSpanCheck(), new ExcessFabricCheck(), new NumaSplitCheck(), new LinkWeakCheck(),
            new CpuLocalityCheck(), new NicLocalityCheck(), new AdmissionCheck());

    public List<Violation> validate(ClusterState state, JobRequest request, Placement placement) {
        return validate(state, request, placement, ValidationOptions.NONE);
    }

    public List<Violation> validate(ClusterState state, JobRequest request, Placement placement,
                                    ValidationOptions options) {
        CheckContext c = new CheckContext(state, request, placement, options, FabricTree.of(state.cluster()));
        List<Violation> out = new ArrayList<>();
        for (PlacementCheck check : CHECKS) {
            out.addAll(check.check(c));
        }
        out.sort(Comparator.comparing(Violation::severity));
        return List.copyOf(out);
    }
}
