package org.topoplanner.model.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cpu.CpuSet;

/**
 * Builds a {@link NodeTopology}. Links set explicitly (from a topo matrix or NVLink list) win;
 * every other device pair is classified from the PCIe tree by {@link PcieLinkClassifier}.
 */
public final class NodeTopologyBuilder {
    private String model;
    private Integer sockets;
    private Integer numaNodes;
    private Integer cores;
    private Integer threads;
    private final List<Core> coreList = new ArrayList<>();
    private final List<NumaNode> numa = new ArrayList<>();
    private final List<PciNode> pci = new ArrayList<>();
    private final List<Gpu> gpus = new ArrayList<>();
    private final List<Nic> nics = new ArrayList<>();
    private final List<NvSwitch> nvSwitches = new ArrayList<>();
    private final List<DeviceLink> links = new ArrayList<>();
    private boolean derivePcie = true;

    public NodeTopologyBuilder model(String m) {
        this.model = m;
        return this;
    }

    /** Sets counts that the source states without listing the cores (Slurm node lines). */
    public NodeTopologyBuilder counts(Integer sockets, Integer numaNodes, Integer cores, Integer threads) {
        this.sockets = sockets;
        this.numaNodes = numaNodes;
        this.cores = cores;
        this.threads = threads;
        return this;
    }

    /**
     * Lays out cores the way Linux numbers them on x86 servers: cores socket by socket, NUMA nodes
     * splitting each socket evenly, and the second hardware thread of core {@code c} numbered
     * {@code c + totalCores}.
     */
    public NodeTopologyBuilder cpuLayout(int socketCount, int numaPerSocket, int coresPerSocket, int threadsPerCore,
                                        long memoryMiBPerNuma) {
        int total = socketCount * coresPerSocket;
        int coresPerNuma = coresPerSocket / numaPerSocket;
        coreList.clear();
        numa.clear();
        for (int s = 0; s < socketCount; s++) {
            for (int n = 0; n < numaPerSocket; n++) {
                int numaId = s * numaPerSocket + n;
                List<Integer> pus = new ArrayList<>();
                for (int k = 0; k < coresPerNuma; k++) {
                    int coreId = s * coresPerSocket + n * coresPerNuma + k;
                    List<Integer> threadsOfCore = new ArrayList<>();
                    for (int t = 0; t < threadsPerCore; t++) {
                        threadsOfCore.add(coreId + t * total);
                    }
                    coreList.add(new Core(coreId, s, numaId, CpuSet.of(threadsOfCore)));
                    pus.addAll(threadsOfCore);
                }
                numa.add(new NumaNode(numaId, s, CpuSet.of(pus), memoryMiBPerNuma));
            }
        }
        return counts(socketCount, socketCount * numaPerSocket, total, total * threadsPerCore);
    }

    public NodeTopologyBuilder core(Core c) {
        coreList.add(c);
        return this;
    }

    public NodeTopologyBuilder numaNode(NumaNode n) {
        numa.add(n);
        return this;
    }

    public NodeTopologyBuilder pci(PciNode p) {
        pci.add(p);
        return this;
    }

    public NodeTopologyBuilder gpu(Gpu g) {
        gpus.add(g);
        return this;
    }

    public NodeTopologyBuilder nic(Nic n) {
        nics.add(n);
        return this;
    }

    public NodeTopologyBuilder nvSwitch(NvSwitch s) {
        nvSwitches.add(s);
        return this;
    }

    /** Sets the class of one pair, replacing an earlier one for the same pair. */
    public NodeTopologyBuilder link(DeviceLink l) {
        links.removeIf(x -> x.joins(l.a(), l.b()));
        links.add(l);
        return this;
    }

    public NodeTopologyBuilder nvlink(String a, String b, int lanes) {
        return link(DeviceLink.nvlink(a, b, lanes));
    }

    /** Keeps only the links given (a matrix source says every pair itself). */
    public NodeTopologyBuilder derivePcieLinks(boolean derive) {
        this.derivePcie = derive;
        return this;
    }

    public NodeTopology build() {
        List<DeviceLink> all = new ArrayList<>(links);
        if (derivePcie) {
            PcieLinkClassifier classifier = new PcieLinkClassifier(pci);
            List<Device> devices = new ArrayList<>();
            gpus.forEach(g -> devices.add(new Device(g.id(), g.pciParent(), g.numa())));
            nics.forEach(n -> devices.add(new Device(n.id(), n.pciParent(), n.numa())));
            for (int i = 0; i < devices.size(); i++) {
                for (int j = i + 1; j < devices.size(); j++) {
                    Device a = devices.get(i);
                    Device b = devices.get(j);
                    if (all.stream().anyMatch(l -> l.joins(a.id, b.id))) {
                        continue;
                    }
                    Optional<LinkKind> kind = classifier.classify(a.parent, a.numa, b.parent, b.numa);
                    kind.ifPresent(k -> all.add(DeviceLink.pcie(a.id, b.id, k)));
                }
            }
        }
        Integer s = sockets;
        Integer n = numaNodes;
        Integer c = cores;
        Integer t = threads;
        if (!coreList.isEmpty()) {
            s = (int) coreList.stream().mapToInt(Core::socket).distinct().count();
            n = (int) coreList.stream().mapToInt(Core::numa).distinct().count();
            c = coreList.size();
            t = coreList.stream().mapToInt(x -> x.pus().size()).sum();
        }
        return new NodeTopology(model, s, n, c, t, coreList, numa, pci, gpus, nics, nvSwitches, all);
    }

    private record Device(String id, String parent, int numa) {
    }
}
