package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.GpuTypeMatch;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * The inside of a node reduced to what placement compares, with GPUs numbered by position
 * ({@code 0..gpus()-1}, ascending GPU index) and cores in Slurm's numbering ({@link SlurmCpuIds}):
 * each GPU's NUMA node, PCIe switch, affine cores, NVLink lanes to every other GPU and path class
 * to every NIC; each core's NUMA node and socket. Hosts built from one {@link NodeTopology}
 * instance share one shape, and with it a memo of the placement choices made on it
 * ({@link #memo()}).
 *
 * <p>Unknowns stay unknown rather than guessed: a GPU whose NUMA node or PCIe switch is not known
 * gets -1, and a NIC path that no source classifies ranks below every known class.
 */
public final class NodeShape {
    /** NIC path ranks, best first: same PCIe switch, PCIe switches, host bridge, NUMA node, across sockets, unknown. */
    public static final int NIC_PIX = 1;
    public static final int NIC_UNKNOWN = 6;

    private final int[] gpuIndex;
    private final String[] gpuModel;
    private final int[] gpuNuma;
    private final int[] gpuPci;
    private final BitSet[] gpuCores;
    private final int[][] lanes;
    private final String[] nicIds;
    private final int[][] nicRank;
    private final int[] coreNuma;
    private final int[] coreSocket;
    private final SlurmCpuIds ids;
    private int[] positionOf = new int[0];
    private final Map<Object, Object> memo = new ConcurrentHashMap<>();

    private NodeShape(int gpus, int nics, SlurmCpuIds ids) {
        gpuIndex = new int[gpus];
        gpuModel = new String[gpus];
        gpuNuma = new int[gpus];
        gpuPci = new int[gpus];
        gpuCores = new BitSet[gpus];
        lanes = new int[gpus][gpus];
        nicIds = new String[nics];
        nicRank = new int[gpus][nics];
        coreNuma = new int[ids.cores()];
        coreSocket = new int[ids.cores()];
        this.ids = ids;
    }

    /**
     * The shape of {@code topo} with the CPU layout {@code ids}; {@code gresGpus > 0} stands for a node
     * whose topology lists no GPUs but whose {@code gres.conf} gives that many (locality unknown).
     */
    static NodeShape of(NodeTopology topo, SlurmCpuIds ids, int gresGpus) {
        List<Gpu> gpus = topo.gpus().stream().sorted(Comparator.comparingInt(Gpu::index)).toList();
        int g = gpus.isEmpty() ? gresGpus : gpus.size();
        NodeShape s = new NodeShape(g, topo.nics().size(), ids);
        List<Core> cores = topo.coreList();
        for (int c = 0; c < ids.cores(); c++) {
            s.coreSocket[c] = ids.socketOfCore(c);
            // one NUMA node per socket when the source lists no cores
            s.coreNuma[c] = c < cores.size() ? cores.get(c).numa() : s.coreSocket[c];
        }
        Map<String, Integer> pciIds = new HashMap<>();
        for (int i = 0; i < g; i++) {
            Gpu gpu = i < gpus.size() ? gpus.get(i) : null;
            s.gpuIndex[i] = gpu == null ? i : gpu.index();
            s.gpuModel[i] = gpu == null ? null : gpu.model();
            s.gpuPci[i] = gpu == null || gpu.pciParent() == null ? -1
                    : pciIds.computeIfAbsent(gpu.pciParent(), k -> pciIds.size());
            s.gpuCores[i] = gpu == null ? allCores(ids) : affineCores(gpu, topo, s, ids);
            int numa = gpu == null ? -1 : gpu.numa();
            if (numa < 0 && gpu != null && !gpu.cpus().isEmpty() && !s.gpuCores[i].isEmpty()) {
                numa = s.coreNuma[s.gpuCores[i].nextSetBit(0)];
            }
            s.gpuNuma[i] = numa;
        }
        int maxIndex = -1;
        for (int i = 0; i < g; i++) {
            maxIndex = Math.max(maxIndex, s.gpuIndex[i]);
        }
        s.positionOf = new int[Math.max(0, Math.min(maxIndex + 1, 4096))];
        Arrays.fill(s.positionOf, -1);
        for (int i = 0; i < g; i++) {
            if (s.gpuIndex[i] >= 0 && s.gpuIndex[i] < s.positionOf.length) {
                s.positionOf[s.gpuIndex[i]] = i;
            }
        }
        for (int i = 0; i < gpus.size(); i++) {
            for (int j = 0; j < gpus.size(); j++) {
                s.lanes[i][j] = i == j ? 0 : topo.nvlinkLanes(gpus.get(i).id(), gpus.get(j).id());
            }
        }
        for (int n = 0; n < topo.nics().size(); n++) {
            Nic nic = topo.nics().get(n);
            s.nicIds[n] = nic.id();
            for (int i = 0; i < g; i++) {
                s.nicRank[i][n] = i < gpus.size() ? nicRank(topo, gpus.get(i), nic) : NIC_UNKNOWN;
            }
        }
        return s;
    }

    private static BitSet allCores(SlurmCpuIds ids) {
        BitSet b = new BitSet();
        b.set(0, ids.cores());
        return b;
    }

    /** The cores a GPU is affine to: its CPU list, else its NUMA node's cores, else every core. */
    private static BitSet affineCores(Gpu gpu, NodeTopology topo, NodeShape s, SlurmCpuIds ids) {
        BitSet b = new BitSet();
        List<Core> cores = topo.coreList();
        if (!gpu.cpus().isEmpty()) {
            if (!cores.isEmpty()) {
                for (int c = 0; c < Math.min(cores.size(), ids.cores()); c++) {
                    if (!cores.get(c).pus().intersection(gpu.cpus()).isEmpty()) {
                        b.set(c);
                    }
                }
            } else {
                // without a core list the CPU ids are Slurm core ids (gres.conf Cores=)
                gpu.cpus().stream().filter(c -> c < ids.cores()).forEach(b::set);
            }
        }
        if (b.isEmpty() && gpu.numa() >= 0) {
            for (int c = 0; c < ids.cores(); c++) {
                if (s.coreNuma[c] == gpu.numa()) {
                    b.set(c);
                }
            }
        }
        return b.isEmpty() ? allCores(ids) : b;
    }

    private static int nicRank(NodeTopology topo, Gpu gpu, Nic nic) {
        var link = topo.link(gpu.id(), nic.id()).map(DeviceLink::kind);
        if (link.isPresent() && link.get() != LinkKind.NV) {
            return link.get().ordinal(); // PIX=1 ... SYS=5
        }
        if (gpu.pciParent() != null && gpu.pciParent().equals(nic.pciParent())) {
            return LinkKind.PIX.ordinal();
        }
        if (gpu.numa() >= 0 && gpu.numa() == nic.numa()) {
            return LinkKind.NODE.ordinal();
        }
        if (gpu.numa() >= 0 && nic.numa() >= 0) {
            return LinkKind.SYS.ordinal();
        }
        return NIC_UNKNOWN;
    }

    /** Every GPU position of the node as a bit mask (the masks of {@code StateUsage}: 64 positions at most). */
    public long gpuPositions() {
        return gpus() >= 64 ? -1L : (1L << gpus()) - 1;
    }

    public int gpus() {
        return gpuIndex.length;
    }

    /** The GPU index (GRES index) of position {@code g}. */
    public int gpuIndex(int g) {
        return gpuIndex[g];
    }

    /** The position of GPU index {@code index}, or -1. */
    public int position(int index) {
        if (index >= 0 && index < positionOf.length) {
            return positionOf[index];
        }
        return -1;
    }

    /** True when GPU {@code g} answers a typed request: by {@link GpuTypeMatch}, the model or a run of its words. */
    public boolean isType(int g, String type) {
        return type == null || GpuTypeMatch.answers(gpuModel[g], type);
    }

    public int numa(int g) {
        return gpuNuma[g];
    }

    /** A number for GPU {@code g}'s PCIe switch or host bridge, equal for GPUs under the same one; -1 when unknown. */
    public int pciSwitch(int g) {
        return gpuPci[g];
    }

    public int lanes(int a, int b) {
        return lanes[a][b];
    }

    /** Cores (Slurm numbering) GPU {@code g} is affine to. Do not modify. */
    public BitSet affineCores(int g) {
        return gpuCores[g];
    }

    public int nics() {
        return nicIds.length;
    }

    public String nicId(int n) {
        return nicIds[n];
    }

    /** Path class from GPU {@code g} to NIC {@code n}: {@link #NIC_PIX} (best) to {@link #NIC_UNKNOWN}. */
    public int nicRank(int g, int n) {
        return nicRank[g][n];
    }

    public int cores() {
        return coreNuma.length;
    }

    public int coreNuma(int c) {
        return coreNuma[c];
    }

    public int coreSocket(int c) {
        return coreSocket[c];
    }

    public SlurmCpuIds cpuIds() {
        return ids;
    }

    /** Results of pure functions of this shape (exact GPU subset choices), kept for the next suggestion. */
    public Map<Object, Object> memo() {
        if (memo.size() > 20_000) {
            memo.clear(); // bounded: states and requests vary without end during a long session
        }
        return memo;
    }

    /** GPU positions as a list of GPU indices. */
    public List<Integer> indices(long mask) {
        List<Integer> out = new ArrayList<>();
        for (int g = 0; g < gpuIndex.length; g++) {
            if ((mask & (1L << g)) != 0) {
                out.add(gpuIndex[g]);
            }
        }
        return out;
    }
}
