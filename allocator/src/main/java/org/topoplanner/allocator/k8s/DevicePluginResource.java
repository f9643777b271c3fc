package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One device plugin resource as the kubelet Device Manager sees it ({@code pkg/kubelet/cm/devicemanager/topology_hints.go} and
 * {@code manager.go devicesToAllocate}); named for what it holds, since the house rules keep
 * "Manager" out of class names.
 *
 * <p>Hints: {@code null} when no device reports a NUMA node; empty when fewer devices are free than
 * asked; otherwise every NUMA combination holding enough free devices, preferred when its width equals
 * the fewest NUMA nodes whose devices (all of them, free or not) could hold the request.
 *
 * <p>Allocation: the devices on the hint's NUMA nodes are "aligned". If more are aligned than needed,
 * the plugin's {@code GetPreferredAllocation} picks among them (the NVIDIA plugin: {@link GpuBestEffort}),
 * and the kubelet keeps only the aligned devices of its answer;
 * if exactly enough, all are taken; if too few, all aligned ones and then the plugin's pick from the
 * rest. A plugin without {@code GetPreferredAllocation} (the RDMA plugins) gets devices in Go set
 * order, which is random; this model takes the lowest index first.
 */
final class DevicePluginResource {
    private DevicePluginResource() {
    }

    /** {@code GetTopologyHints} / {@code GetPodTopologyHints} for one resource. */
    static List<TopologyHint> hints(List<KubeletNode.Device> all, Set<Integer> free, List<Integer> numaIds, int request) {
        if (all.stream().noneMatch(d -> !d.numa().isEmpty())) {
            return null;
        }
        if (free.size() < request) {
            return List.of();
        }
        int[] minAffinity = {numaIds.size()};
        List<NumaMask> fits = new ArrayList<>();
        NumaMask.iterate(numaIds, mask -> {
            long inMask = all.stream().filter(d -> mask.anySet(d.numa())).count();
            if (inMask >= request && mask.count() < minAffinity[0]) {
                minAffinity[0] = mask.count();
            }
            long freeInMask = all.stream().filter(d -> free.contains(d.index()) && mask.anySet(d.numa())).count();
            if (freeInMask >= request) {
                fits.add(mask);
            }
        });
        return fits.stream().map(m -> new TopologyHint(m, m.count() == minAffinity[0])).toList();
    }

    /**
     * {@code devicesToAllocate}: {@code needed} device indices along {@code affinity} ({@code null}: any),
     * asking {@code preferred} (the plugin's {@code GetPreferredAllocation}: available, must-include,
     * size; {@code null} for a plugin without one). Returns {@code null} when too few are free.
     */
    static List<Integer> allocate(List<KubeletNode.Device> all, TreeSet<Integer> free, int needed, NumaMask affinity,
                                  Preference preferred) {
        if (needed == 0) {
            return List.of();
        }
        if (free.size() < needed) {
            return null;
        }
        Map<Integer, KubeletNode.Device> byIndex = new HashMap<>();
        all.forEach(d -> byIndex.put(d.index(), d));
        List<Integer> aligned = new ArrayList<>();
        List<Integer> unaligned = new ArrayList<>();
        List<Integer> noAffinity = new ArrayList<>();
        boolean topologyAware = all.stream().anyMatch(d -> !d.numa().isEmpty());
        for (int i : free) {
            KubeletNode.Device d = byIndex.get(i);
            if (!topologyAware || affinity == null || d.numa().isEmpty()) {
                noAffinity.add(i);
            } else if (affinity.anySet(d.numa())) {
                aligned.add(i);
            } else {
                unaligned.add(i);
            }
        }
        sortByNuma(aligned, byIndex, affinity);
        sortByNuma(unaligned, byIndex, affinity);
        LinkedHashSet<Integer> got = new LinkedHashSet<>();
        if (needed < aligned.size()) {
            // preferred.Intersection(aligned): what the plugin names outside the aligned set, or does not
            // offer at all, is ignored
            takeFrom(got, offered(preferredOf(preferred, aligned, got, needed), aligned), needed);
            takeFrom(got, aligned, needed);
            return finish(got, free);
        }
        takeFrom(got, aligned, needed);
        List<Integer> available = new ArrayList<>(free);
        takeFrom(got, offered(preferredOf(preferred, available, got, needed), available), needed);
        takeFrom(got, unaligned, needed);
        takeFrom(got, noAffinity, needed);
        return finish(got, free);
    }

    /** A device plugin's {@code GetPreferredAllocation}. */
    interface Preference {
        List<Integer> choose(List<Integer> available, List<Integer> mustInclude, int size);
    }

    private static List<Integer> preferredOf(Preference p, List<Integer> available, Set<Integer> got, int size) {
        if (p == null) {
            return List.of();
        }
        TreeSet<Integer> avail = new TreeSet<>(available);
        avail.addAll(got);
        return p.choose(List.copyOf(avail), List.copyOf(got), size);
    }

    /** The plugin's answer restricted to devices the kubelet offered it, in the plugin's order. */
    private static List<Integer> offered(List<Integer> answer, List<Integer> offer) {
        Set<Integer> ok = new HashSet<>(offer);
        return answer.stream().filter(ok::contains).toList();
    }

    private static void takeFrom(Set<Integer> got, List<Integer> from, int needed) {
        for (int i : from) {
            if (got.size() == needed) {
                return;
            }
            got.add(i);
        }
    }

    private static List<Integer> finish(Set<Integer> got, TreeSet<Integer> free) {
        free.removeAll(got);
        return got.stream().sorted().toList();
    }

    /** Within each list, devices on NUMA nodes with fewer free devices come first ({@code filterByAffinity}). */
    private static void sortByNuma(List<Integer> devices, Map<Integer, KubeletNode.Device> byIndex, NumaMask affinity) {
        Map<Integer, Integer> perNode = new HashMap<>();
        for (int i : devices) {
            for (int n : byIndex.get(i).numa()) {
                perNode.merge(n, 1, Integer::sum);
            }
        }
        Function<Integer, Integer> firstNode = i -> byIndex.get(i).numa().stream()
                .min(Comparator.<Integer>comparingInt(n -> affinity != null && affinity.isSet(n) ? 0 : 1)
                        .thenComparingInt(perNode::get).thenComparingInt(n -> n)).orElse(-1);
        devices.sort(Comparator.<Integer>comparingInt(i -> perNode.getOrDefault(firstNode.apply(i), 0))
                .thenComparing(firstNode).thenComparingInt(i -> i));
    }
}
