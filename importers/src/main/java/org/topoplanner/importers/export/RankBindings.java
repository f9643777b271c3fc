package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Splits a placement into ranks, one per planned GPU, and binds each: its GPU, the planned CPUs
 * local to that GPU shared out in whole cores, and the NIC the plan gives it ({@link HostAllocation#nicByGpu},
 * else the NIC closest to the GPU by PCIe class).
 *
 * <p>Planned CPUs are Slurm's abstract CPU ids (cores in Slurm order, a core's threads together);
 * {@code taskset} needs OS ids, which the node's core list gives ({@code Core.pus}). On a node whose
 * cores are unknown the two are taken to be the same.
 */
final class RankBindings {
    private RankBindings() {
    }

    static List<RankBinding> of(Cluster cluster, Placement placement) {
        return of(cluster, placement, placement.hosts().stream().map(h -> Math.max(1, h.gpus().size())).toList());
    }

    /**
     * Ranks for {@code tasks.get(i)} tasks on the i-th planned node: one per planned GPU when the counts
     * agree; otherwise each task of the node is bound to all the node's planned GPUs, CPUs and their NICs
     * (a job that asked one task per node to drive several GPUs gets exactly that).
     */
    static List<RankBinding> of(Cluster cluster, Placement placement, List<Integer> tasks) {
        List<RankBinding> out = new ArrayList<>();
        for (int i = 0; i < placement.hosts().size(); i++) {
            HostAllocation h = placement.hosts().get(i);
            NodeTopology node = cluster.node(h.host());
            int count = tasks.get(i);
            if (!h.gpus().isEmpty() && count != h.gpus().size()) {
                java.util.LinkedHashSet<String> hcas = new java.util.LinkedHashSet<>();
                h.gpus().forEach(g -> hca(cluster, node, h, g).ifPresent(hcas::add));
                for (int r = 0; r < count; r++) {
                    out.add(new RankBinding(h.host(), r, -1, toOs(node, h.cpus()),
                            hcas.isEmpty() ? null : String.join(",", hcas)));
                }
                continue;
            }
            if (h.gpus().isEmpty()) {
                // A host without GPUs runs one rank on all its planned CPUs.
                out.add(new RankBinding(h.host(), 0, -1, toOs(node, h.cpus()), null));
                continue;
            }
            Map<Integer, CpuSet> shares = cpuShares(node, h);
            int local = 0;
            for (int gpu : h.gpus()) {
                out.add(new RankBinding(h.host(), local++, gpu, toOs(node, shares.get(gpu)),
                        hca(cluster, node, h, gpu).orElse(null)));
            }
        }
        return out;
    }

    /** Planned CPUs per GPU (Slurm ids): CPUs local to the GPU first, shared in whole cores; the rest evenly. */
    static Map<Integer, CpuSet> cpuShares(NodeTopology node, HostAllocation h) {
        Map<Integer, CpuSet> out = new LinkedHashMap<>();
        h.gpus().forEach(g -> out.put(g, CpuSet.empty()));
        if (h.cpus().isEmpty() || h.gpus().isEmpty()) {
            return out;
        }
        SlurmCpuIds ids = cpuIds(node);
        CpuSet left = h.cpus();
        Map<CpuSet, List<Integer>> byPool = new LinkedHashMap<>();
        for (int g : h.gpus()) {
            byPool.computeIfAbsent(localSlurmCpus(node, g, ids).intersection(h.cpus()), k -> new ArrayList<>()).add(g);
        }
        List<Integer> homeless = new ArrayList<>();
        for (var e : byPool.entrySet()) {
            CpuSet pool = e.getKey().intersection(left);
            if (pool.isEmpty()) {
                homeless.addAll(e.getValue());
                continue;
            }
            Map<Integer, CpuSet> split = splitByCores(pool, e.getValue(), ids);
            split.forEach(out::put);
            left = left.minus(pool);
        }
        if (!homeless.isEmpty() && !left.isEmpty()) {
            splitByCores(left, homeless, ids).forEach(out::put);
        }
        return out;
    }

