package org.topoplanner.allocator.slurm;

import java.util.Collection;
import java.util.List;
import org.topoplanner.model.job.HostAllocation;

/** A placement written as the tests compare it: {@code host:cpus/gpus} per host, ids ascending, hosts in order. */
final class PlacementLayout {
    private PlacementLayout() {
    }

    static String of(List<HostAllocation> hosts) {
        StringBuilder b = new StringBuilder();
        for (HostAllocation h : hosts) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(h.host()).append(':').append(join(h.cpus().toList())).append('/').append(join(h.gpus()));
        }
        return b.toString();
    }

    private static String join(Collection<Integer> ids) {
        return String.join(",", ids.stream().sorted().map(String::valueOf).toList());
    }
}
