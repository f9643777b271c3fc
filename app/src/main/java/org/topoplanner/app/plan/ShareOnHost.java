package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * What one host's share of a job takes on another host when it is moved there by hand. On identical
 * nodes the same slot is the natural answer (GPUs 4-7 stay GPUs 4-7, with their cores and NICs), so it
 * is kept when free; otherwise free GPUs on one socket if one has room, as many cores as the share had
 * next to them, and each GPU's nearest NIC. What is not free is taken anyway: a hand move is kept, and
 * the validator then names the overcommit instead of the move silently doing something else.
 */
final class ShareOnHost {
    private final Cluster cluster;
    private final ClusterState others;

    /** @param others what runs besides the moved job */
    ShareOnHost(Cluster cluster, ClusterState others) {
        this.cluster = cluster;
        this.others = others;
    }

    /** The share on {@code host}, GPUs chosen as described above. */
    HostAllocation place(HostAllocation share, String host) {
        return place(share, host, chooseGpus(share.gpus(), host));
    }

    /** The share on {@code host} with exactly the given GPUs (dropped on GPUs in the node view). */
    HostAllocation place(HostAllocation share, String host, List<Integer> gpus) {
        SlurmCpuIds ids = ClusterIndex.of(cluster).cpuIdsOf(host);
        CpuSet shareCores = ClusterIndex.of(cluster).cpuIdsOf(share.host()).coresOfCpus(share.cpus());
        List<Integer> cores = chooseCores(host, ids, shareCores, gpus, gpus.equals(share.gpus()));
        Map<Integer, String> nics = share.nicByGpu().isEmpty() ? Map.of()
                : gpus.equals(share.gpus()) && allNicsExist(host, share.nicByGpu()) ? share.nicByGpu()
                : nearestNics(cluster.node(host), gpus);
        CpuSet cpus = ids.cpusOfCores(cores);
        HostAllocation moved = new HostAllocation(host, gpus, cpus, nics);
        return share.countedCpus() == null ? moved : moved.withCountedCpus(countedAfterMove(share.countedCpus(), cpus));
    }

    /**
     * The scheduler's CPU count a moved share keeps. A hand move carries the same tasks (as many cores as before),
     * so the CPUs their memory per CPU is charged on stay what the scheduler counted; dropping the count would charge
     * the whole cores' CPUs instead and a share that fitted could stop fitting by the move alone. A count above the
     * CPU ids the share now holds (a target with fewer threads per core) is none a scheduler keeps, so it is capped
     * there; a share without CPU ids keeps its count as it was.
     */
    static int countedAfterMove(int counted, CpuSet cpus) {
        return cpus.isEmpty() ? counted : Math.min(counted, cpus.size());
    }

    /**
     * True when {@code host} has the share's GPUs and cores free, and for a job that takes its nodes
     * whole ({@code exclusive}), nothing else runs there.
     */
    boolean fits(HostAllocation share, String host, boolean exclusive) {
        int cores = ClusterIndex.of(cluster).cpuIdsOf(share.host()).coresOfCpus(share.cpus()).size();
        if (exclusive && !others.isIdle(host)) {
            return false;
        }
        return freeGpus(host).size() >= share.gpus().size() && freeCores(host).size() >= cores
                && cluster.node(host).gpus().size() >= share.gpus().size();
    }

    /** GPUs of {@code host} no other job holds (none when another job holds the host whole). */
    List<Integer> freeGpus(String host) {
        return others.heldWhole(host) ? List.of() : others.freeGpus(host);
    }

    /** Cores of {@code host} no other job uses (none when another job holds the host whole). */
    CpuSet freeCores(String host) {
        return others.heldWhole(host) ? CpuSet.empty() : others.freeCores(host);
    }

