package org.topoplanner.importers.k8s;

import java.util.List;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.k8s.TasRequest;

/**
 * What a Kueue file gives: the cluster side (Topologies, ResourceFlavors) as an import result, and
 * the Topology Aware Scheduling requests of the workloads in it, for the allocator.
 */
public record KueueReading(ImportResult result, List<TasRequest> tasRequests) {
    public KueueReading {
        tasRequests = List.copyOf(tasRequests);
    }
}
