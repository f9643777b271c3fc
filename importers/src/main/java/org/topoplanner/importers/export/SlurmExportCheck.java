package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.GresConfReader;
import org.topoplanner.importers.slurm.SlurmConfReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyReach;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.GresSocketBoundary;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.slurm.NodeLine;

/**
 * Checks the Slurm files of a bundle as the real {@code slurmctld} and {@code slurmd} (22.05 and
 * 24.11) would take them, by reading the written text back with the project's
 * own readers and adding the rules that span files:
 * <ul>
 *   <li>topology.conf: what {@link TopologyConfReader} reports (a switch defined twice, an undefined
 *       child, a cycle, a switch with neither or both nodes and switches, an unknown key, a
 *       non-numeric range: errors; a node under two leaves, several roots: warnings), plus nodes of
 *       the node lines that no switch reaches and switches naming nodes the node lines lack (warnings:
 *       Slurm starts, then rejects every job that could touch them).</li>
 *   <li>topology-block.conf: {@code BlockSizes} each the base size times a power of two, no block
 *       smaller than the base size (24.11 refuses to start), nodes in no block (warning).</li>
 *   <li>gres.conf against the node lines: a gpu line without {@code File=}, fewer GPUs than
 *       {@code Gres=}, a {@code Links=} row whose length is not the node's GPU count, {@code Cores=}
 *       outside the node's cores (the node registers INVAL; 22.05 only drops the affinity) are errors;
 *       more GPUs than {@code Gres=} is a warning (extras ignored).</li>
 *   <li>the keys: {@code GresTypes} must name gpu when a node has GPU GRES.</li>
 * </ul>
 */
final class SlurmExportCheck {
    private static final Pattern GRES_ITEM = Pattern.compile("(?i)gpu(?::([^:,]+))?:(\\d+)");

    private final Map<String, List<Diagnostic>> found = new LinkedHashMap<>();
    private final SlurmVersion release;

    private SlurmExportCheck(SlurmVersion release) {
        this.release = release;
    }

    /** Findings per file path for the newest release; absent texts ({@code null}) are not checked. */
    static Map<String, List<Diagnostic>> check(String tree, String block, String gres, String nodes, String keys) {
        return check(tree, block, gres, nodes, keys, SlurmVersion.DEFAULT);
    }

    /** Findings per file path as {@code release} takes the files; absent texts ({@code null}) are not checked. */
    static Map<String, List<Diagnostic>> check(String tree, String block, String gres, String nodes, String keys,
                                               SlurmVersion release) {
        SlurmExportCheck c = new SlurmExportCheck(release);
        Map<String, NodeLine> nodeLines = c.nodeLines(nodes);
        if (tree != null) {
            ImportResult r = new TopologyConfReader().read(new SourceText(SlurmFiles.TOPOLOGY, tree));
            Fabric f = r.part().fabric();
            c.tree(r.diagnostics(), f.hosts().stream().map(h -> h.name()).toList(), f::switchesOf, tree,
                    nodeLines.keySet(), nodeLines::keySet);
        }
        if (block != null) {
            c.block(block, nodeLines.keySet());
        }
        if (gres != null) {
            c.gres(gres, nodeLines);
        }
        if (keys != null) {
            c.keys(keys, nodeLines);
        }
        return c.found;
    }

    /**
     * The findings of {@link #check} for {@code topology.conf} alone, without writing and reading back the
     * other files: {@code hosts} are the names the node lines define (the node-line writer writes every
     * host of the cluster, and its hostlists expand to exactly those names). {@code nodeLines} writes those
     * lines only when a host is unreached, so that the warning lists the hosts in the order {@link #check}
     * gives them (the node lines' order).
     */
    static List<Diagnostic> treeAlone(String tree, Set<String> hosts, Supplier<String> nodeLines) {
        SlurmExportCheck c = new SlurmExportCheck(SlurmVersion.DEFAULT);
        TopologyReach reach = new TopologyConfReader().reach(new SourceText(SlurmFiles.TOPOLOGY, tree));
        c.tree(reach.diagnostics(), reach.hosts(), reach::switchesOf, tree, hosts,
                () -> new SlurmExportCheck(SlurmVersion.DEFAULT).nodeLines(nodeLines.get()).keySet());
        return c.found.getOrDefault(SlurmFiles.TOPOLOGY, List.of());
    }