    private List<Integer> chooseGpus(List<Integer> wanted, String host) {
        int n = wanted.size();
        if (n == 0) {
            return List.of();
        }
        NodeTopology node = cluster.node(host);
        List<Integer> all = node.gpus().stream().map(Gpu::index).sorted().toList();
        List<Integer> free = freeGpus(host);
        if (all.containsAll(wanted) && free.containsAll(wanted)) {
            return wanted;
        }
        Map<Integer, List<Integer>> bySocket = new LinkedHashMap<>();
        for (int g : free) {
            bySocket.computeIfAbsent(socketOfGpu(node, g), k -> new ArrayList<>()).add(g);
        }
        List<Integer> chosen = bySocket.values().stream().filter(l -> l.size() >= n).findFirst().orElse(free);
        return fillUp(chosen.stream().limit(n).toList(), all, n);
    }

    /** {@code chosen} topped up from {@code all} in order until it has {@code n} (or all there are). */
    private static List<Integer> fillUp(List<Integer> chosen, List<Integer> all, int n) {
        Set<Integer> out = new LinkedHashSet<>(chosen);
        for (int g : all) {
            if (out.size() >= n) {
                break;
            }
            out.add(g);
        }
        return out.stream().sorted().toList();
    }

    private List<Integer> chooseCores(String host, SlurmCpuIds ids, CpuSet shareCores, List<Integer> gpus,
                                      boolean sameGpus) {
        int n = shareCores.size();
        if (n == 0) {
            return List.of();
        }
        CpuSet free = freeCores(host);
        boolean exist = shareCores.stream().allMatch(c -> c < ids.cores());
        if (sameGpus && exist && free.containsAll(shareCores)) {
            return shareCores.toList();
        }
        Set<Integer> near = socketsOf(cluster.node(host), gpus);
        BitSet taken = new BitSet();
        List<Integer> out = new ArrayList<>();
        // Free cores first, then busy ones; within each, cores on the GPUs' sockets first.
        for (boolean wantFree : new boolean[] {true, false}) {
            for (boolean wantNear : new boolean[] {true, false}) {
                for (int c = 0; c < ids.cores() && out.size() < n; c++) {
                    boolean isNear = near.isEmpty() || near.contains(ids.socketOfCore(c));
                    if (!taken.get(c) && free.contains(c) == wantFree && isNear == wantNear) {
                        taken.set(c);
                        out.add(c);
                    }
                }
            }
        }
        return out.stream().sorted().toList();
    }

    private boolean allNicsExist(String host, Map<Integer, String> nics) {
        NodeTopology node = cluster.node(host);
        return nics.values().stream().allMatch(id -> node.nic(id).isPresent());
    }

    private static Map<Integer, String> nearestNics(NodeTopology node, List<Integer> gpus) {
        Map<Integer, String> out = new LinkedHashMap<>();
        for (int g : gpus) {
            node.gpu(g).ifPresent(gpu -> {
                Nic best = null;
                LinkKind bestKind = null;
                for (Nic nic : node.nics()) {
                    LinkKind k = node.link(gpu.id(), nic.id()).map(DeviceLink::kind).orElse(null);
                    if (k != null && (bestKind == null || k.closerThan(bestKind))) {
                        best = nic;
                        bestKind = k;
                    }
                }
                if (best != null) {
                    out.put(g, best.id());
                }
            });
        }
        return out;
    }

    /** The socket of the cores a GPU is affine to, or -1 when the node does not say. */
    private static int socketOfGpu(NodeTopology node, int gpu) {
        return node.gpu(gpu).flatMap(g -> node.coreList().stream()
                .filter(c -> !c.pus().isEmpty() && g.cpus().containsAll(c.pus())).findFirst()).map(Core::socket)
                .orElse(-1);
    }

    private static Set<Integer> socketsOf(NodeTopology node, List<Integer> gpus) {
        Set<Integer> out = new LinkedHashSet<>();
        for (int g : gpus) {
            int s = socketOfGpu(node, g);
            if (s >= 0) {
                out.add(s);
            }
        }
        return out;
    }
}
