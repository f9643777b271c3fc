package org.topoplanner.app.desktop.node.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.topoplanner.app.desktop.node.layout.LayoutBox.Arrangement;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;

/** One run of the node layout: build the box tree, measure, place, then route NVLink. */
final class NodeLayoutComputation {
    static final double CORE_W = 44;
    static final double CORE_H = 28;
    static final double RANGE_W = 150;
    static final double GPU_W = 124;
    static final double GPU_H = 46;
    static final double NIC_W = 124;
    static final double NIC_H = 40;
    static final double MARGIN = 12;

    private final NodeTopology t;
    private final boolean fold;
    private final IntFunction<String> coreJob;
    private final Map<String, PciNode> pci = new LinkedHashMap<>();

    NodeLayoutComputation(NodeTopology topology, boolean fold, IntFunction<String> coreJob) {
        this.t = topology;
        this.fold = fold;
        this.coreJob = coreJob;
        topology.pci().forEach(p -> pci.put(p.id(), p));
    }

    NodeLayout run() {
        LayoutBox machine = new LayoutBox(NodeBox.Kind.MACHINE, "machine", machineTitle(), machineSubtitle(), true)
                .arranged(Arrangement.STACK);
        LayoutBox top = LayoutBox.group(Arrangement.ROW);
        machine.children.add(top);
        Map<Integer, LayoutBox> numaBoxes = numaBoxes();
        Map<Integer, List<Integer>> bySocket = socketsOfNuma(numaBoxes.keySet());
        List<LayoutBox> packages = new ArrayList<>();
        if (bySocket.isEmpty()) {
            top.children.addAll(numaBoxes.values());
        } else {
            for (Map.Entry<Integer, List<Integer>> e : bySocket.entrySet()) {
                packages.add(packageBox(e.getKey(), e.getValue(), numaBoxes));
            }
            if (packages.size() > 2) {
                top.arrangement = Arrangement.GRID;
                top.columns = 2;
            }
            top.children.addAll(packages);
        }
        LayoutBox loose = looseDevices(numaBoxes.keySet());
        if (!loose.children.isEmpty()) {
            top.children.add(loose);
        }
        if (numaBoxes.isEmpty() && bySocket.isEmpty() && loose.children.isEmpty()) {
            machine.children.add(LayoutBox.fixed(NodeBox.Kind.IO_GROUP, "unknown", "Nothing known about this node",
                    "no topology source describes it", 260, 40));
        }
        machine.measure();
        machine.arrange(MARGIN, MARGIN);
        NvlinkRouting.Result routed = new NvlinkRouting(t).route(machine.freeze().get(0));
        NodeBox frozen = routed.machine();
        return new NodeLayout(frozen, routed.drawing(), frozen.w() + 2 * MARGIN, frozen.h() + 2 * MARGIN, fold);
    }

    private String machineTitle() {
        return "Machine" + (t.model() == null ? "" : " \u00b7 " + t.model());
    }

    private String machineSubtitle() {
        List<String> parts = new ArrayList<>();
        if (t.sockets() != null && t.cores() != null) {
            parts.add(t.sockets() + " \u00d7 " + (t.cores() / Math.max(1, t.sockets())) + " cores");
        }
        if (t.threads() != null) {
            parts.add(t.threads() + " PUs");
        }
        long mem = t.numa().stream().mapToLong(NumaNode::memoryMiB).sum();
        if (mem > 0) {
            parts.add(memory(mem));
        }
        if (!t.gpus().isEmpty()) {
            parts.add(t.gpus().size() + " GPUs");
        }
        if (!t.nics().isEmpty()) {
            parts.add(t.nics().size() + " NICs");
        }
        return String.join(" \u00b7 ", parts);
    }

    /** NUMA node id to its box (cores, then its I/O), for every NUMA node the sources mention. */
    private Map<Integer, LayoutBox> numaBoxes() {
        TreeSet<Integer> ids = new TreeSet<>();
        t.numa().forEach(n -> ids.add(n.id()));
        t.coreList().forEach(c -> ids.add(c.numa()));
        t.gpus().forEach(g -> {
            if (g.numa() >= 0) {
                ids.add(g.numa());
            }
        });
        t.nics().forEach(n -> {
            if (n.numa() >= 0) {
                ids.add(n.numa());
            }
        });
        Map<Integer, LayoutBox> out = new LinkedHashMap<>();
        for (int id : ids) {
            NumaNode n = t.numa().stream().filter(x -> x.id() == id).findFirst().orElse(null);
            String sub = n == null ? "" : (n.memoryMiB() > 0 ? memory(n.memoryMiB()) + " \u00b7 " : "") + "PU " + n.cpus();
            LayoutBox box = new LayoutBox(NodeBox.Kind.NUMA, "numa" + id, "NUMA node " + id, sub, true)
                    .arranged(Arrangement.STACK);
            LayoutBox io = ioOf(id);
            List<Core> cores = t.coresOfNuma(id);
            if (!cores.isEmpty()) {
                box.children.add(fold ? coreRanges(cores) : coreGrid(cores, io));
            }
            if (!io.children.isEmpty()) {
                box.children.add(io);
            }
            out.put(id, box);
        }
        return out;
    }