    /** Gives each GPU an equal run of whole cores of {@code pool}, in order; the last ones get any remainder. */
    private static Map<Integer, CpuSet> splitByCores(CpuSet pool, List<Integer> gpus, SlurmCpuIds ids) {
        TreeSet<Integer> cores = new TreeSet<>();
        pool.stream().forEach(c -> cores.add(ids.coreOfCpu(c)));
        List<Integer> coreList = new ArrayList<>(cores);
        Map<Integer, CpuSet> out = new LinkedHashMap<>();
        int n = gpus.size();
        int per = coreList.size() / n;
        int extra = coreList.size() % n;
        int at = 0;
        for (int i = 0; i < n; i++) {
            int take = per + (i >= n - extra ? 1 : 0);
            List<Integer> cpus = new ArrayList<>();
            for (int k = at; k < at + take; k++) {
                int core = coreList.get(k);
                pool.stream().filter(c -> ids.coreOfCpu(c) == core).forEach(cpus::add);
            }
            at += take;
            out.put(gpus.get(i), CpuSet.of(cpus));
        }
        return out;
    }

    /** Slurm CPU ids of the cores near GPU {@code index} (its NUMA nodes, else its affine CPUs). */
    private static CpuSet localSlurmCpus(NodeTopology node, int index, SlurmCpuIds ids) {
        Optional<Gpu> gpu = node.gpu(index);
        if (gpu.isEmpty()) {
            return CpuSet.empty();
        }
        List<Integer> near = new ArrayList<>();
        for (Core c : node.coreList()) {
            if (!gpu.get().numaNodes().isEmpty() ? gpu.get().numaNodes().contains(c.numa())
                    : !c.pus().intersection(gpu.get().cpus()).isEmpty()) {
                near.add(c.id());
            }
        }
        return ids.cpusOfCores(near);
    }

    /** OS CPU ids of Slurm's abstract ids ({@link SlurmCpuIds#osCpus}, with the node's own core list). */
    static CpuSet toOs(NodeTopology node, CpuSet slurmIds) {
        if (slurmIds == null || slurmIds.isEmpty() || node.coreList().isEmpty()) {
            return slurmIds == null ? CpuSet.empty() : slurmIds;
        }
        return cpuIds(node).osCpus(slurmIds, node.threadsOfCores());
    }

    /**
     * The node's Slurm CPU numbering as far as bindings need it: core {@code c} holds the ids
     * {@code c*T .. c*T+T-1}; how the cores group into sockets does not matter here.
     */
    private static SlurmCpuIds cpuIds(NodeTopology node) {
        return new SlurmCpuIds(1, Math.max(1, node.coreList().size()), Math.max(1, node.threadsPerCore()));
    }

    /** {@code mlx5_0:1} for the GPU's NIC: the plan's, else the closest by PCIe class, lowest index on ties. */
    private static Optional<String> hca(Cluster cluster, NodeTopology node, HostAllocation h, int gpu) {
        Optional<Nic> nic = Optional.ofNullable(h.nicByGpu().get(gpu)).flatMap(node::nic);
        if (nic.isEmpty()) {
            nic = closestNic(node, gpu);
        }
        return nic.filter(n -> n.device() != null).map(n -> n.device() + ":" + port(cluster, h.host(), n.device()));
    }

    private static Optional<Nic> closestNic(NodeTopology node, int gpu) {
        Optional<Gpu> g = node.gpu(gpu);
        if (g.isEmpty() || node.nics().isEmpty()) {
            return Optional.empty();
        }
        Nic best = null;
        int bestRank = Integer.MAX_VALUE;
        for (Nic n : node.nics()) {
            int rank = node.link(g.get().id(), n.id()).map(DeviceLink::kind).map(LinkKind::ordinal)
                    .orElse(n.numaNodes().equals(g.get().numaNodes()) && !n.numaNodes().isEmpty()
                            ? LinkKind.NODE.ordinal() : LinkKind.SYS.ordinal() + 1);
            if (rank < bestRank) {
                best = n;
                bestRank = rank;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The HCA port cabled for this device in the fabric; 1 (the usual single port) when the fabric does not say. */
    private static int port(Cluster cluster, String host, String device) {
        for (Cable c : cluster.fabric().cables()) {
            for (CableEnd end : List.of(c.a(), c.b())) {
                if (end.node().equals(host) && device.equals(end.hca()) && end.port() > 0) {
                    return end.port();
                }
            }
        }
        return 1;
    }
}
