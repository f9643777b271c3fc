package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.topoplanner.importers.Format;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.node.NumaNode;

/**
 * Combines what several sources say about one host's inside.
 *
 * <p>The richest source (hwloc, then {@code nvidia-smi topo}, then Slurm's files; the earlier one
 * on a tie) gives the devices: GPUs, NICs, NVSwitches, the PCIe tree and the link classes. The
 * richest source that lists cores gives the CPU layout, so {@code nvidia-smi} link classes and a
 * {@code slurm.conf} core layout combine. When the device source places GPUs on NUMA nodes that a
 * Slurm layout (one NUMA node per socket) does not have, the layout is split into that many NUMA
 * nodes per socket, as Linux numbers them (AMD NPS4: four per socket). GPU models, affinities and
 * NVLinks missing from the device source are filled from the others. Every difference in counts
 * and NVLink lanes is a warning naming both sources.
 *
 * <p>A person may prefer another source ({@link NodeInsideConflict}): it then ranks first, so it
 * gives the devices and, when it lists cores, the CPU layout, and the warnings compare against it.
 */
final class NodeInsideMerger {
    /** One source's view of the host. */
    record Candidate(NodeTopology node, Format format, String path, boolean template) {
    }

    /**
     * The host's inside, and whether its sources disagree on it.
     *
     * @param devicesFrom the path of the source that gave the devices
     */
    record Merged(NodeTopology node, boolean disagreed, String devicesFrom) {
    }

    private NodeInsideMerger() {
    }

    /** The candidates richest first (the earlier one on a tie): the default order of preference. */
    static List<Candidate> ranked(List<Candidate> candidates) {
        List<Candidate> ranked = new ArrayList<>(candidates);
        ranked.sort(Comparator.comparingInt((Candidate c) -> -SourceRank.inside(c.format())));
        return ranked;
    }

    /**
     * @param preferred the path of the source a person chose, or null for the rank order; a path that
     *                  is not a candidate, or that is the rank order's device source already, changes
     *                  nothing
     */
    static Merged merge(String host, List<Candidate> candidates, String preferred, List<Diagnostic> out) {
        if (candidates.isEmpty()) {
            return new Merged(NodeTopology.unknown(), false, null);
        }
        List<Candidate> ranked = ranked(candidates);
        if (preferred != null && !preferred.equals(devicesOf(ranked).path())) {
            ranked.stream().filter(c -> c.path().equals(preferred)).findFirst().ifPresent(c -> {
                ranked.remove(c);
                ranked.add(0, c);
            });
        }
        Candidate devices = devicesOf(ranked);
        Candidate cpus = ranked.stream().filter(c -> !c.node().coreList().isEmpty()).findFirst()
                .orElse(ranked.stream().filter(c -> c.node().cores() != null).findFirst().orElse(devices));
        boolean disagreed = false;
        if (candidates.size() > 1) {
            int before = out.size();
            compareCounts(host, cpus, ranked, out);
            compareGpus(host, devices, ranked, out);
            disagreed = out.size() > before;
        }
        return new Merged(combine(host, ranked, devices, cpus, out), disagreed, devices.path());
    }

    static Candidate devicesOf(List<Candidate> ranked) {
        return ranked.stream().filter(c -> !c.node().gpus().isEmpty() || !c.node().nics().isEmpty())
                .findFirst().orElse(ranked.get(0));
    }