    private LayoutBox coreGrid(List<Core> cores, LayoutBox io) {
        LayoutBox grid = LayoutBox.group(Arrangement.GRID);
        io.measure();
        double target = Math.max(io.w, 6 * (CORE_W + LayoutBox.GAP));
        grid.columns = (int) Math.max(4, Math.min(cores.size(), Math.floor((target + LayoutBox.GAP) / (CORE_W + LayoutBox.GAP))));
        for (Core c : cores) {
            LayoutBox b = LayoutBox.fixed(NodeBox.Kind.CORE, "core" + c.id(), "Core " + c.id(), pus(c.pus()), CORE_W, CORE_H);
            b.cores = List.of(c.id());
            grid.children.add(b);
        }
        return grid;
    }

    /** Runs of consecutive cores held by the same job (or free), one box each. */
    private LayoutBox coreRanges(List<Core> cores) {
        LayoutBox col = LayoutBox.group(Arrangement.GRID);
        col.columns = 2;
        int i = 0;
        while (i < cores.size()) {
            String job = coreJob.apply(cores.get(i).id());
            int j = i + 1;
            while (j < cores.size() && Objects.equals(coreJob.apply(cores.get(j).id()), job)
                    && cores.get(j).id() == cores.get(j - 1).id() + 1) {
                j++;
            }
            List<Core> run = cores.subList(i, j);
            List<Integer> ids = run.stream().map(Core::id).toList();
            CpuSet pus = run.stream().map(Core::pus).reduce(CpuSet.empty(), CpuSet::union);
            int first = ids.get(0);
            int last = ids.get(ids.size() - 1);
            String title = run.size() == 1 ? "Core " + first : run.size() + " cores  " + first + "\u2013" + last;
            LayoutBox b = LayoutBox.fixed(NodeBox.Kind.CORE_RANGE, "cores" + first + "-" + last, title, "PU " + pus,
                    RANGE_W, CORE_H + 4);
            b.cores = ids;
            col.children.add(b);
            i = j;
        }
        return col;
    }

    /** The PCIe trees hanging off a NUMA node, plus its devices whose PCIe parent is unknown. */
    private LayoutBox ioOf(int numa) {
        LayoutBox row = LayoutBox.group(Arrangement.IO);
        for (PciNode p : pci.values()) {
            if (p.kind() == PciKind.HOST_BRIDGE && p.numa() == numa) {
                LayoutBox tree = pciBox(p);
                if (tree != null) {
                    row.children.add(tree);
                }
            }
        }
        for (Gpu g : t.gpus()) {
            if (!knownParent(g.pciParent()) && g.numa() == numa) {
                row.children.add(gpuBox(g));
            }
        }
        for (Nic n : t.nics()) {
            if (!knownParent(n.pciParent()) && n.numa() == numa) {
                row.children.add(nicBox(n));
            }
        }
        return row;
    }

    /** A host bridge or switch with what hangs below it; {@code null} when no device does (lstopo hides those too). */
    private LayoutBox pciBox(PciNode p) {
        boolean bridge = p.kind() == PciKind.HOST_BRIDGE;
        LayoutBox box = new LayoutBox(bridge ? NodeBox.Kind.HOST_BRIDGE : NodeBox.Kind.PCI_SWITCH, p.id(),
                p.id(), bridge ? "host bridge" : "PCIe switch", true).arranged(Arrangement.IO);
        for (PciNode c : pci.values()) {
            if (p.id().equals(c.parent())) {
                LayoutBox child = pciBox(c);
                if (child != null) {
                    box.children.add(child);
                }
            }
        }
        for (Nic n : t.nics()) {
            if (p.id().equals(n.pciParent())) {
                box.children.add(nicBox(n));
            }
        }
        for (Gpu g : t.gpus()) {
            if (p.id().equals(g.pciParent())) {
                box.children.add(gpuBox(g));
            }
        }
        return box.children.isEmpty() ? null : box;
    }

    private boolean knownParent(String parent) {
        if (parent == null || !pci.containsKey(parent)) {
            return false;
        }
        PciNode p = pci.get(parent);
        int guard = 0;
        while (p.parent() != null && guard++ < pci.size()) {
            p = pci.get(p.parent());
            if (p == null) {
                return false;
            }
        }
        return p.kind() == PciKind.HOST_BRIDGE;
    }

