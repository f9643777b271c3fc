package org.topoplanner.importers.slurm;

import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresSocketBoundary;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Writes {@code gres.conf}: for every group of nodes with identical GPUs one block of lines under a
 * {@code NodeName=} hostlist compressed as {@code scontrol show hostlist} does. Consecutive GPUs
 * with the same type and cores share one {@code File=/dev/nvidia[0-3]} line; when the node has
 * NVLinks every GPU gets its own line, because each needs its own {@code Links=} row (lane counts,
 * {@code -1} for itself, as {@code AutoDetect=nvml} writes them).
 *
 * <p>{@code Cores=} lists the cores of the GPU's NUMA nodes (or, without NUMA nodes, the cores
 * holding its CPUs) in Slurm's numbering, widened to whole sockets ({@link #socketWhole}); it is left out when the
 * node's cores are unknown. The
 * type is the GPU model, lower-cased with spaces as underscores, as Slurm's NVML detection names it.
 */
public final class GresConfWriter implements FormatWriter {
    @Override
    public String target() {
        return "slurm-gres";
    }

    @Override
    public String write(Cluster cluster) {
        Map<List<String>, List<String>> groups = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            List<String> lines = linesFor(cluster.node(host));
            if (!lines.isEmpty()) {
                groups.computeIfAbsent(lines, k -> new ArrayList<>()).add(host);
            }
        }
        StringBuilder sb = new StringBuilder("# gres.conf for cluster ").append(cluster.name())
                .append(", written by TopoPlanner\n");
        groups.forEach((lines, hosts) -> {
            String nodes = Hostlist.compress(hosts);
            for (String l : lines) {
                sb.append("NodeName=").append(nodes).append(' ').append(l).append('\n');
            }
        });
        return sb.toString();
    }

    /** The lines of one node without the NodeName= part. */
    static List<String> linesFor(NodeTopology node) {
        List<Gpu> gpus = node.gpus();
        boolean linked = node.links().stream().anyMatch(l -> l.kind() == org.topoplanner.model.node.LinkKind.NV
                && l.a().startsWith("GPU") && l.b().startsWith("GPU"));
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < gpus.size()) {
            Gpu g = gpus.get(i);
            String type = typeOf(g);
            String cores = coresOf(node, g);
            int j = i + 1;
            while (!linked && j < gpus.size() && Objects.equals(typeOf(gpus.get(j)), type)
                    && Objects.equals(coresOf(node, gpus.get(j)), cores)) {
                j++;
            }
            List<String> files = new ArrayList<>();
            for (int k = i; k < j; k++) {
                files.add("/dev/nvidia" + k);
            }
            StringBuilder l = new StringBuilder("Name=gpu");
            if (type != null) {
                l.append(" Type=").append(type);
            }
            l.append(" File=").append(Hostlist.compress(files));
            if (cores != null) {
                l.append(" Cores=").append(cores);
            }
            if (linked) {
                l.append(" Links=").append(linksRow(node, i));
            }
            out.add(l.toString());
            i = j;
        }
        return out;
    }

    static String typeOf(Gpu g) {
        if (g.model() == null || g.model().isBlank()) {
            return null;
        }
        return g.model().strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", "_").replace("#", "");
    }

    /** Slurm core indices of the GPU's NUMA nodes, or of the cores holding its CPUs; null when unknown. */
    public static String coresOf(NodeTopology node, Gpu g) {
        TreeSet<Integer> ids = new TreeSet<>();
        for (Core c : node.coreList()) {
            boolean near = !g.numaNodes().isEmpty() ? g.numaNodes().contains(c.numa())
                    : !c.pus().intersection(g.cpus()).isEmpty();
            if (near) {
                ids.add(c.id());
            }
        }
        if (ids.isEmpty()) {
            return null;
        }
        return socketWhole(node, CpuSet.of(ids)).toString();
    }

    /**
     * The GPU's cores widened to what every Slurm version accepts ({@link GresSocketBoundary}): the NUMA node of a
     * sub-NUMA-clustered socket (SNC, NPS2/4) is part of a socket, and 24.11/26.05 set a node whose {@code Cores=}
     * splits a socket INVALID. Slurm places GPU jobs by socket anyway ({@code gres.c}: the core list "could be
     * expanded to fill the socket"), so the whole socket is what an admin writes; a GPU near parts of two sockets
     * gets every core, the one list 26.05 accepts besides a single socket.
     */
    static CpuSet socketWhole(NodeTopology node, CpuSet cores) {
        Integer sockets = node.sockets();
        Integer total = node.cores();
        if (sockets == null || sockets <= 0 || total == null || total % sockets != 0) {
            return cores;
        }
        return GresSocketBoundary.widened(SlurmVersion.V26_05, cores, sockets, total / sockets);
    }

    private static String linksRow(NodeTopology node, int index) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < node.gpus().size(); k++) {
            if (k > 0) {
                sb.append(',');
            }
            // By device id, not "GPU" + position: sources name GPUs as they please.
            sb.append(k == index ? -1 : node.nvlinkLanes(node.gpus().get(index).id(), node.gpus().get(k).id()));
        }
        return sb.toString();
    }
}
