package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * The static Memory Manager ({@code pkg/kubelet/cm/memorymanager/policy_static.go}). Hints are computed
 * for any set of memory types ({@link #calculateHints}); the nodes modelled carry regular memory only, so
 * admission asks for that.
 *
 * <p>Hints: NUMA combinations whose allocatable memory can hold the request, that do not break an
 * existing group (a NUMA node serving a multi-NUMA allocation is only usable with the same group, one
 * serving single-NUMA allocations never joins a group) and have the memory free; preferred when of the
 * narrowest width whose allocatable memory suffices. When no combination qualifies the provider returns
 * no hints at all, which the Topology Manager reads as "no preference"; allocation then fails.
 */
final class MemoryManagerStatic {
    private MemoryManagerStatic() {
    }

    /** Regular memory's resource name; hugepages are {@code hugepages-<size>}. */
    static final String MEMORY = "memory";

    /** One memory type's books on one NUMA node ({@code state.MemoryTable}), in MiB. */
    record MemoryTable(long allocatable, long free) {
    }

    /** {@code calculateHints} for regular memory; {@code null} when the node's NUMA memory is unknown. */
    static List<TopologyHint> hints(KubeletNode node, long requestMiB) {
        if (node.memAllocatable.isEmpty() || node.memAllocatable.values().stream().allMatch(v -> v == 0)) {
            return null;
        }
        Map<Integer, Map<String, MemoryTable>> machine = new TreeMap<>();
        node.memAllocatable.forEach((id, allocatable) ->
                machine.put(id, Map.of(MEMORY, new MemoryTable(allocatable, node.memFree.get(id)))));
        List<TopologyHint> hints = calculateHints(machine, Map.of(MEMORY, requestMiB), node.memGroups,
                node.memAssignments);
        return hints.isEmpty() ? null : hints;
    }

    /**
     * {@code calculateHints} over every requested memory type at once (regular memory and hugepages); the
     * kubelet gives each type the same list. A NUMA combination qualifies when its allocatable memory of
     * every type covers the request (the narrowest such width makes a hint preferred), it does not break a
     * group ({@code Cells}: a node serving a multi-NUMA allocation is usable only with that same group, a
     * node serving single-NUMA allocations never joins a group), and its free memory of every type covers
     * the request.
     */
    static List<TopologyHint> calculateHints(Map<Integer, Map<String, MemoryTable>> machine, Map<String, Long> requests,
                                             Map<Integer, List<Integer>> cells, Map<Integer, Integer> assignments) {
        List<Integer> ids = machine.keySet().stream().sorted().toList();
        int[] minAffinity = {ids.size()};
        List<NumaMask> fits = new ArrayList<>();
        NumaMask.iterate(ids, mask -> {
            List<Integer> bits = mask.ids();
            for (Map.Entry<String, Long> r : requests.entrySet()) {
                if (total(machine, bits, r.getKey(), MemoryTable::allocatable) < r.getValue()) {
                    return;
                }
            }
            if (mask.count() < minAffinity[0]) {
                minAffinity[0] = mask.count();
            }
            boolean single = bits.size() == 1;
            if (single && cellsOf(cells, bits.get(0)).size() > 1) {
                return;
            }
            for (int id : bits) {
                if (!single && assignments.getOrDefault(id, 0) > 0) {
                    List<Integer> group = cellsOf(cells, id);
                    if (group.size() == 1 || !group.equals(bits)) {
                        return;
                    }
                }
            }
            for (Map.Entry<String, Long> r : requests.entrySet()) {
                if (total(machine, bits, r.getKey(), MemoryTable::free) < r.getValue()) {
                    return;
                }
            }
            fits.add(mask);
        });
        return fits.stream().map(m -> new TopologyHint(m, m.count() == minAffinity[0])).toList();
    }

    private static long total(Map<Integer, Map<String, MemoryTable>> machine, List<Integer> bits, String resource,
                              ToLongFunction<MemoryTable> field) {
        long sum = 0;
        for (int id : bits) {
            MemoryTable t = machine.get(id).get(resource);
            sum += t == null ? 0 : field.applyAsLong(t);
        }
        return sum;
    }

    private static List<Integer> cellsOf(Map<Integer, List<Integer>> cells, int id) {
        return cells.getOrDefault(id, List.of(id));
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
