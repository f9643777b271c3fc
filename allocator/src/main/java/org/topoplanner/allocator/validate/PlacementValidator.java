package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Checks any placement of a job, including one dragged by hand, against the cluster state, the request
 * and the scheduler's limits, and lists every violation ({@link ViolationCode}), errors first.
 * The placement's own job (by the placement's and the request's name) is taken out of the state first, so a
 * running job can be checked where it runs. Thread-safe; keeps the fabric tree of the last fabric it saw.
 */
public final class PlacementValidator {
    private static final List<PlacementCheck> CHECKS = List.of(
            new HostRequestCheck(), new DeviceCheck(), new CountCheck(), new OvercommitCheck(),
            new FabricSpanCheck(), new ExcessFabricCheck(), new NumaSplitCheck(), new LinkWeakCheck(),
            new CpuLocalityCheck(), new NicLocalityCheck(), new AdmissionCheck());

    private record CachedTree(Fabric fabric, FabricTree tree) {
    }

    private volatile CachedTree cache;

    public List<Violation> validate(ClusterState state, JobRequest request, Placement placement) {
        return validate(state, request, placement, ValidationOptions.NONE);
    }

    public List<Violation> validate(ClusterState state, JobRequest request, Placement placement,
                                    ValidationOptions options) {
        CheckContext c = new CheckContext(state, request, placement, options, tree(state.cluster().fabric()));
        List<Violation> out = new ArrayList<>();
        for (PlacementCheck check : CHECKS) {
            out.addAll(check.check(c));
        }
        out.sort(Comparator.comparing(Violation::severity));
        return List.copyOf(out);
    }

    private FabricTree tree(Fabric fabric) {
        CachedTree t = cache;
        if (t == null || t.fabric() != fabric) {
            t = new CachedTree(fabric, new FabricTree(fabric));
            cache = t;
        }
        return t.tree();
    }
}
