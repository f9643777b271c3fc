package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.PcieLinkClassifier;

/**
 * The NVIDIA device plugin's {@code GetPreferredAllocation} for whole GPUs: go-gpuallocator's
 * {@code besteffort_policy.go}. All available GPUs are split into sets of the requested size (padded
 * with empty slots); the partition with the highest total pair score wins, and from it the set with the
 * highest score that holds every required GPU. The first best found wins ties; go-gpuallocator sees the
 * GPUs in the order the kubelet lists them (a Go map, so random), this model in index order.
 *
 * <p>Pair score ({@code calculateGPUPairScore}): the PCIe path (NVML common ancestor) scores
 * SYS 10, NODE 20, PHB 30, PXB 40, PIX 50 (same board 60, not modelled), plus 100 per NVLink lane
 * between the two GPUs. go-gpuallocator counts only lanes whose far end is the other GPU, so GPUs
 * behind NVSwitches get no NVLink points at all; its lane count stops at eighteen (checked against
 * go-gpuallocator 876e7b7 by {@code GpuAllocatorOracleTest}).
 */
final class GpuBestEffort implements DevicePluginResource.Preference {
    private final NodeTopology node;
    private final PcieLinkClassifier pcie;
    /**
     * Answers already given, by (available, required, size): the preference is a pure function of them and
     * the topology, and a job's pods ask it the same question on every idle node of one topology. Not
     * thread-safe: one instance serves one admission session.
     */
    private final Map<List<Object>, List<Integer>> answers = new HashMap<>();

    GpuBestEffort(NodeTopology node) {
        this.node = node;
        this.pcie = node.pci().isEmpty() ? null : new PcieLinkClassifier(node.pci());
    }

    @Override
    public List<Integer> choose(List<Integer> available, List<Integer> required, int size) {
        List<Object> key = List.of(List.copyOf(available), List.copyOf(required), size);
        List<Integer> known = answers.get(key);
        if (known == null) {
            known = search(available, required, size);
            answers.put(key, known);
        }
        return known;
    }

    private List<Integer> search(List<Integer> available, List<Integer> required, int size) {
        if (size <= 0 || available.size() < size || required.size() > size) {
            return List.of();
        }
        List<Integer> devices = new ArrayList<>(available);
        Best best = new Best();
        if (size == 1) {
            for (int d : devices) {
                List<List<Integer>> partition = List.of(List.of(d));
                consider(best, partition, required);
            }
        } else {
            int padding = 0;
            while ((devices.size() + padding) % size != 0) {
                padding++;
            }
            List<Integer> padded = new ArrayList<>(devices);
            for (int i = 0; i < padding; i++) {
                padded.add(null);
            }
            partitions(padded, size, padding, new ArrayList<>(), p -> consider(best, p, required), new Budget());
        }
        if (best.partition == null) {
            return List.of();
        }
        List<Integer> bestSet = null;
        int bestScore = 0;
        for (List<Integer> set : best.partition) {
            if (!set.containsAll(required)) {
                continue;
            }
            int s = setScore(set);
            if (bestSet == null || s > bestScore) {
                bestSet = set;
                bestScore = s;
            }
        }
        return bestSet == null ? List.of() : bestSet.stream().filter(x -> x != null).sorted().toList();
    }

    /**
     * The device plugin enumerates every partition of the free GPUs into sets of the request's size:
     * 105 for 8 GPUs in pairs, two billion for 16. Real nodes have at most 8 (the plugin is only ever
     * run on those); on a larger node, as an imported file can describe, the enumeration stops after
     * this many steps and the best partition found so far is taken, so that an answer always comes.
     */
    static final long MAX_STEPS = 200_000;

    private static final class Budget {
        long steps;

        boolean spent() {
            return ++steps > MAX_STEPS;
        }
    }

    private static final class Best {
        List<List<Integer>> partition;
        int score;
    }

    private void consider(Best best, List<List<Integer>> partition, List<Integer> required) {
        boolean ok = partition.stream().anyMatch(s -> s.containsAll(required) && s.stream().noneMatch(x -> x == null));
        if (!ok) {
            return;
        }
        int score = partition.stream().mapToInt(this::setScore).sum();
        if (best.partition == null || score > best.score) {
            // Padding slots are nulls, so the sets are copied into lists that allow them.
            best.partition = partition.stream().<List<Integer>>map(ArrayList::new).toList();
            best.score = score;
        }
    }

