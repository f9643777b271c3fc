package org.topoplanner.importers.slurm;

import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * Reads a folder as one Slurm cluster: {@code slurm.conf} and/or {@code nodes.conf} (and
 * {@code *.slurm.conf}, and an export's {@code slurm-nodes.conf} and {@code slurm-topology-keys.conf})
 * for node lines and keys, {@code gres.conf} for GPUs, {@code topology.conf} and an export's
 * {@code topology-block.conf} for the fabric, or {@code topology.yaml} (Slurm 25.05+: its named topologies, which
 * partitions bind to with {@code Topology=}; when it is present {@code topology.conf} is ignored, as slurmctld does). Node lines and gres lines meet here, so a GPU's {@code Cores=} becomes its
 * sockets and CPUs in the node line's layout.
 *
 * <p>The topology file is read by the reader given to the constructor (the {@code topology.conf}
 * reader lives with the fabric formats); without one the file is reported and skipped. Every node a
 * file names that the node lines do not define, and every defined node missing from the topology,
 * is a warning, as real Slurm warns (and rejects jobs that touch a node in no switch).
 */
public final class SlurmClusterFolderReader {
    /** The names an export bundle's {@code slurm/} folder uses (export.SlurmFiles), so a bundle reads back. */
    private static final String EXPORT_NODES = "slurm-nodes.conf";
    private static final String EXPORT_KEYS = "slurm-topology-keys.conf";
    private static final String EXPORT_BLOCKS = "topology-block.conf";
    private final FormatReader topologyReader;
    private final InputLimits limits;

    /** @param topologyReader reads {@code topology.conf}; may be null */
    public SlurmClusterFolderReader(FormatReader topologyReader) {
        this(topologyReader, InputLimits.DEFAULT);
    }

    /** @param limits how big each file of the folder may be */
    public SlurmClusterFolderReader(FormatReader topologyReader, InputLimits limits) {
        this.topologyReader = topologyReader;
        this.limits = limits;
    }

    /** True when the folder holds a file this reader takes as a Slurm configuration. */
    public static boolean looksLikeSlurmFolder(Path folder) {
        return Stream.of("slurm.conf", "nodes.conf", "gres.conf", "topology.conf", "topology.yaml", EXPORT_NODES,
                        EXPORT_BLOCKS).anyMatch(f -> Files.isRegularFile(folder.resolve(f)));
    }

    /** Reads the folder's files; never throws (an unreadable file is an error diagnostic). */
    public ImportResult read(Path folder) {
        List<SourceText> files = new ArrayList<>();
        List<Diagnostic> io = new ArrayList<>();
        try (Stream<Path> list = Files.list(folder)) {
            for (Path p : list.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList()) {
                if (role(p.getFileName().toString()) != Role.OTHER) {
                    try {
                        files.add(SourceText.read(p, limits.limit(InputLimits.MEDIUM), "a Slurm configuration file"));
                    } catch (InputRefusal r) {
                        io.add(r.toDiagnostic());
                    }
                }
            }
        } catch (IOException e) {
            io.add(Diagnostic.error(folder.toString(), 1, 1, "cannot list the folder: " + InputFile.reason(e)));
        }
        ImportResult r = read(folder.toString(), files);
        List<Diagnostic> all = new ArrayList<>(io);
        all.addAll(r.diagnostics());
        return new ImportResult(r.source(), r.format(), r.part(), all);
    }

    /** Combines already loaded files, recognised by name; used by {@link #read(Path)} and by tests. */
    public ImportResult read(String folderPath, List<SourceText> files) {
        List<Diagnostic> diagnostics = new ArrayList<>();
        SlurmConf conf = new SlurmConf();
        GresConf gres = null;
        Fabric fabric = null;
        String gresPath = null;
        List<SlurmTopology> topologies = List.of();
        boolean yaml = files.stream().anyMatch(f -> role(f.fileName()) == Role.TOPOLOGY_YAML);
        List<SourceText> ordered = new ArrayList<>(files);
        ordered.sort(Comparator.comparing(f -> role(f.fileName())));
        for (SourceText f : ordered) {
            Diagnostics d = new Diagnostics(f.path());
            switch (role(f.fileName())) {
                case SLURM_CONF, NODES_CONF -> conf.consume(f, d);
                case GRES_CONF -> {
                    gres = GresConf.parse(f, d);
                    gresPath = f.path();
                }
                case TOPOLOGY_YAML -> {
                    ImportResult t = new TopologyYamlReader().read(f);
                    fabric = t.part().fabric();
                    topologies = t.part().slurm().topologies();
                    diagnostics.addAll(t.diagnostics());
                }
                case TOPOLOGY_CONF, TOPOLOGY_BLOCK_CONF -> {
                    if (yaml) {
                        // slurmctld reads topology.yaml first and then ignores topology.conf (topology.yaml(5))
                        d.info(0, 0, "topology.yaml is present: Slurm 25.05+ ignores this file, and so does the planner");
                    } else if (topologyReader == null) {
                        d.warning(0, 0, "no topology.conf reader is plugged in; the fabric is not read");
                    } else {
                        ImportResult t = topologyReader.read(f);
                        fabric = fabric == null ? t.part().fabric() : withBlocksOf(fabric, t.part().fabric());
                        diagnostics.addAll(t.diagnostics());
                    }
                }
                default -> d.info(0, 0, "not a Slurm configuration file; skipped");
            }
            diagnostics.addAll(d.list());
        }
        Set<Diagnostic> sink = new LinkedHashSet<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (Map.Entry<String, LocatedNodeLine> e : conf.nodes().entrySet()) {
            List<LocatedGresLine> lines = gres == null ? List.of() : gres.linesFor(e.getKey());
            nodes.put(e.getKey(), SlurmNodeAssembler.assemble(e.getValue(), lines, sink));
        }
        diagnostics.addAll(sink);
        if (gres != null) {
            checkGresHosts(gres, conf, diagnostics);
        }
        if (fabric != null) {
            checkFabricHosts(fabric, conf, folderPath, diagnostics);
        }
        List<GresLine> gresLines = gres == null ? List.of() : gres.lines().stream().map(LocatedGresLine::gres).toList();
        Map<String, String> keys = new LinkedHashMap<>(conf.keys());
        if (gres != null) {
            keys.putAll(gres.autoDetect());
        }
        if (conf.nodes().isEmpty()) {
            diagnostics.add(Diagnostic.warning(folderPath, 0, 0, "no NodeName= line in slurm.conf or nodes.conf"
                    + (gresPath != null ? "; gres.conf alone cannot place GPUs on sockets" : "")));
        }
        SlurmSettings slurm = new SlurmSettings(conf.nodeLines(), gresLines, keys, topologies);
        checkPartitionTopologies(slurm, folderPath, diagnostics);
        ClusterPart part = new ClusterPart(fabric, nodes, conf.hostAttributes(), slurm, null, null);
        return new ImportResult(new SourceText(folderPath, ""), Format.SLURM_CONF, part, diagnostics);
    }

    /** A partition bound to a topology topology.yaml does not define: slurmctld refuses to start. */
    private static void checkPartitionTopologies(SlurmSettings slurm, String folder, List<Diagnostic> out) {
        for (SlurmPartition p : slurm.partitions()) {
            if (p.topology() == null) {
                continue;
            }
            if (slurm.topologies().isEmpty()) {
                out.add(Diagnostic.warning(folder, 0, 0, "partition " + p.name() + " names Topology=" + p.topology()
                        + " but the folder has no topology.yaml (Slurm 25.05+) defining it"));
            } else if (slurm.topology(p.topology()).isEmpty()) {
                out.add(Diagnostic.error(folder, 0, 0, "partition " + p.name() + " names Topology=" + p.topology()
                        + ", which topology.yaml does not define; known: " + String.join(", ",
                        slurm.topologies().stream().map(SlurmTopology::name).toList())));
            }
        }
    }

    private static void checkGresHosts(GresConf gres, SlurmConf conf, List<Diagnostic> out) {
        for (LocatedGresLine l : gres.lines()) {
            List<String> unknown = l.gres().nodes().stream().filter(h -> !conf.nodes().containsKey(h)).toList();
            if (!unknown.isEmpty() && !conf.nodes().isEmpty()) {
                out.add(Diagnostic.warning(l.path(), l.line(), l.column(), "NodeName names " + unknown.size()
                        + " node(s) no node line defines (" + Hostlist.compress(unknown) + "); Slurm ignores them"));
            }
        }
    }

    private static void checkFabricHosts(Fabric fabric, SlurmConf conf, String folder, List<Diagnostic> out) {
        Set<String> inFabric = new LinkedHashSet<>();
        fabric.hosts().forEach(h -> inFabric.add(h.name()));
        fabric.blocks().forEach(b -> inFabric.addAll(b.nodes()));
        List<String> undefined = inFabric.stream().filter(h -> !conf.nodes().containsKey(h)).toList();
        List<String> missing = conf.nodes().keySet().stream().filter(h -> !inFabric.contains(h)).toList();
        if (!undefined.isEmpty() && !conf.nodes().isEmpty()) {
            out.add(Diagnostic.warning(folder, 0, 0, "topology.conf names " + undefined.size()
                    + " node(s) no node line defines: " + Hostlist.compress(undefined)
                    + " (slurmctld: Invalid hostnames in switch configuration)"));
        }
        if (!missing.isEmpty()) {
            out.add(Diagnostic.warning(folder, 0, 0, missing.size() + " node(s) are in no switch or block: "
                    + Hostlist.compress(missing) + " (slurmctld rejects every job that could touch them)"));
        }
    }

    /**
     * The tree of {@code topology.conf} with the blocks of {@code topology-block.conf} (an export
     * writes both when the cluster has a tree and blocks); a block file alone gives the fabric.
     */
    static Fabric withBlocksOf(Fabric tree, Fabric blocks) {
        if (blocks == null || blocks.blocks().isEmpty()) {
            return tree;
        }
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new LinkedHashMap<>();
        tree.switches().forEach(sw -> {
            b.addSwitch(sw.name(), sw.guid(), sw.description());
            tiers.put(sw.name(), sw.tier());
        });
        tree.hosts().forEach(h -> b.addHost(h.name()));
        blocks.hosts().forEach(h -> b.addHost(h.name()));
        tree.cables().forEach(b::cable);
        blocks.blocks().forEach(b::block);
        b.blockSizes(blocks.blockSizes());
        return b.tiers(tiers).build();
    }

    /** The order files are read in: node lines first, then GPUs, then the tree before its blocks. */
    private enum Role { SLURM_CONF, NODES_CONF, GRES_CONF, TOPOLOGY_YAML, TOPOLOGY_CONF, TOPOLOGY_BLOCK_CONF, OTHER }

    private static Role role(String fileName) {
        String f = fileName.toLowerCase(java.util.Locale.ROOT);
        // slurm-topology-keys.conf (an export's slurm.conf keys) is slurm.conf syntax too.
        if (f.equals("slurm.conf") || f.equals(EXPORT_KEYS)) {
            return Role.SLURM_CONF;
        }
        if (f.equals("nodes.conf") || f.endsWith(".slurm.conf") || f.equals(EXPORT_NODES)) {
            return Role.NODES_CONF;
        }
        if (f.equals("gres.conf")) {
            return Role.GRES_CONF;
        }
        if (f.equals("topology.yaml")) {
            return Role.TOPOLOGY_YAML;
        }
        if (f.equals(EXPORT_BLOCKS)) {
            return Role.TOPOLOGY_BLOCK_CONF;
        }
        return f.equals("topology.conf") ? Role.TOPOLOGY_CONF : Role.OTHER;
    }
}
