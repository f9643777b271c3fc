package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;

/**
 * One node as its kubelet sees it during admission: NUMA nodes, CPUs (OS ids, with their Slurm ids
 * so placements stay in the id space {@link ClusterState} uses), GPUs and RDMA NICs with their NUMA
 * affinity, what is free, and the Memory Manager's per-NUMA books. Mutable: admission takes from it.
 *
 * <p>Every CPU, GPU and NIC a running job lists is treated as exclusively held (the CPU Manager's
 * assignments, the device plugins' allocations). Running jobs' memory is not in the model, so the
 * memory books start full and only count pods admitted in the same session.
 */
final class KubeletNode {
    /** A CPU thread: OS id, Slurm CPU id, core, socket and NUMA node. */
    record Cpu(int os, int slurm, int core, int socket, int numa) {
    }

    /** A device a plugin advertises: its id, GPU index (or NIC position) and NUMA nodes ({@code []}: no topology). */
    record Device(String id, int index, List<Integer> numa) {
    }

    final String host;
    final NodeTopology topology;
    final List<Integer> numaIds;
    final List<Cpu> cpus;
    final TreeSet<Integer> freeCpus = new TreeSet<>();
    final List<Device> gpus;
    final TreeSet<Integer> freeGpus = new TreeSet<>();
    final List<Device> nics;
    final TreeSet<Integer> freeNics = new TreeSet<>();
    final Map<Integer, Long> memAllocatable = new LinkedHashMap<>();
    final Map<Integer, Long> memFree = new HashMap<>();
    /** The Memory Manager's {@code Cells}: NUMA nodes already serving a multi-NUMA (or single) allocation. */
    final Map<Integer, List<Integer>> memGroups = new HashMap<>();
    final Map<Integer, Integer> memAssignments = new HashMap<>();

    /** The device plugin's GPU preference for this node's topology; shared by nodes of one layout in a session. */
    private final GpuBestEffort gpuPreference;

    /**
     * What a node's kubelet derives from its topology and Slurm CPU layout alone: its CPUs, NUMA ids, GPU and
     * NIC devices, and the GPU preference. Nodes of one layout share it within an admission session.
     */
    record Layout(List<Cpu> cpus, List<Integer> numaIds, List<Device> gpus, List<Device> nics,
                  GpuBestEffort gpuPreference) {
        static Layout of(NodeTopology topology, SlurmCpuIds ids) {
            List<Cpu> list = new ArrayList<>();
            for (Core c : topology.coreList()) {
                List<Integer> pus = c.pus().toList();
                for (int t = 0; t < pus.size(); t++) {
                    list.add(new Cpu(pus.get(t), c.id() * ids.threadsPerCore() + t, c.id(), c.socket(), c.numa()));
                }
            }
            List<Device> gpus = topology.gpus().stream().map(g -> new Device(g.id(), g.index(), g.numaNodes())).toList();
            List<Device> n = new ArrayList<>();
            for (int i = 0; i < topology.nics().size(); i++) {
                Nic nic = topology.nics().get(i);
                n.add(new Device(nic.id(), i, nic.numaNodes()));
            }
            return new Layout(List.copyOf(list), KubeletNode.numaIds(topology), gpus, List.copyOf(n), new GpuBestEffort(topology));
        }
    }

    KubeletNode(ClusterState state, String host, KubeletSettings settings) {
        this(state, host, settings, null);
    }

    /** The node with {@code layout} (made for its topology and CPU ids; null: its own). */
    KubeletNode(ClusterState state, String host, KubeletSettings settings, Layout layout) {
        this.host = host;
        this.topology = state.cluster().node(host);
        ClusterIndex index = ClusterIndex.of(state.cluster());
        if (layout == null) {
            layout = Layout.of(topology, index.cpuIdsOf(host));
        }
        this.gpuPreference = layout.gpuPreference();
        this.cpus = layout.cpus();
        this.numaIds = layout.numaIds();
        this.gpus = layout.gpus();
        this.nics = layout.nics();
        int h = index.number(host);
        boolean whole = state.heldWhole(host);
        BitSet usedSlurm = h < 0 ? new BitSet() : state.usage().usedCpus(h);
        for (Cpu c : cpus) {
            if (!whole && !usedSlurm.get(c.slurm()) && !settings.reservedCpus().contains(c.os())) {
                freeCpus.add(c.os());
            }
        }
        if (!whole) {
            state.freeGpus(host).forEach(freeGpus::add);
            List<String> usedNics = new ArrayList<>();
            if (h < 0 || !state.usage().idle(h)) { // an idle host: no running job lists its NICs
                for (String job : state.jobsOn(host)) { // only the jobs on this host can list its NICs
                    state.placement(job).flatMap(p -> p.on(host)).ifPresent(a -> usedNics.addAll(a.nicByGpu().values()));
                }
            }
            for (Device d : nics) {
                if (!usedNics.contains(d.id())) {
                    freeNics.add(d.index());
                }
            }
        }
        for (NumaNode nn : topology.numa()) {
            memAllocatable.put(nn.id(), nn.memoryMiB());
            memFree.put(nn.id(), nn.memoryMiB());
            memGroups.put(nn.id(), List.of(nn.id()));
        }
    }

    GpuBestEffort gpuPreference() {
        return gpuPreference;
    }

    /** The node's NUMA ids, sorted: from its NUMA list, else its cores and devices, else just 0. */
    static List<Integer> numaIds(NodeTopology t) {
        TreeSet<Integer> ids = new TreeSet<>();
        t.numa().forEach(n -> ids.add(n.id()));
        if (ids.isEmpty()) {
            t.coreList().forEach(c -> ids.add(c.numa()));
            t.gpus().forEach(g -> ids.addAll(g.numaNodes()));
            t.nics().forEach(x -> ids.addAll(x.numaNodes()));
        }
        if (ids.isEmpty()) {
            ids.add(0);
        }
        return List.copyOf(ids);
    }

    Cpu cpu(int os) {
        for (Cpu c : cpus) {
            if (c.os() == os) {
                return c;
            }
        }
        throw new IllegalArgumentException("no CPU " + os + " on " + host);
    }

    /** Slurm CPU ids of the given OS CPU ids. */
    CpuSet slurmIds(Iterable<Integer> osCpus) {
        List<Integer> out = new ArrayList<>();
        for (int os : osCpus) {
            out.add(cpu(os).slurm());
        }
        return CpuSet.of(out);
    }

    /** What a pod got here, in the placement's terms: GPU indices, Slurm CPU ids and each GPU's RDMA NIC. */
    HostAllocation allocation(List<Integer> gpuIdx, List<Integer> osCpus, List<Integer> nicIdx) {
        Map<Integer, String> nicByGpu = new LinkedHashMap<>();
        for (int g : gpuIdx) {
            Gpu gpu = topology.gpu(g).orElseThrow();
            Nic best = null;
            for (int ni : nicIdx) {
                Nic nic = topology.nics().get(ni);
                if (best == null || closeness(gpu, nic) < closeness(gpu, best)) {
                    best = nic;
                }
            }
            if (best != null) {
                nicByGpu.put(g, best.id());
            }
        }
        return new HostAllocation(host, gpuIdx, slurmIds(osCpus), nicByGpu);
    }

    /** 0 same PCIe switch, 1 same NUMA node, 2 elsewhere: how a GPU would rank an allocated NIC. */
    private static int closeness(Gpu g, Nic n) {
        if (g.pciParent() != null && g.pciParent().equals(n.pciParent())) {
            return 0;
        }
        return g.numaNodes().stream().anyMatch(n.numaNodes()::contains) ? 1 : 2;
    }
}