    /** {@code iterateGPUPartitions}: the first device always opens the next set; sets hold no or all padding. */
    private static void partitions(List<Integer> devices, int size, int padding, List<List<Integer>> accum,
                                   Consumer<List<List<Integer>>> callback, Budget budget) {
        if (budget.spent()) {
            return;
        }
        if (devices.size() == size) {
            List<List<Integer>> p = new ArrayList<>(accum);
            p.add(devices);
            callback.accept(p);
            return;
        }
        List<Integer> rest = devices.subList(1, devices.size());
        sets(rest, size - 1, 0, new ArrayList<>(), budget, set -> {
            List<Integer> full = new ArrayList<>();
            full.add(devices.get(0));
            full.addAll(set);
            long pad = full.stream().filter(x -> x == null).count();
            if (!(pad == 0 || pad == padding)) {
                return;
            }
            List<Integer> remaining = new ArrayList<>();
            List<Integer> taken = new ArrayList<>(full);
            for (Integer d : devices) {
                if (!taken.remove(d)) {
                    remaining.add(d);
                }
            }
            accum.add(full);
            partitions(remaining, size, padding, accum, callback, budget);
            accum.remove(accum.size() - 1);
        });
    }

    private static void sets(List<Integer> devices, int size, int from, List<Integer> accum, Budget budget,
                             Consumer<List<Integer>> callback) {
        if (budget.spent()) {
            return;
        }
        if (accum.size() == size) {
            callback.accept(new ArrayList<>(accum));
            return;
        }
        for (int i = from; i < devices.size(); i++) {
            accum.add(devices.get(i));
            sets(devices, size, i + 1, accum, budget, callback);
            accum.remove(accum.size() - 1);
        }
    }

    int setScore(List<Integer> set) {
        int score = 0;
        for (int i = 0; i < set.size(); i++) {
            for (int j = i + 1; j < set.size(); j++) {
                score += pairScore(set.get(i), set.get(j));
            }
        }
        return score;
    }

    /** {@code calculateGPUPairScore}. */
    int pairScore(Integer a, Integer b) {
        if (a == null || b == null || a.equals(b)) {
            return 0;
        }
        PairLink link = pairLink(a, b);
        int score = switch (link.pcie()) {
            case SYS -> 10;
            case NODE -> 20;
            case PHB -> 30;
            case PXB -> 40;
            case PIX -> 50;
            case NV -> 0;
        };
        return score + 100 * link.lanes();
    }

    /**
     * What NVML reports for a GPU pair, as go-gpuallocator reads it: the PCIe link type
     * ({@code GetP2PLink}) and the NVLink lanes whose far end is the other GPU ({@code GetNVLink}:
     * none behind NVSwitches; one link type per lane, the count stopping at eighteen).
     */
    record PairLink(LinkKind pcie, int lanes) {
    }

    PairLink pairLink(int a, int b) {
        Gpu ga = node.gpu(a).orElseThrow();
        Gpu gb = node.gpu(b).orElseThrow();
        int lanes = node.nvSwitches().isEmpty() ? node.nvlinkLanes(ga.id(), gb.id()) : 0;
        return new PairLink(pcieClass(ga, gb), Math.min(Math.max(lanes, 0), MAX_NVLINK_LANES));
    }

    /** {@code GetNVLink} has link types for one to eighteen lanes and stays at eighteen beyond. */
    static final int MAX_NVLINK_LANES = 18;

    /** The PCIe class of a pair: the link list when it is a PCIe class, else the PCIe tree, else NUMA. */
    private LinkKind pcieClass(Gpu a, Gpu b) {
        LinkKind k = node.link(a.id(), b.id()).map(l -> l.kind()).orElse(null);
        if (k != null && k != LinkKind.NV) {
            return k;
        }
        if (pcie != null && a.pciParent() != null && b.pciParent() != null) {
            Optional<LinkKind> c = pcie.classify(a.pciParent(), a.numa(), b.pciParent(), b.numa());
            if (c.isPresent() && c.get() != LinkKind.NV) {
                return c.get();
            }
        }
        return a.numa() >= 0 && a.numa() == b.numa() ? LinkKind.NODE : LinkKind.SYS;
    }
}