    private static NodeTopology combine(String host, List<Candidate> ranked, Candidate devices, Candidate cpus,
                                        List<Diagnostic> out) {
        NodeTopology layout = relayoutForNuma(host, cpus, devices, out);
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false);
        b.model(ranked.stream().map(c -> c.node().model()).filter(Objects::nonNull).findFirst().orElse(null));
        b.counts(layout.sockets(), layout.numaNodes(), layout.cores(), layout.threads());
        layout.coreList().forEach(b::core);
        layout.numa().forEach(b::numaNode);
        NodeTopology d = devices.node();
        d.pci().forEach(b::pci);
        for (Gpu g : d.gpus()) {
            b.gpu(filled(g, ranked, devices));
        }
        d.nics().forEach(b::nic);
        d.nvSwitches().forEach(b::nvSwitch);
        d.links().forEach(b::link);
        for (Candidate c : ranked) {
            for (DeviceLink l : c.node().links()) {
                if (l.kind() == LinkKind.NV && d.link(l.a(), l.b()).isEmpty() && d.gpu(l.a()).isPresent()
                        && d.gpu(l.b()).isPresent()) {
                    b.link(l);
                }
            }
        }
        return b.build();
    }

    private static Gpu filled(Gpu g, List<Candidate> ranked, Candidate devices) {
        String model = g.model();
        List<Integer> numa = g.numaNodes();
        var cpus = g.cpus();
        for (Candidate c : ranked) {
            if (c == devices) {
                continue;
            }
            Gpu o = c.node().gpu(g.index()).orElse(null);
            if (o == null) {
                continue;
            }
            model = model == null ? o.model() : model;
            if (numa.isEmpty() && cpus.isEmpty()) {
                numa = o.numaNodes();
                cpus = o.cpus();
            }
        }
        return new Gpu(g.id(), g.index(), model, numa, cpus, g.pciParent(), g.busId(), g.memoryNuma());
    }

    private static void compareCounts(String host, Candidate cpus, List<Candidate> ranked, List<Diagnostic> out) {
        NodeTopology ref = cpus.node();
        for (Candidate c : ranked) {
            if (c == cpus) {
                continue;
            }
            NodeTopology n = c.node();
            differs(host, "sockets", ref.sockets(), n.sockets(), cpus, c, out);
            differs(host, "cores", ref.cores(), n.cores(), cpus, c, out);
            differs(host, "hardware threads", ref.threads(), n.threads(), cpus, c, out);
            if (SourceRank.knowsNuma(cpus.format()) && SourceRank.knowsNuma(c.format())) {
                differs(host, "NUMA nodes", ref.numaNodes(), n.numaNodes(), cpus, c, out);
            }
        }
    }

    private static void differs(String host, String what, Integer a, Integer b, Candidate ca, Candidate cb,
                                List<Diagnostic> out) {
        if (a != null && b != null && !a.equals(b)) {
            out.add(Diagnostic.warning(cb.path(), 0, 0, host + ": " + b + " " + what + " here, " + a + " in "
                    + ca.path() + " (kept " + a + ")"));
        }
    }

    private static void compareGpus(String host, Candidate devices, List<Candidate> ranked, List<Diagnostic> out) {
        NodeTopology ref = devices.node();
        for (Candidate c : ranked) {
            if (c == devices || c.node().gpus().isEmpty()) {
                continue;
            }
            if (c.node().gpus().size() != ref.gpus().size()) {
                out.add(Diagnostic.warning(c.path(), 0, 0, host + ": " + c.node().gpus().size() + " GPUs here, "
                        + ref.gpus().size() + " in " + devices.path() + " (kept " + ref.gpus().size() + ")"));
            }
            List<String> lanes = new ArrayList<>();
            for (DeviceLink l : c.node().links()) {
                if (l.kind() != LinkKind.NV || ref.link(l.a(), l.b()).isEmpty()) {
                    continue;
                }
                int there = ref.nvlinkLanes(l.a(), l.b());
                if (there != l.count()) {
                    lanes.add(l.a() + "-" + l.b() + " " + l.token() + " here, " + ref.link(l.a(), l.b()).get().token()
                            + " there");
                }
            }
            if (!lanes.isEmpty()) {
                out.add(Diagnostic.warning(c.path(), 0, 0, host + ": NVLinks differ from " + devices.path() + ": "
                        + FabricMerger.list(lanes)));
            }
        }
    }

    /**
     * When the device source puts GPUs on NUMA nodes a Slurm layout lacks, splits each socket into as
     * many NUMA nodes as needed (Linux numbering); otherwise the layout as it is.
     */
    private static NodeTopology relayoutForNuma(String host, Candidate cpus, Candidate devices, List<Diagnostic> out) {
        NodeTopology layout = cpus.node();
        int maxNuma = devices.node().gpus().stream().flatMap(g -> g.numaNodes().stream()).mapToInt(i -> i).max()
                .orElse(-1);
        if (cpus == devices || SourceRank.knowsNuma(cpus.format()) || layout.coreList().isEmpty()) {
            return layout;
        }
        if (maxNuma < layout.numa().size()) {
            checkAffinity(host, layout, devices, out);
            return layout;
        }
        int sockets = layout.sockets();
        int numaCount = maxNuma + 1;
        int perSocket = numaCount / sockets;
        int coresPerSocket = layout.cores() / sockets;
        if (numaCount % sockets != 0 || perSocket == 0 || coresPerSocket % perSocket != 0) {
            out.add(Diagnostic.warning(devices.path(), 0, 0, host + ": GPUs on NUMA node " + maxNuma + " but "
                    + cpus.path() + " gives " + layout.numa().size() + " NUMA nodes on " + sockets + " sockets"));
            return layout;
        }
        long memory = layout.numa().stream().mapToLong(NumaNode::memoryMiB).sum() / numaCount;
        NodeTopology split = new NodeTopologyBuilder().cpuLayout(sockets, perSocket, coresPerSocket,
                layout.threadsPerCore(), memory).build();
        out.add(Diagnostic.info(devices.path(), 0, 0, host + ": GPUs sit on " + numaCount + " NUMA nodes, so each of "
                + "the " + sockets + " sockets of " + cpus.path() + " is split into " + perSocket + " NUMA nodes"));
        checkAffinity(host, split, devices, out);
        return split;
    }

    private static void checkAffinity(String host, NodeTopology layout, Candidate devices, List<Diagnostic> out) {
        for (Gpu g : devices.node().gpus()) {
            if (g.numa() < 0 || g.cpus().isEmpty()) {
                continue;
            }
            var numaCpus = layout.coresOfNuma(g.numa()).stream().map(Core::pus)
                    .reduce(org.topoplanner.model.cpu.CpuSet.empty(), org.topoplanner.model.cpu.CpuSet::union);
            if (!numaCpus.containsAll(g.cpus())) {
                out.add(Diagnostic.warning(devices.path(), 0, 0, host + ": " + g.id() + " CPUs " + g.cpus()
                        + " are not all in NUMA node " + g.numa() + " (" + numaCpus + ") of the core layout"));
            }
        }
    }
}