    private void add(Diagnostic d) {
        found.computeIfAbsent(d.path(), k -> new ArrayList<>()).add(d);
    }

    /** Reader findings that matter to the consumer: errors and warnings, not notes. */
    private void addReaderFindings(ImportResult r) {
        r.diagnostics().stream().filter(d -> d.severity() != org.topoplanner.model.diag.Severity.INFO)
                .forEach(this::add);
    }

    private Map<String, NodeLine> nodeLines(String text) {
        Map<String, NodeLine> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        ImportResult r = new SlurmConfReader().read(new SourceText(SlurmFiles.NODES, text));
        addReaderFindings(r);
        r.part().slurm().nodeLines().forEach(n -> out.putIfAbsent(n.name(), n));
        return out;
    }

    /**
     * @param readBack    the reader's findings on the written text
     * @param reachedHosts the hosts the text's switches reach, in the fabric's order
     * @param switchesOf  the switches that name a host
     * @param inLineOrder {@code defined} in the node lines' order, asked for only when a host is unreached
     */
    private void tree(List<Diagnostic> readBack, List<String> reachedHosts, Function<String, List<String>> switchesOf,
                      String text, Set<String> defined, Supplier<Set<String>> inLineOrder) {
        readBack.stream().filter(d -> d.severity() != org.topoplanner.model.diag.Severity.INFO).forEach(this::add);
        TextLines lines = new TextLines(text);
        Set<String> reached = new HashSet<>(reachedHosts);
        boolean anyUnreached = defined.stream().anyMatch(n -> !reached.contains(n));
        if (anyUnreached) {
            List<String> unreached = inLineOrder.get().stream().filter(n -> !reached.contains(n)).toList();
            add(Diagnostic.warning(SlurmFiles.TOPOLOGY, 0, 0, "no switch reaches " + unreached.size() + " node(s) "
                    + Hostlist.compress(unreached) + "; Slurm warns (switches lack access) and rejects every job"
                    + " that could touch them"));
        }
        Map<String, List<String>> undefinedBySwitch = new TreeMap<>();
        for (String h : reachedHosts) {
            if (!defined.contains(h)) {
                for (String s : switchesOf.apply(h)) {
                    undefinedBySwitch.computeIfAbsent(s, k -> new ArrayList<>()).add(h);
                }
            }
        }
        undefinedBySwitch.forEach((s, hosts) -> add(Diagnostic.warning(SlurmFiles.TOPOLOGY,
                lines.declaring("SwitchName", s), 1, "switch " + s + " names node(s) " + Hostlist.compress(hosts)
                        + " that no node line defines; Slurm warns (invalid hostnames in switch configuration)")));
    }

    private void block(String text, Set<String> defined) {
        ImportResult r = new TopologyConfReader().read(new SourceText(SlurmFiles.TOPOLOGY_BLOCK, text));
        addReaderFindings(r);
        Fabric f = r.part().fabric();
        TextLines lines = new TextLines(text);
        List<Integer> sizes = f.blockSizes();
        if (!sizes.isEmpty()) {
            int base = sizes.get(0);
            int sizesLine = lines.first(l -> l.strip().toLowerCase(Locale.ROOT).startsWith("blocksizes="));
            for (int i = 1; i < sizes.size(); i++) {
                int s = sizes.get(i);
                boolean powerOfTwo = s % base == 0 && Integer.bitCount(s / base) == 1;
                if (!powerOfTwo || s <= sizes.get(i - 1)) {
                    add(Diagnostic.error(SlurmFiles.TOPOLOGY_BLOCK, sizesLine, 1, "block size " + s + " is not "
                            + base + " times a power of two above the previous size; Slurm refuses to start"
                            + " (Invalid BlockSizes value)"));
                }
            }
            for (Block b : f.blocks()) {
                if (b.nodes().size() < base) {
                    add(Diagnostic.error(SlurmFiles.TOPOLOGY_BLOCK, lines.declaring("BlockName", b.name()), 1,
                            "block " + b.name() + " has " + b.nodes().size() + " nodes, fewer than the base block size "
                                    + base + " (the first BlockSizes value); Slurm refuses to start"));
                }
            }
        } else if (!f.blocks().isEmpty()) {
            // without BlockSizes the first block's node count is the base size (block_record.c, 24.11 and 26.05)
            Block first = f.blocks().get(0);
            for (Block b : f.blocks()) {
                if (b.nodes().size() < first.nodes().size()) {
                    add(Diagnostic.error(SlurmFiles.TOPOLOGY_BLOCK, lines.declaring("BlockName", b.name()), 1,
                            "block " + b.name() + " has " + b.nodes().size() + " nodes, fewer than the first block "
                                    + first.name() + " (" + first.nodes().size() + "), which sets the base block size"
                                    + " when BlockSizes is absent; Slurm refuses to start (children count lower than"
                                    + " bblock_node_cnt)"));
                }
            }
        }
        Set<String> inBlocks = new HashSet<>();
        f.blocks().forEach(b -> inBlocks.addAll(b.nodes()));
        List<String> outside = defined.stream().filter(n -> !inBlocks.contains(n)).toList();
        if (!outside.isEmpty()) {
            add(Diagnostic.warning(SlurmFiles.TOPOLOGY_BLOCK, 0, 0, "no block holds " + outside.size() + " node(s) "
                    + Hostlist.compress(outside) + "; Slurm warns (blocks lack access) and cannot place jobs there"));
        }
        for (Block b : f.blocks()) {
            List<String> unknown = b.nodes().stream().filter(n -> !defined.contains(n)).toList();
            if (!unknown.isEmpty()) {
                add(Diagnostic.warning(SlurmFiles.TOPOLOGY_BLOCK, lines.declaring("BlockName", b.name()), 1, "block "
                        + b.name() + " names node(s) " + Hostlist.compress(unknown) + " that no node line defines"));
            }
        }
    }

