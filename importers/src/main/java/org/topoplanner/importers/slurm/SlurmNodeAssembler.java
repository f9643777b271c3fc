package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.slurm.GresSocketBoundary;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Builds the inside of one node from what Slurm knows: the node line's layout and the gres lines
 * that apply to the node.
 *
 * <p>The layout is Slurm's: cores numbered socket by socket, one NUMA node per socket (a node line
 * cannot say more), the second hardware thread of core {@code c} numbered {@code c + cores} as Linux
 * does on x86. GPUs are numbered in the order their files appear (Slurm's GRES index); a GPU's
 * {@code Cores=} gives its sockets and CPUs once the layout is known; {@code Links=} weights become
 * NVLinks with that lane count. PCIe classes are not derived: Slurm does not know the PCIe tree.
 */
final class SlurmNodeAssembler {
    /**
     * The most GPUs one node may declare: the allocators hold a node's GPUs in a 64-bit mask, and no
     * machine has more. {@code Gres=gpu:99999} is an error, not a node of 1,024 GPUs whose subsets
     * the Kubernetes emulation would enumerate for ever.
     */
    static final int MAX_GPUS = org.topoplanner.model.input.InputLimits.GPUS_PER_NODE;
    /** The most CPUs (sockets x cores x threads) a node line may describe before its layout is not built. */
    static final int MAX_THREADS = 65536;

    private SlurmNodeAssembler() {
    }

    /**
     * @param node  the node line, or null when only gres lines are known
     * @param gres  the gres lines that apply to this node, in file order
     * @param sink  receives diagnostics; a set, so that a line shared by many nodes reports once
     */
    static NodeTopology assemble(LocatedNodeLine node, List<LocatedGresLine> gres, Collection<Diagnostic> sink) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false);
        List<Core> cores = List.of();
        long threads = node == null ? 0 : (long) node.totalSockets() * node.coresPerSocket() * node.threadsPerCore();
        if (node != null && node.describesCpus() && threads > MAX_THREADS) {
            sink.add(Diagnostic.warning(node.path(), node.line(), 1, "the node line describes " + threads
                    + " CPUs; more than " + MAX_THREADS + " is no machine, so its CPU layout is not built"));
        } else if (node != null && node.describesCpus() && threads > 0) {
            int sockets = node.totalSockets();
            long memory = node.node().realMemory() == null ? 0 : node.node().realMemory() / sockets;
            b.cpuLayout(sockets, 1, node.coresPerSocket(), node.threadsPerCore(), memory);
            cores = b.build().coreList();
        }
        List<GpuDraft> gpus = gpusFromGres(gres, sink);
        List<GresSpec> specs = node == null ? List.of() : nodeGres(node, sink);
        long declared = GresSpec.gpuCount(specs);
        if (declared > MAX_GPUS && node != null) {
            sink.add(Diagnostic.error(node.path(), node.line(), node.gresColumn(), "Gres=" + node.node().gres()
                    + " declares " + declared + " GPUs; a node holds at most " + MAX_GPUS + " here"));
        }
        if (gpus.isEmpty() && declared > 0) {
            gpus = gpusFromNodeLine(specs, cores, node);
        } else if (node != null && declared >= 0 && declared != gpus.size()) {
            String what = gpus.size() < declared
                    ? "Slurm registers the node INVAL (gres/gpu count reported lower than configured)"
                    : "Slurm ignores the extra GPUs";
            sink.add(Diagnostic.warning(node.path(), node.line(), node.gresColumn(), "Gres=" + node.node().gres()
                    + " declares " + declared + " GPUs but gres.conf lists " + gpus.size() + ": " + what));
        }
        checkTypes(node, specs, gpus, sink);
        for (GpuDraft g : gpus) {
            resolveAffinity(g, cores, sink);
            b.gpu(new Gpu("GPU" + g.index, g.index, g.type, g.numa, g.cpus, null, null, null));
        }
        addLinks(gpus, b, sink);
        return b.build();
    }

    private static List<GresSpec> nodeGres(LocatedNodeLine node, Collection<Diagnostic> sink) {
        if (node.node().gres() == null) {
            return List.of();
        }
        try {
            return GresSpec.parseList(node.node().gres());
        } catch (IllegalArgumentException e) {
            sink.add(Diagnostic.warning(node.path(), node.line(), node.gresColumn(), "Gres='" + node.node().gres()
                    + "': " + e.getMessage()));
            return List.of();
        }
    }

    private static List<GpuDraft> gpusFromGres(List<LocatedGresLine> gres, Collection<Diagnostic> sink) {
        List<GpuDraft> out = new ArrayList<>();
        for (LocatedGresLine l : gres) {
            if (!l.isGpu()) {
                continue;
            }
            int n = l.gres().files().isEmpty() ? (int) Math.min(l.gres().count() == null ? 1 : l.gres().count(), 1024)
                    : l.gres().files().size();
            if (n > 1 && !l.gres().links().isEmpty()) {
                sink.add(Diagnostic.warning(l.path(), l.linksAt().line(), l.linksAt().column(), "one Links= row for " + n
                        + " GPUs: each GPU needs its own row with -1 at its own index"));
            }
            if (out.size() + n > MAX_GPUS) {
                sink.add(Diagnostic.error(l.path(), l.line(), 1, "the gres.conf lines for this node name more than "
                        + MAX_GPUS + " GPUs (" + (out.size() + n) + " with this line); the GPUs from here on are left out"));
                return out;
            }
            for (int k = 0; k < n; k++) {
                out.add(new GpuDraft(out.size(), l.gres().type(), l, l.gres().links()));
            }
        }
        return out;
    }

    private static List<GpuDraft> gpusFromNodeLine(List<GresSpec> specs, List<Core> cores, LocatedNodeLine node) {
        List<GpuDraft> out = new ArrayList<>();
        for (GresSpec s : specs) {
            if (!s.isGpu()) {
                continue;
            }
            for (long k = 0; k < Math.min(s.count(), MAX_GPUS) && out.size() < MAX_GPUS; k++) {
                GpuDraft g = new GpuDraft(out.size(), s.type(), null, List.of());
                if (s.sockets() != null && !cores.isEmpty()) {
                    List<Core> on = cores.stream().filter(c -> s.sockets().contains(c.socket())).toList();
                    g.numa = on.stream().map(Core::numa).distinct().sorted().toList();
                    g.cpus = on.stream().map(Core::pus).reduce(CpuSet.empty(), CpuSet::union);
                }
                out.add(g);
            }
        }
        return out;
    }

    private static void checkTypes(LocatedNodeLine node, List<GresSpec> specs, List<GpuDraft> gpus,
                                   Collection<Diagnostic> sink) {
        List<String> declared = specs.stream().filter(GresSpec::isGpu).map(GresSpec::type)
                .filter(t -> t != null).map(t -> t.toLowerCase(java.util.Locale.ROOT)).toList();
        if (node == null || declared.isEmpty()) {
            return;
        }
        for (GpuDraft g : gpus) {
            if (g.line != null && g.type != null && !declared.contains(g.type.toLowerCase(java.util.Locale.ROOT))) {
                sink.add(Diagnostic.warning(g.line.path(), g.line.line(), g.line.column(), "Type=" + g.type
                        + " is not among the types of Gres=" + node.node().gres() + " on the node line"));
            }
        }
    }

    /** Maps a GPU's Cores= (core indices, or CPU ids under the old CPUs= key) onto the node layout. */
    private static void resolveAffinity(GpuDraft g, List<Core> cores, Collection<Diagnostic> sink) {
        if (g.line == null || g.line.gres().cores() == null || cores.isEmpty()) {
            return;
        }
        LocatedGresLine l = g.line;
        CpuSet ids = CpuSet.parse(l.gres().cores());
        int total = cores.size();
        int threads = cores.stream().mapToInt(c -> c.pus().size()).sum();
        String key = l.coresFromCpus() ? "CPUs=" : "Cores=";
        TreeSet<Integer> coreIds = new TreeSet<>();
        if (ids.stream().allMatch(i -> i < total)) {
            ids.stream().forEach(coreIds::add);
        } else if (l.coresFromCpus() && threads > total && ids.stream().allMatch(i -> i < threads)) {
            ids.stream().forEach(i -> coreIds.add(i % total));
            sink.add(Diagnostic.warning(l.path(), l.coresAt().line(), l.coresAt().column(), key + l.gres().cores()
                    + " names CPU ids beyond the node's " + total + " cores: read here as CPU ids (cores "
                    + CpuSet.of(coreIds) + "), but Slurm reads CPUs= as core indices and drops this affinity"));
        } else {
            sink.add(Diagnostic.warning(l.path(), l.coresAt().line(), l.coresAt().column(), key + l.gres().cores()
                    + " is outside the node's " + total + " cores (0-" + (total - 1)
                    + "): slurmd reports Invalid GRES data and drops this affinity"));
            return;
        }
        checkSocketBoundaries(l, key, CpuSet.of(coreIds), cores, sink);
        List<Core> on = cores.stream().filter(c -> coreIds.contains(c.id())).toList();
        g.numa = on.stream().map(Core::numa).distinct().sorted().toList();
        g.cpus = on.stream().map(Core::pus).reduce(CpuSet.empty(), CpuSet::union);
    }

    /**
     * Warns when a GPU's cores split a socket the way newer Slurm refuses ({@link GresSocketBoundary}): the import
     * keeps the affinity as written, since 22.05 runs such a node.
     */
    private static void checkSocketBoundaries(LocatedGresLine l, String key, CpuSet coreIds, List<Core> cores,
                                              Collection<Diagnostic> sink) {
        int sockets = (int) cores.stream().mapToInt(Core::socket).distinct().count();
        int perSocket = cores.size() / sockets;
        List<SlurmVersion> refusing = GresSocketBoundary.refusingVersions(coreIds, sockets, perSocket);
        if (refusing.isEmpty()) {
            return;
        }
        GresSocketBoundary.Refusal r = GresSocketBoundary.check(refusing.get(0), coreIds, sockets, perSocket)
                .orElseThrow();
        String rule = refusing.contains(SlurmVersion.V24_11) ? "whole sockets" : "one whole socket or every core";
        sink.add(Diagnostic.warning(l.path(), l.coresAt().line(), l.coresAt().column(), key + l.gres().cores()
                + " does not cover " + rule + " (socket " + r.socket() + " is cores " + r.firstCore() + "-"
                + r.lastCore() + "): " + GresSocketBoundary.verdicts(refusing)));
    }

    /** NVLinks from the Links= rows: row i, column j is the lane count from GPU i to GPU j. */
    private static void addLinks(List<GpuDraft> gpus, NodeTopologyBuilder b, Collection<Diagnostic> sink) {
        Map<String, Integer> lanes = new LinkedHashMap<>();
        for (GpuDraft g : gpus) {
            List<Integer> row = g.links;
            if (row.isEmpty()) {
                continue;
            }
            LocatedGresLine l = g.line;
            if (row.size() != gpus.size()) {
                sink.add(Diagnostic.warning(l.path(), l.linksAt().line(), l.linksAt().column(), "Links= has " + row.size()
                        + " entries but the node has " + gpus.size() + " GPUs: Slurm registers the node INVAL"));
            }
            int self = row.indexOf(-1);
            if (self != g.index && gpus.stream().filter(x -> x.line == l).count() == 1) {
                sink.add(Diagnostic.warning(l.path(), l.linksAt().line(), l.linksAt().column(), "Links= puts -1 (this GPU) at index "
                        + self + " but this is GPU " + g.index + " of the node"));
            }
            for (int j = 0; j < Math.min(row.size(), gpus.size()); j++) {
                if (j == g.index || row.get(j) <= 0) {
                    continue;
                }
                String pair = Math.min(g.index, j) + "-" + Math.max(g.index, j);
                Integer before = lanes.putIfAbsent(pair, row.get(j));
                if (before != null && !before.equals(row.get(j))) {
                    sink.add(Diagnostic.warning(l.path(), l.linksAt().line(), l.linksAt().column(), "Links= gives GPU" + g.index
                            + "-GPU" + j + " weight " + row.get(j) + " but the other GPU's row says " + before
                            + "; kept " + before));
                }
            }
        }
        lanes.forEach((pair, n) -> {
            String[] ij = pair.split("-");
            b.nvlink("GPU" + ij[0], "GPU" + ij[1], n);
        });
    }

    /** A GPU while its affinity is being worked out. */
    private static final class GpuDraft {
        final int index;
        final String type;
        final LocatedGresLine line;
        final List<Integer> links;
        List<Integer> numa = List.of();
        CpuSet cpus = CpuSet.empty();

        GpuDraft(int index, String type, LocatedGresLine line, List<Integer> links) {
            this.index = index;
            this.type = type;
            this.line = line;
            this.links = links;
        }
    }
}
