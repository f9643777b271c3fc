package org.topoplanner.importers.slurm;

import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;
import org.topoplanner.model.slurm.NodeLine;

/**
 * Writes {@code slurm.conf} node lines: {@code Sockets}, {@code CoresPerSocket}, {@code ThreadsPerCore},
 * {@code RealMemory} and {@code Gres=gpu[:TYPE]:N} from each node's inside, {@code Weight} and
 * {@code Feature} from its attributes, and the keys of the node's imported line that this model does
 * not interpret ({@code State=UNKNOWN}, ...). Nodes whose lines would read the same share one line
 * under a compressed hostlist; a {@code NodeAddr=} list is compressed in step with the names.
 */
public final class SlurmNodeLinesWriter implements FormatWriter {
    @Override
    public String target() {
        return "slurm-nodes";
    }

    @Override
    public String write(Cluster cluster) {
        Map<String, NodeLine> imported = new LinkedHashMap<>();
        cluster.slurm().nodeLines().forEach(n -> imported.putIfAbsent(n.name(), n));
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Map<String, List<String>> addresses = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            NodeLine line = imported.get(host);
            String attrs = attributes(cluster.node(host), cluster.attributes(host), line);
            groups.computeIfAbsent(attrs, k -> new ArrayList<>()).add(host);
            if (line != null && line.nodeAddr() != null) {
                addresses.computeIfAbsent(attrs, k -> new ArrayList<>()).add(line.nodeAddr());
            }
        }
        StringBuilder sb = new StringBuilder("# slurm.conf node lines for cluster ").append(cluster.name())
                .append(", written by TopoPlanner\n");
        groups.forEach((attrs, hosts) -> {
            sb.append("NodeName=").append(Hostlist.compress(hosts));
            List<String> addrs = addresses.get(attrs);
            if (addrs != null && addrs.size() == hosts.size()) {
                sb.append(" NodeAddr=").append(Hostlist.compress(addrs));
            }
            sb.append(attrs).append('\n');
        });
        return sb.toString();
    }

    static String attributes(NodeTopology node, HostAttributes attrs, NodeLine imported) {
        StringBuilder sb = new StringBuilder();
        Integer sockets = node.sockets();
        Integer cores = node.cores();
        Integer threads = node.threads();
        if (sockets != null && sockets > 0) {
            sb.append(" Sockets=").append(sockets);
            if (cores != null && cores % sockets == 0) {
                sb.append(" CoresPerSocket=").append(cores / sockets);
                if (threads != null && cores > 0 && threads % cores == 0) {
                    sb.append(" ThreadsPerCore=").append(threads / cores);
                }
            }
        }
        long memory = node.numa().stream().mapToLong(NumaNode::memoryMiB).sum();
        if (memory > 0) {
            sb.append(" RealMemory=").append(memory);
        } else if (imported != null && imported.realMemory() != null) {
            sb.append(" RealMemory=").append(imported.realMemory());
        }
        String gres = gres(node);
        if (gres != null) {
            sb.append(" Gres=").append(gres);
        }
        if (attrs.weight() != HostAttributes.DEFAULT.weight()) {
            sb.append(" Weight=").append(attrs.weight());
        }
        if (!attrs.features().isEmpty()) {
            String f = String.join(",", attrs.features());
            sb.append(" Feature=").append(f.matches(".*\\s.*") ? "\"" + f + "\"" : f);
        }
        if (imported != null) {
            imported.other().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> sb.append(' ')
                    .append(e.getKey()).append('=').append(e.getValue().matches(".*\\s.*")
                            ? "\"" + e.getValue() + "\"" : e.getValue()));
        }
        return sb.toString();
    }

    /** {@code gpu:h100:8}, {@code gpu:8}, or one element per run of equal types; null without GPUs. */
    static String gres(NodeTopology node) {
        if (node.gpus().isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        String type = null;
        int run = 0;
        for (Gpu g : node.gpus()) {
            String t = GresConfWriter.typeOf(g);
            if (run > 0 && !java.util.Objects.equals(t, type)) {
                parts.add("gpu" + (type == null ? "" : ":" + type) + ":" + run);
                run = 0;
            }
            type = t;
            run++;
        }
        parts.add("gpu" + (type == null ? "" : ":" + type) + ":" + run);
        return String.join(",", parts);
    }
}