    private void gres(String text, Map<String, NodeLine> nodes) {
        ImportResult r = new GresConfReader().read(new SourceText(SlurmFiles.GRES, text));
        addReaderFindings(r);
        List<GresLine> gres = r.part().slurm().gres();
        List<Integer> at = new TextLines(text).all(l -> l.matches("(?i)(^|.*\\s)Name=.*"));
        Set<Integer> splitWarned = new java.util.HashSet<>();
        for (NodeLine node : nodes.values()) {
            Map<String, Integer> expected = expectedGpus(node.gres());
            int want = expected.values().stream().mapToInt(Integer::intValue).sum();
            Map<String, Integer> typed = new TreeMap<>();
            int have = 0;
            List<Integer> mine = new ArrayList<>();
            for (int i = 0; i < gres.size(); i++) {
                GresLine g = gres.get(i);
                if (g.name().equalsIgnoreCase("gpu") && (g.nodes().isEmpty() || g.nodes().contains(node.name()))) {
                    mine.add(i);
                    have += g.files().size();
                    typed.merge(g.type() == null ? "" : g.type(), g.files().size(), Integer::sum);
                }
            }
            int firstLine = mine.isEmpty() ? 0 : lineOf(at, mine.get(0));
            for (int i : mine) {
                GresLine g = gres.get(i);
                int line = lineOf(at, i);
                if (g.files().isEmpty()) {
                    add(Diagnostic.error(SlurmFiles.GRES, line, 1, "gpu line for " + node.name() + " has no File=;"
                            + " slurmd discards config-only GPUs and the node registers INVAL"));
                }
                if (!g.links().isEmpty() && g.links().size() != have) {
                    add(Diagnostic.error(SlurmFiles.GRES, line, 1, "Links= has " + g.links().size() + " entries but "
                            + node.name() + " has " + have + " GPUs; the node registers INVAL (Invalid GRES Links value)"));
                }
                if (g.cores() != null) {
                    CpuSet cores = CpuSet.parse(g.cores());
                    int total = node.totalCores();
                    if (!cores.isEmpty() && cores.stream().max().orElse(0) >= total) {
                        add(Diagnostic.error(SlurmFiles.GRES, line, 1, "Cores=" + g.cores() + " lies outside the "
                                + total + " cores of " + node.name() + " (0-" + (total - 1) + "); 22.05 drops the"
                                + " affinity, 24.11 registers the node INVAL"));
                    } else if (splitWarned.add(line)) {
                        splitSocket(text, line, g, cores, node);
                    }
                }
            }
            if (have < want) {
                add(Diagnostic.error(SlurmFiles.GRES, firstLine, firstLine == 0 ? 0 : 1, "gres.conf gives " + node.name()
                        + " " + have + " GPUs but its node line says Gres=" + node.gres() + "; the node registers INVAL"
                        + " (count reported lower than configured)"));
            } else if (have > want) {
                add(Diagnostic.warning(SlurmFiles.GRES, firstLine, 1, "gres.conf gives " + node.name() + " " + have
                        + " GPUs but its node line says " + (node.gres() == null ? "none" : "Gres=" + node.gres())
                        + "; slurmd ignores the extra ones"));
            }
            for (var e : expected.entrySet()) {
                String type = e.getKey();
                if (!type.isEmpty() && have >= want && typed.getOrDefault(type, 0) < e.getValue()) {
                    add(Diagnostic.error(SlurmFiles.GRES, firstLine, firstLine == 0 ? 0 : 1, "gres.conf gives "
                            + node.name() + " " + typed.getOrDefault(type, 0) + " GPUs of type " + type + " but its"
                            + " node line asks for " + e.getValue() + "; the node registers INVAL"));
                }
            }
        }
    }

