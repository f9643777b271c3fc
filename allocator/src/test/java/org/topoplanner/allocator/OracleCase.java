package org.topoplanner.allocator;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Test-only reader of a harness case directory ({@code nodes.conf}, {@code gres.conf},
 * {@code topology.conf} under {@code src/test/resources/oracle/cases/NAME}) into a {@link Cluster}.
 * Only the keys the oracle cases use; the allocator itself never reads Slurm files. Node lines come from {@code nodes.conf}, or from
 * {@code slurm.conf} when a case has no {@code nodes.conf}; partition lines from every file the harness reads
 * ({@link #confFiles}).
 */
public final class OracleCase {
    private static final Pattern KV = Pattern.compile("(\\w+)=(\\S+)");

    private OracleCase() {
    }

    public static String resource(String path) {
        try (InputStream in = OracleCase.class.getResourceAsStream("/oracle/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("missing test resource oracle/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean exists(String path) {
        return OracleCase.class.getResource("/oracle/" + path) != null;
    }

    /** The first of these resources that exists ({@code nodes.conf}, else {@code slurm.conf}). */
    private static String resourceOr(String path, String fallback) {
        return resource(exists(path) ? path : fallback);
    }

    public static Cluster cluster(String name) {
        return clusterIn("cases/" + name);
    }

    /**
     * A case with a {@code topology.yaml} (Slurm 25.05+; {@code yamlparts}, the {@code gen.py yaml} cases):
     * the hardware as {@link #cluster}, with the named topologies read by the product's
     * {@code TopologyYamlReader} and the partitions (and their {@code Topology=}) by its
     * {@code SlurmConfReader}, from the case's {@code topology.yaml} and {@code slurm.conf}. Their
     * diagnostics must be empty: the real 26.05 started on these files without error.
     */
    public static Cluster clusterWithTopologyYaml(String name) {
        Cluster hardware = cluster(name);
        var yaml = new org.topoplanner.importers.slurm.TopologyYamlReader().read(
                new org.topoplanner.importers.SourceText("topology.yaml", resource("cases/" + name + "/topology.yaml")));
        var conf = new org.topoplanner.importers.slurm.SlurmConfReader().read(
                new org.topoplanner.importers.SourceText("slurm.conf", resource("cases/" + name + "/slurm.conf")));
        if (!yaml.diagnostics().isEmpty() || !conf.diagnostics().isEmpty()) {
            throw new IllegalArgumentException("case " + name + ": " + yaml.diagnostics() + " " + conf.diagnostics());
        }
        // the harness appends extra.conf's lines last (own probe c11c2: CR_Core_Memory), as cluster() keeps them
        Map<String, String> keys = new LinkedHashMap<>(conf.part().slurm().keys());
        keys.putAll(hardware.slurm().keys());
        SlurmSettings slurm = new SlurmSettings(hardware.slurm().nodeLines(), hardware.slurm().gres(), keys,
                yaml.part().slurm().topologies());
        return new Cluster(hardware.name(), hardware.fabric(), hardware.nodes(), hardware.hosts(), slurm, null);
    }

    /** The case in {@code dir} under {@code src/test/resources/oracle}, e.g. {@code heldout/cases/mix104}. */
    public static Cluster clusterIn(String dir) {
        List<NodeLine> nodeLines = new ArrayList<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        for (String line : lines(resourceOr(dir + "/nodes.conf", dir + "/slurm.conf"))) {
            Map<String, String> kv = kv(line);
            if (!kv.containsKey("NodeName")) {
                continue;
            }
            int weight = Integer.parseInt(kv.getOrDefault("Weight", "1"));
            for (String h : expand(kv.get("NodeName"))) {
                nodeLines.add(new NodeLine(h, null, null, intOf(kv, "Sockets"), intOf(kv, "CoresPerSocket"),
                        intOf(kv, "ThreadsPerCore"), kv.containsKey("RealMemory") ? Long.valueOf(kv.get("RealMemory"))
                        : null, kv.get("Gres"), weight, List.of(), null,
                        // kept as the importer keeps it (NodeLineBuilder: keys it does not read go to other)
                        kv.containsKey("MemSpecLimit") ? Map.of("MemSpecLimit", kv.get("MemSpecLimit")) : Map.of()));
                attrs.put(h, new HostAttributes(weight, List.of()));
            }
        }
        List<GresLine> gres = new ArrayList<>();
        // a CPU-only case (optprobe1) has no gres.conf, as the harness needs none
        for (String line : lines(exists(dir + "/gres.conf") ? resource(dir + "/gres.conf") : "")) {
            Map<String, String> kv = kv(line);
            if (!kv.containsKey("Name")) {
                continue;
            }
            List<Integer> links = kv.containsKey("Links")
                    ? java.util.Arrays.stream(kv.get("Links").split(",")).map(Integer::valueOf).toList() : List.of();
            gres.add(new GresLine(kv.containsKey("NodeName") ? expand(kv.get("NodeName")) : List.of(),
                    kv.get("Name"), kv.get("Type"), kv.containsKey("File") ? expand(kv.get("File")) : List.of(),
                    kv.get("Cores"), links, null, null, null));
        }
        FabricBuilder fb = new FabricBuilder();
        nodeLines.forEach(n -> fb.addHost(n.name()));
        Map<String, List<String>> children = new LinkedHashMap<>();
        Map<String, List<String>> hostsOf = new LinkedHashMap<>();
        List<Integer> blockSizes = new ArrayList<>();
        // a topology.yaml case (yamlparts) has no topology.conf: its hosts stand in no switch here
        String topologyConf = exists(dir + "/topology.conf") ? resource(dir + "/topology.conf") : "";
        for (String line : lines(topologyConf)) {
            Map<String, String> kv = kv(line);
            if (kv.containsKey("SwitchName")) {
                String sw = kv.get("SwitchName");
                fb.addSwitch(sw);
                children.put(sw, kv.containsKey("Switches") ? expand(kv.get("Switches")) : List.of());
                hostsOf.put(sw, kv.containsKey("Nodes") ? expand(kv.get("Nodes")) : List.of());
            } else if (kv.containsKey("BlockName")) {
                fb.block(new Block(kv.get("BlockName"), expand(kv.get("Nodes"))));
            } else if (kv.containsKey("BlockSizes")) {
                java.util.Arrays.stream(kv.get("BlockSizes").split(",")).map(Integer::valueOf).forEach(blockSizes::add);
            }
        }
        fb.blockSizes(blockSizes);
        Map<String, Integer> tiers = new HashMap<>();
        for (int pass = 0; pass <= children.size(); pass++) {
            for (var e : children.entrySet()) {
                if (e.getValue().isEmpty()) {
                    tiers.put(e.getKey(), 1);
                } else if (e.getValue().stream().allMatch(tiers::containsKey)) {
                    tiers.put(e.getKey(), 1 + e.getValue().stream().mapToInt(tiers::get).max().orElse(0));
                }
            }
        }
        fb.tiers(tiers);
        hostsOf.forEach((sw, hs) -> hs.forEach(h -> fb.cable(sw, h)));
        children.forEach((sw, cs) -> cs.forEach(c -> fb.cable(sw, c)));
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (NodeLine n : nodeLines) {
            nodes.put(n.name(), topology(n, gres));
        }
        // extra.conf: the slurm.conf lines the harness appends (optprobe2: DefMemPerCPU), kept as the cluster's keys
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : lines(exists(dir + "/extra.conf") ? resource(dir + "/extra.conf") : "")) {
            keys.putAll(kv(line));
        }
        // the partitions, from every file the harness reads them from (a topology.yaml case reads its partitions with
        // its topologies, clusterWithTopologyYaml), kept as the product's reader keeps them (PartitionName.<name>)
        if (!exists(dir + "/topology.yaml")) {
            for (String file : confFiles(dir)) {
                for (String line : lines(resource(dir + "/" + file))) {
                    if (line.startsWith("PartitionName=")) {
                        int space = line.indexOf(' ');
                        String name = line.substring("PartitionName=".length(), space < 0 ? line.length() : space);
                        keys.put(org.topoplanner.model.slurm.SlurmPartition.KEY_PREFIX + name,
                                space < 0 ? "" : line.substring(space + 1));
                    }
                }
            }
        }
        return new Cluster(dir.substring(dir.lastIndexOf('/') + 1), fb.build(), nodes, attrs, new SlurmSettings(nodeLines, gres, keys), null);
    }

    /**
     * The slurm.conf lines' files of a case, in the order the harness joins them into the slurm.conf slurmctld reads
     * ({@code oracle.py} {@code _read_case_conf_lines}: {@code slurm.conf}, {@code nodes.conf} and {@code
     * *.slurm.conf} by sorted name, then {@code extra.conf}): a partition line counts in whichever of them it stands
     * (own probes c26l7, c26l8 define theirs in {@code nodes.conf}, the c12g1 kind in {@code slurm.conf}).
     */
    static List<String> confFiles(String dir) {
        java.util.TreeSet<String> sorted = new java.util.TreeSet<>();
        java.net.URL url = OracleCase.class.getResource("/oracle/" + dir);
        if (url != null && "file".equals(url.getProtocol())) {
            try (var files = java.nio.file.Files.list(java.nio.file.Path.of(url.toURI()))) {
                files.map(f -> f.getFileName().toString())
                        .filter(f -> f.equals("slurm.conf") || f.equals("nodes.conf") || f.endsWith(".slurm.conf"))
                        .forEach(sorted::add);
            } catch (IOException | java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        List<String> out = new ArrayList<>(sorted);
        if (exists(dir + "/extra.conf")) {
            out.add("extra.conf");
        }
        return out;
    }

    private static NodeTopology topology(NodeLine n, List<GresLine> gres) {
        int sockets = n.sockets() == null ? 1 : n.sockets();
        int cps = n.coresPerSocket() == null ? 1 : n.coresPerSocket();
        int tpc = n.threadsPerCore() == null ? 1 : n.threadsPerCore();
        NodeTopologyBuilder b = new NodeTopologyBuilder().cpuLayout(sockets, 1, cps, tpc, 0);
        int index = 0;
        for (GresLine g : gres) {
            if (!g.nodes().contains(n.name())) {
                continue;
            }
            for (int f = 0; f < g.files().size(); f++) {
                CpuSet cpus = g.cores() == null ? CpuSet.empty() : CpuSet.parse(g.cores());
                if (cpus.isEmpty()) {
                    // no Cores=: no affinity, as the importer reads it (SlurmNodeAssembler), not socket 0's (fuzz51's
                    // u nodes: the planner's binding guard counted their GPUs on socket 0 and refused p10)
                    b.gpu(new Gpu("GPU" + index, index++, g.type(), List.of(), cpus, null, null, null));
                } else {
                    b.gpu(Gpu.simple(index++, g.type(), cpus.first() / cps, cpus, null));
                }
            }
        }
        return b.derivePcieLinks(false).build();
    }

    private static Integer intOf(Map<String, String> kv, String key) {
        return kv.containsKey(key) ? Integer.valueOf(kv.get(key)) : null;
    }

    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) {
            String t = l.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(t);
            }
        }
        return out;
    }

    private static Map<String, String> kv(String line) {
        Map<String, String> m = new LinkedHashMap<>();
        Matcher mm = KV.matcher(line);
        while (mm.find()) {
            m.put(mm.group(1), mm.group(2));
        }
        return m;
    }

    /** Hostlist expansion for the case files ({@code node[01-04]}, {@code /dev/nvidia[0-3]}, {@code a,b}). */
    static List<String> expand(String expr) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (char ch : expr.toCharArray()) {
            depth += ch == '[' ? 1 : ch == ']' ? -1 : 0;
            if (ch == ',' && depth == 0) {
                out.addAll(expandOne(cur.toString()));
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        out.addAll(expandOne(cur.toString()));
        return out;
    }

    private static List<String> expandOne(String h) {
        int open = h.indexOf('[');
        if (open < 0) {
            return List.of(h);
        }
        int close = h.indexOf(']', open);
        List<String> out = new ArrayList<>();
        for (String part : h.substring(open + 1, close).split(",")) {
            String[] r = part.split("-");
            int width = r[0].length();
            for (long v = Long.parseLong(r[0]); v <= Long.parseLong(r[r.length - 1]); v++) {
                for (String tail : expandOne(h.substring(close + 1))) {
                    out.add(h.substring(0, open) + String.format("%0" + width + "d", v) + tail);
                }
            }
        }
        return out;
    }
}
