package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * Writes Slurm 25.05+ {@code topology.yaml}: every named topology of the cluster
 * ({@link org.topoplanner.model.slurm.SlurmSettings#topologies()}) in order, as the man page
 * {@code topology.yaml(5)} lays them out. A cluster without named topologies gets them from its
 * fabric: its tree as topology {@code tree} (exactly the switches {@link TopologyConfWriter} writes
 * to {@code topology.conf}: rail units, an added root, Slurm-safe names) and its blocks as topology
 * {@code block}; the tree, else the block topology, is the {@code cluster_default}. A cluster with
 * neither gets one {@code flat} topology.
 *
 * <p>Hostlists keep their order ({@code Hostlist.compress}), so reading the file back gives the same
 * topologies. Names that YAML would read as something else (numbers, booleans, flow syntax) are
 * quoted.
 */
public final class TopologyYamlWriter implements FormatWriter {
    /** A scalar YAML reads back as this same string without quotes. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-\\[\\],]*");
    private static final Pattern YAML_WORDS = Pattern.compile(
            "(?i)true|false|yes|no|on|off|y|n|null|~|\\.inf|\\.nan");

    @Override
    public String target() {
        return "slurm-topology-yaml";
    }

    @Override
    public String write(Cluster cluster) {
        return write(topologies(cluster));
    }

    /** The topologies a cluster gives Slurm: its named ones, else those of its fabric. */
    public static List<SlurmTopology> topologies(Cluster cluster) {
        if (!cluster.slurm().topologies().isEmpty()) {
            return cluster.slurm().topologies();
        }
        Fabric fabric = cluster.fabric();
        List<SlurmTopology> out = new ArrayList<>();
        boolean tree = SlurmKeysWriter.pluginFor(fabric) == SlurmKeysWriter.Plugin.TREE
                && !fabric.switches().isEmpty();
        if (tree) {
            out.add(new SlurmTopology.Tree("tree", true, switchLines(new TopologyConfWriter().write(fabric))));
        }
        if (!fabric.blocks().isEmpty()) {
            out.add(new SlurmTopology.BlockLayout("block", !tree, fabric.blockSizes(), fabric.blocks()));
        }
        if (out.isEmpty()) {
            out.add(new SlurmTopology.Flat("flat", true, false));
        }
        return out;
    }

    /** The switch lines of a {@code topology.conf} this project wrote (one {@code SwitchName=} per line). */
    private static List<SlurmTopology.SwitchLine> switchLines(String topologyConf) {
        List<SlurmTopology.SwitchLine> lines = new ArrayList<>();
        for (String line : topologyConf.lines().toList()) {
            String l = line.strip();
            if (!l.startsWith("SwitchName=")) {
                continue;
            }
            String name = null;
            List<String> children = List.of();
            List<String> nodes = List.of();
            for (String word : l.split("\\s+")) {
                int eq = word.indexOf('=');
                String value = word.substring(eq + 1);
                switch (word.substring(0, eq)) {
                    case "SwitchName" -> name = value;
                    case "Switches" -> children = Hostlist.expandOrEmpty(value);
                    case "Nodes" -> nodes = Hostlist.expandOrEmpty(value);
                    default -> {
                        // LinkSpeed= and the like: topology.yaml has no place for them
                    }
                }
            }
            lines.add(new SlurmTopology.SwitchLine(name, children, nodes));
        }
        return lines;
    }

    public String write(List<SlurmTopology> topologies) {
        StringBuilder out = new StringBuilder("---\n");
        for (SlurmTopology t : topologies) {
            out.append("- topology: ").append(scalar(t.name())).append('\n');
            out.append("  cluster_default: ").append(t.clusterDefault()).append('\n');
            if (t instanceof SlurmTopology.Tree tree) {
                out.append("  tree:\n    switches:\n");
                for (SlurmTopology.SwitchLine s : tree.switches()) {
                    out.append("      - switch: ").append(scalar(s.name())).append('\n');
                    if (!s.children().isEmpty()) {
                        out.append("        children: ").append(hostlist(s.children())).append('\n');
                    }
                    if (!s.nodes().isEmpty()) {
                        out.append("        nodes: ").append(hostlist(s.nodes())).append('\n');
                    }
                }
            } else if (t instanceof SlurmTopology.BlockLayout block) {
                out.append("  block:\n");
                if (!block.blockSizes().isEmpty()) {
                    out.append("    block_sizes:\n");
                    block.blockSizes().forEach(size -> out.append("      - ").append(size).append('\n'));
                }
                out.append("    blocks:").append(block.blocks().isEmpty() ? " []\n" : "\n");
                for (Block b : block.blocks()) {
                    out.append("      - block: ").append(scalar(b.name())).append('\n');
                    if (!b.nodes().isEmpty()) {
                        out.append("        nodes: ").append(hostlist(b.nodes())).append('\n');
                    }
                }
            } else if (t instanceof SlurmTopology.Flat flat) {
                out.append(flat.alphaStepRank() ? "  flat:\n    alpha_step_rank: true\n" : "  flat: true\n");
            }
        }
        return out.toString();
    }

    private static String hostlist(List<String> names) {
        return scalar(Hostlist.compress(names));
    }

    /** The string as a YAML scalar: plain when YAML reads it back as this string, else double-quoted. */
    static String scalar(String s) {
        if (PLAIN.matcher(s).matches() && !YAML_WORDS.matcher(s).matches()) {
            return s;
        }
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        q.append(String.format("\\x%02X", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
