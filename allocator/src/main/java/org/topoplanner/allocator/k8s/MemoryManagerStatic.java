package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;

/**
 * The static Memory Manager ({@code pkg/kubelet/cm/memorymanager/policy_static.go}) for regular memory.
 * Hints: NUMA combinations whose allocatable memory can hold the request, that do not break an
 * existing group (a NUMA node serving a multi-NUMA allocation is only usable with the same group, one
 * serving single-NUMA allocations never joins a group) and have the memory free; preferred when of the
 * narrowest width whose allocatable memory suffices. When no combination qualifies the provider returns
 * no hints at all, which the Topology Manager reads as "no preference"; allocation then fails.
 */
final class MemoryManagerStatic {
    private MemoryManagerStatic() {
    }

    /** {@code calculateHints}; {@code null} when the node's NUMA memory is unknown. */
    static List<TopologyHint> hints(KubeletNode node, long requestMiB) {
        if (node.memAllocatable.isEmpty() || node.memAllocatable.values().stream().allMatch(v -> v == 0)) {
            return null;
        }
        List<Integer> ids = List.copyOf(node.memAllocatable.keySet()).stream().sorted().toList();
        int[] minAffinity = {ids.size()};
        List<NumaMask> fits = new ArrayList<>();
        NumaMask.iterate(ids, mask -> {
            List<Integer> bits = mask.ids();
            long allocatable = bits.stream().mapToLong(node.memAllocatable::get).sum();
            if (allocatable < requestMiB) {
                return;
            }
            if (mask.count() < minAffinity[0]) {
                minAffinity[0] = mask.count();
            }
            boolean single = bits.size() == 1;
            if (single && node.memGroups.get(bits.get(0)).size() > 1) {
                return;
            }
            for (int id : bits) {
                if (!single && node.memAssignments.getOrDefault(id, 0) > 0) {
                    if (node.memGroups.get(id).size() == 1 || !node.memGroups.get(id).equals(bits)) {
                        return;
                    }
                }
            }
            long free = bits.stream().mapToLong(node.memFree::get).sum();
            if (free >= requestMiB) {
                fits.add(mask);
            }
        });
        if (fits.isEmpty()) {
            return null;
        }
        return fits.stream().map(m -> new TopologyHint(m, m.count() == minAffinity[0])).toList();
    }

    /**
     * Takes {@code requestMiB} from the NUMA nodes of {@code affinity}, widening it to the narrowest
     * hint that contains it when it cannot hold the request ({@code extendTopologyManagerHint});
     * {@code false} when nothing can hold it.
     */
    static boolean allocate(KubeletNode node, long requestMiB, NumaMask affinity) {
        List<TopologyHint> hints = hints(node, requestMiB);
        if (hints == null) {
            return node.memAllocatable.isEmpty() || node.memAllocatable.values().stream().allMatch(v -> v == 0);
        }
        NumaMask use = null;
        if (affinity != null && hints.stream().anyMatch(h -> h.affinity().equals(affinity))) {
            use = affinity;
        } else {
            TopologyHint best = null;
            for (TopologyHint h : hints) {
                if (affinity != null && (h.affinity().bits() & affinity.bits()) != affinity.bits()) {
                    continue;
                }
                if (best == null || (h.preferred() && !best.preferred())
                        || (h.preferred() == best.preferred() && h.affinity().isNarrowerThan(best.affinity()))) {
                    best = h;
                }
            }
            if (best == null) {
                return false;
            }
            use = best.affinity();
        }
        long left = requestMiB;
        List<Integer> group = use.ids();
        for (int id : group) {
            long take = Math.min(left, node.memFree.get(id));
            node.memFree.put(id, node.memFree.get(id) - take);
            left -= take;
            node.memAssignments.merge(id, 1, Integer::sum);
            node.memGroups.put(id, group);
        }
        return left == 0;
    }
}
