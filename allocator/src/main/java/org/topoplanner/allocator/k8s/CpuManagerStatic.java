package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The static CPU Manager ({@code pkg/kubelet/cm/cpumanager/policy_static.go}) as a hint provider and
 * allocator. Hints: every NUMA combination with enough free CPUs; preferred when its width equals the
 * fewest NUMA nodes whose CPUs (free or not) could hold the request. Allocation: CPUs of the hint's
 * NUMA nodes first, then the rest, each through {@code takeByTopologyNUMAPacked}.
 */
final class CpuManagerStatic {
    private CpuManagerStatic() {
    }

    /** {@code generateCPUTopologyHints}; {@code null} (no preference) when the node lists no CPUs. */
    static List<TopologyHint> hints(KubeletNode node, int request) {
        if (node.cpus.isEmpty()) {
            return null;
        }
        List<Integer> numa = node.cpus.stream().map(KubeletNode.Cpu::numa).distinct().sorted().toList();
        int[] minAffinity = {numa.size()};
        List<NumaMask> fits = new ArrayList<>();
        NumaMask.iterate(numa, mask -> {
            long inMask = node.cpus.stream().filter(c -> mask.isSet(c.numa())).count();
            if (inMask >= request && mask.count() < minAffinity[0]) {
                minAffinity[0] = mask.count();
            }
            long free = node.freeCpus.stream().filter(os -> mask.isSet(node.cpu(os).numa())).count();
            if (free >= request) {
                fits.add(mask);
            }
        });
        return fits.stream().map(m -> new TopologyHint(m, m.count() == minAffinity[0])).toList();
    }

    /**
     * {@code allocateCPUs}: {@code n} CPUs, those on the affinity's NUMA nodes first; {@code null}
     * when the node has fewer free CPUs (the kubelet's "not enough cpus available to satisfy request").
     */
    static List<Integer> allocate(KubeletNode node, int n, NumaMask affinity) {
        if (node.freeCpus.size() < n) {
            return null;
        }
        List<Integer> result = new ArrayList<>();
        if (affinity != null) {
            TreeSet<Integer> aligned = new TreeSet<>();
            for (int os : node.freeCpus) {
                if (affinity.isSet(node.cpu(os).numa())) {
                    aligned.add(os);
                }
            }
            result.addAll(take(node, aligned, Math.min(aligned.size(), n)));
        }
        TreeSet<Integer> rest = new TreeSet<>(node.freeCpus);
        rest.removeAll(result);
        result.addAll(take(node, rest, n - result.size()));
        node.freeCpus.removeAll(result);
        return result.stream().sorted().toList();
    }

    /**
     * {@code takeByTopologyNUMAPacked} without the uncore-cache option: whole NUMA nodes and sockets
     * (the larger level first) when the request covers them, then whole free cores, then single
     * threads. Candidates are sorted by how few free CPUs their socket/NUMA node and core have, then id.
     */
    static List<Integer> take(KubeletNode node, TreeSet<Integer> available, int n) {
        List<Integer> taken = new ArrayList<>();
        if (n <= 0) {
            return taken;
        }
        TreeSet<Integer> left = new TreeSet<>(available);
        long sockets = node.cpus.stream().map(KubeletNode.Cpu::socket).distinct().count();
        long numas = node.cpus.stream().map(KubeletNode.Cpu::numa).distinct().count();
        boolean numaFirst = sockets >= numas;
        Function<KubeletNode.Cpu, Integer> first = numaFirst ? KubeletNode.Cpu::numa : KubeletNode.Cpu::socket;
        Function<KubeletNode.Cpu, Integer> second = numaFirst ? KubeletNode.Cpu::socket : KubeletNode.Cpu::numa;
        takeWhole(node, left, taken, n, first, null);
        takeWhole(node, left, taken, n, second, null);
        // takeFullCores walks cores in sortAvailableCores order, packing the fullest socket/NUMA node first.
        List<Integer> coreOrder = sortedCpus(node, left, first, second).stream().map(os -> node.cpu(os).core())
                .distinct().toList();
        takeWhole(node, left, taken, n, KubeletNode.Cpu::core, coreOrder);
        for (int os : sortedCpus(node, left, first, second)) {
            if (taken.size() == n) {
                break;
            }
            taken.add(os);
        }
        left.removeAll(taken);
        return taken;
    }

    /** Takes every group (NUMA node, socket or core) whose CPUs are all free and still wanted whole. */
    private static void takeWhole(KubeletNode node, TreeSet<Integer> left, List<Integer> taken, int n,
                                  Function<KubeletNode.Cpu, Integer> group, List<Integer> order) {
        Map<Integer, List<Integer>> all = node.cpus.stream()
                .collect(Collectors.groupingBy(group, TreeMap::new,
                        Collectors.mapping(KubeletNode.Cpu::os, Collectors.toList())));
        // Whole free groups all have as many free CPUs as they have CPUs: smaller first, then id.
        List<Integer> ids = order != null ? order : all.keySet().stream()
                .sorted(Comparator.<Integer>comparingInt(k -> all.get(k).size()).thenComparing(k -> k)).toList();
        for (int id : ids) {
            List<Integer> cpus = all.get(id);
            if (left.containsAll(cpus) && n - taken.size() >= cpus.size()) {
                taken.addAll(cpus);
                left.removeAll(cpus);
            }
        }
    }

    private static List<Integer> sortedCpus(KubeletNode node, TreeSet<Integer> left,
                                            Function<KubeletNode.Cpu, Integer> first,
                                            Function<KubeletNode.Cpu, Integer> second) {
        Function<Function<KubeletNode.Cpu, Integer>, Map<Integer, Long>> freeBy = g -> left.stream()
                .map(node::cpu).collect(Collectors.groupingBy(g, Collectors.counting()));
        Map<Integer, Long> f1 = freeBy.apply(first);
        Map<Integer, Long> f2 = freeBy.apply(second);
        Map<Integer, Long> fc = freeBy.apply(KubeletNode.Cpu::core);
        return left.stream().map(node::cpu)
                .sorted(Comparator.<KubeletNode.Cpu>comparingLong(c -> f1.get(first.apply(c)))
                        .thenComparing(first::apply)
                        .thenComparingLong(c -> f2.get(second.apply(c)))
                        .thenComparing(second::apply)
                        .thenComparingLong(c -> fc.get(c.core()))
                        .thenComparingInt(KubeletNode.Cpu::core)
                        .thenComparingInt(KubeletNode.Cpu::os))
                .map(KubeletNode.Cpu::os).toList();
    }
}