    /**
     * A {@code Cores=} that splits one of the node's sockets: 24.11 and 26.05 set the node INVALID
     * ({@code _check_core_range_matches_sock}, {@link GresSocketBoundary}), 22.05 runs it. The verdict is the
     * target release's: an error when it refuses the line, a note naming the releases that would when it accepts
     * it. Once per line, however many nodes it names.
     */
    private void splitSocket(String text, int line, GresLine g, CpuSet cores, NodeLine node) {
        if (node.sockets() == null || node.coresPerSocket() == null || line == 0) {
            return;
        }
        int sockets = node.sockets();
        int perSocket = node.coresPerSocket();
        List<SlurmVersion> refusing = GresSocketBoundary.refusingVersions(cores, sockets, perSocket);
        if (refusing.isEmpty()) {
            return;
        }
        GresSocketBoundary.Refusal r = GresSocketBoundary.check(refusing.get(0), cores, sockets, perSocket)
                .orElseThrow();
        String written = text.lines().skip(line - 1).findFirst().orElse("");
        int at = written.toLowerCase(java.util.Locale.ROOT).indexOf("cores=");
        String message = "Cores=" + g.cores() + " splits socket " + r.socket() + " of " + node.name() + " (cores "
                + r.firstCore() + "-" + r.lastCore() + "): " + GresSocketBoundary.verdicts(refusing);
        int column = at < 0 ? 1 : at + 7;
        if (refusing.contains(release)) {
            add(Diagnostic.error(SlurmFiles.GRES, line, column, message + "; for Slurm " + release.label()
                    + " write whole sockets" + (refusing.contains(SlurmVersion.V24_11) ? "" : " (one socket or every core)")));
        } else {
            add(Diagnostic.info(SlurmFiles.GRES, line, column, message + "; Slurm " + release.label()
                    + ", the release written for, runs the node"));
        }
    }

    private static int lineOf(List<Integer> at, int index) {
        return index < at.size() ? at.get(index) : 0;
    }

    /** GPU counts of a {@code Gres=} value by type ({@code ""} for untyped). */
    static Map<String, Integer> expectedGpus(String gresValue) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (gresValue == null) {
            return out;
        }
        for (String item : gresValue.split(",")) {
            Matcher m = GRES_ITEM.matcher(item.strip());
            if (m.matches()) {
                out.merge(m.group(1) == null ? "" : m.group(1), Integer.parseInt(m.group(2)), Integer::sum);
            }
        }
        return out;
    }

    private void keys(String text, Map<String, NodeLine> nodes) {
        ImportResult r = new SlurmConfReader().read(new SourceText(SlurmFiles.KEYS, text));
        addReaderFindings(r);
        Map<String, String> keys = r.part().slurm().keys();
        boolean gpus = nodes.values().stream().anyMatch(n -> !expectedGpus(n.gres()).isEmpty());
        Set<String> types = new LinkedHashSet<>();
        String gresTypes = keys.getOrDefault("GresTypes", "");
        for (String t : gresTypes.split(",")) {
            types.add(t.strip().toLowerCase(Locale.ROOT));
        }
        if (gpus && !types.contains("gpu")) {
            add(Diagnostic.error(SlurmFiles.KEYS, 0, 0, "nodes have Gres=gpu but GresTypes does not name gpu;"
                    + " slurmctld refuses the node lines"));
        }
    }
}
