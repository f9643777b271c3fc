package org.topoplanner.model.node;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.model.power.PowerKind;

/**
 * Everything inside one node: sockets, NUMA nodes, cores and threads, the PCIe tree, GPUs, NICs,
 * NVSwitches, and the path class of every device pair.
 *
 * <p>Counts are {@code null} when the source cannot know them ({@code nvidia-smi topo -m} knows
 * GPU affinity but not the core count); the lists are then empty. {@code links} holds one entry
 * per unordered pair of devices that the source (or the PCIe tree) classifies. Build one with
 * {@link NodeTopologyBuilder}.
 *
 * <p>{@code power} holds the figures a node template gives for the whole machine (its vendor's maximum,
 * typical draw or an estimate, each with its source); it is empty when nobody said, which is the case for
 * every node read from a cluster's own files.
 */
public record NodeTopology(String model, Integer sockets, Integer numaNodes, Integer cores, Integer threads,
                           List<Core> coreList, List<NumaNode> numa, List<PciNode> pci, List<Gpu> gpus,
                           List<Nic> nics, List<NvSwitch> nvSwitches, List<DeviceLink> links,
                           List<PowerFigure> power) {

    public NodeTopology {
        power = List.copyOf(power);
        coreList = List.copyOf(coreList);
        numa = List.copyOf(numa);
        pci = List.copyOf(pci);
        gpus = List.copyOf(gpus);
        nics = List.copyOf(nics);
        nvSwitches = List.copyOf(nvSwitches);
        links = List.copyOf(links);
    }

    /** A node without power figures: what every source but a node template describes. */
    public NodeTopology(String model, Integer sockets, Integer numaNodes, Integer cores, Integer threads,
                        List<Core> coreList, List<NumaNode> numa, List<PciNode> pci, List<Gpu> gpus,
                        List<Nic> nics, List<NvSwitch> nvSwitches, List<DeviceLink> links) {
        this(model, sockets, numaNodes, cores, threads, coreList, numa, pci, gpus, nics, nvSwitches, links, List.of());
    }

    /** The same node with other power figures. */
    public NodeTopology withPower(List<PowerFigure> figures) {
        return new NodeTopology(model, sockets, numaNodes, cores, threads, coreList, numa, pci, gpus, nics, nvSwitches,
                links, figures);
    }

    /** The figure of one kind, when the template gives it. */
    public Optional<PowerFigure> power(PowerKind kind) {
        return power.stream().filter(p -> p.kind() == kind).findFirst();
    }

    /** A node the sources say nothing about (a node line without gres.conf or topology). */
    public static NodeTopology unknown() {
        return new NodeTopology(null, null, null, null, null, List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of());
    }

    public Optional<Gpu> gpu(int index) {
        return gpus.stream().filter(g -> g.index() == index).findFirst();
    }

    public Optional<Gpu> gpu(String id) {
        return gpus.stream().filter(g -> g.id().equals(id)).findFirst();
    }

    public Optional<Nic> nic(String id) {
        return nics.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    /** The classified path between two devices, if the source says. */
    public Optional<DeviceLink> link(String a, String b) {
        for (DeviceLink l : links) {
            if (l.joins(a, b)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /** NVLink lanes between two devices; 0 when they are not NVLinked. */
    public int nvlinkLanes(String a, String b) {
        return link(a, b).filter(l -> l.kind() == LinkKind.NV).map(DeviceLink::count).orElse(0);
    }

    /** Threads per core, when cores are listed. */
    public int threadsPerCore() {
        return coreList.isEmpty() ? 1 : coreList.get(0).pus().size();
    }

    /**
     * Slurm's CPU id layout as this node's own description gives it: sockets, cores per socket and
     * threads from the core list, else from the counts, else one CPU. (A host's {@code slurm.conf} node
     * line, when it has one, decides instead: the allocator's {@code ClusterIndex} chooses.)
     */
    public SlurmCpuIds slurmCpuIds() {
        if (!coreList.isEmpty()) {
            int socketCount = (int) coreList.stream().mapToInt(Core::socket).distinct().count();
            return new SlurmCpuIds(socketCount, coreList.size() / socketCount, threadsPerCore());
        }
        if (sockets != null && cores != null && sockets > 0 && cores > 0) {
            int perCore = threads == null ? 1 : Math.max(1, threads / cores);
            return new SlurmCpuIds(sockets, Math.max(1, cores / sockets), perCore);
        }
        return new SlurmCpuIds(1, 1, 1);
    }

    /**
     * The OS CPU ids of each core's threads, cores in the order of their ids: Slurm's core numbering,
     * which {@link SlurmCpuIds#osCpus} translates with.
     */
    public List<CpuSet> threadsOfCores() {
        return coreList.stream().sorted(java.util.Comparator.comparingInt(Core::id)).map(Core::pus).toList();
    }

    /** The cores of one socket, in core order. */
    public List<Core> coresOfSocket(int socket) {
        return coreList.stream().filter(c -> c.socket() == socket).toList();
    }

    /** The cores of one NUMA node, in core order. */
    public List<Core> coresOfNuma(int numaNode) {
        return coreList.stream().filter(c -> c.numa() == numaNode).toList();
    }

    /** The socket that holds a NUMA node, or -1 when unknown. */
    public int socketOfNuma(int numaNode) {
        return numa.stream().filter(n -> n.id() == numaNode).mapToInt(NumaNode::socket).findFirst().orElse(-1);
    }

    /** All OS CPU ids of the node. */
    public CpuSet allCpus() {
        return coreList.stream().map(Core::pus).reduce(CpuSet.empty(), CpuSet::union);
    }

    /** Device ids (GPUs then NICs) in matrix order. */
    public List<String> deviceIds() {
        return java.util.stream.Stream.concat(gpus.stream().map(Gpu::id), nics.stream().map(Nic::id))
                .collect(Collectors.toList());
    }
}
