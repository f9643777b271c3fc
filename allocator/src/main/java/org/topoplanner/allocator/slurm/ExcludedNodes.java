package org.topoplanner.allocator.slurm;

import java.util.Collection;
import java.util.stream.Stream;
import org.topoplanner.model.job.JobRequest;

/**
 * A request with more nodes in its {@code -x} list: how the Slurm policies keep nodes that can take no job now out
 * of the selection (nodes short of free memory under consumable memory, nodes 24.11/26.05 set INVALID), the same
 * way slurmctld leaves them out of the job's node map before the topology step.
 */
final class ExcludedNodes {
    private ExcludedNodes() {
    }

    /** {@code request} with {@code nodes} added to its excluded nodes (each once); itself when there are none. */
    static JobRequest added(JobRequest request, Collection<String> nodes) {
        if (nodes.isEmpty()) {
            return request;
        }
        return request.toBuilder().exclude(Stream.concat(request.exclude().stream(), nodes.stream()).distinct()
                .toList()).build();
    }
}