    private LayoutBox gpuBox(Gpu g) {
        String model = g.model() == null ? "" : g.model().replaceFirst("^NVIDIA ", "");
        LayoutBox b = LayoutBox.fixed(NodeBox.Kind.GPU, g.id(), "GPU" + g.index(), model, GPU_W, GPU_H);
        b.gpu = g.index();
        return b;
    }

    private LayoutBox nicBox(Nic n) {
        String title = n.id() + (n.device() == null ? "" : " \u00b7 " + n.device());
        return LayoutBox.fixed(NodeBox.Kind.NIC, n.id(), title, n.netdev() == null ? "" : n.netdev(), NIC_W, NIC_H);
    }

    /** Devices whose locality no source states, in a box of their own beside the packages. */
    private LayoutBox looseDevices(java.util.Set<Integer> numaIds) {
        LayoutBox box = new LayoutBox(NodeBox.Kind.IO_GROUP, "io-unknown", "I/O", "locality unknown", true)
                .arranged(Arrangement.IO);
        for (PciNode p : pci.values()) {
            if (p.kind() == PciKind.HOST_BRIDGE && !numaIds.contains(p.numa())) {
                LayoutBox tree = pciBox(p);
                if (tree != null) {
                    box.children.add(tree);
                }
            }
        }
        for (Gpu g : t.gpus()) {
            if (!knownParent(g.pciParent()) && !numaIds.contains(g.numa())) {
                box.children.add(gpuBox(g));
            }
        }
        for (Nic n : t.nics()) {
            if (!knownParent(n.pciParent()) && !numaIds.contains(n.numa())) {
                box.children.add(nicBox(n));
            }
        }
        return box;
    }

    /** Socket to its NUMA node ids, from the NUMA list or the cores; empty when no source says. */
    private Map<Integer, List<Integer>> socketsOfNuma(java.util.Set<Integer> numaIds) {
        Map<Integer, List<Integer>> out = new TreeMap<>();
        for (int id : numaIds) {
            int socket = t.socketOfNuma(id);
            if (socket < 0) {
                socket = t.coresOfNuma(id).stream().mapToInt(Core::socket).findFirst().orElse(-1);
            }
            if (socket >= 0) {
                out.computeIfAbsent(socket, s -> new ArrayList<>()).add(id);
            }
        }
        if (!out.isEmpty() && out.values().stream().mapToInt(List::size).sum() < numaIds.size()) {
            // Some NUMA nodes have no socket: keep them visible in a package of their own.
            List<Integer> rest = numaIds.stream().filter(id -> out.values().stream().noneMatch(l -> l.contains(id))).toList();
            out.put(-1, new ArrayList<>(rest));
        }
        return out;
    }

    private LayoutBox packageBox(int socket, List<Integer> numaIds, Map<Integer, LayoutBox> numaBoxes) {
        int cores = (int) t.coreList().stream().filter(c -> c.socket() == socket).count();
        int pus = t.coreList().stream().filter(c -> c.socket() == socket).mapToInt(c -> c.pus().size()).sum();
        String sub = cores == 0 ? "" : cores + " cores \u00b7 " + pus + " PUs";
        LayoutBox box = new LayoutBox(NodeBox.Kind.PACKAGE, "package" + socket,
                socket < 0 ? "Package ?" : "Package " + socket, sub, true).arranged(Arrangement.GRID);
        // NUMA nodes with GPUs go last, so they land on the bottom row, above the NVLink area.
        List<LayoutBox> plain = new ArrayList<>();
        List<LayoutBox> withGpus = new ArrayList<>();
        for (int id : numaIds) {
            LayoutBox n = numaBoxes.get(id);
            (n.holdsGpu() ? withGpus : plain).add(n);
        }
        box.columns = numaIds.size() <= 2 ? numaIds.size() : (numaIds.size() + 1) / 2;
        box.children.addAll(plain);
        box.children.addAll(withGpus);
        return box;
    }

    static String pus(CpuSet pus) {
        return pus.toString().replace(",", ", ");
    }

    static String memory(long mib) {
        if (mib >= 1024 * 1024) {
            return trim(mib / (1024.0 * 1024)) + " TiB";
        }
        return mib >= 1024 ? trim(mib / 1024.0) + " GiB" : mib + " MiB";
    }

    private static String trim(double v) {
        return Math.abs(v - Math.rint(v)) < 0.05 ? String.valueOf(Math.round(v)) : String.format(Locale.ROOT, "%.1f", v);
    }
}
