package org.topoplanner.importers.slurm;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Reads {@code gres.conf}: the GRES lines (kept as {@link org.topoplanner.model.slurm.GresLine}s) and,
 * for every node a line names, the node's GPUs with their NVLinks from {@code Links=}.
 *
 * <p>A file whose lines name no node describes whichever node reads it; its GPUs go to one unnamed
 * host keyed by the file name. {@code Cores=} becomes a GPU's CPUs and NUMA node only together with
 * the node's {@code slurm.conf} line (see {@link SlurmClusterFolderReader}); on its own the line
 * is kept, and the GPU's affinity stays unknown.
 */
public final class GresConfReader implements FormatReader {
    private static final Pattern GRES_LINE = Pattern.compile(
            "(?im)^[ \\t]*(?:NodeName=\\S+[ \\t]+)?(?:Name=\\S+.*(?:File|Count|Type|Cores|CPUs|Links)=|AutoDetect=)");
    private static final Pattern SLURMD = Pattern.compile("Gres Name=\\S+ Type=\\S+ Count=");
    private static final Pattern OTHER_CONF = Pattern.compile(
            "(?im)^[ \\t]*(?:SwitchName|BlockName|PartitionName|ClusterName|SlurmctldHost)=|"
                    + "(?im)^[ \\t]*NodeName=\\S+.*(?:Sockets|CoresPerSocket|RealMemory)=");

    @Override
    public Format format() {
        return Format.SLURM_GRES;
    }

    @Override
    public int detect(SourceText source) {
        String t = SlurmConfLexer.withoutComments(source.text());
        if (SLURMD.matcher(t).find() || OTHER_CONF.matcher(t).find()) {
            return 0;
        }
        return GRES_LINE.matcher(t).find() ? 90 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        GresConf conf = GresConf.parse(source, d);
        Set<Diagnostic> sink = new LinkedHashSet<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Set<String> named = conf.namedHosts();
        String unnamed = null;
        for (String host : named) {
            nodes.put(host, SlurmNodeAssembler.assemble(null, conf.linesFor(host), sink));
        }
        if (named.isEmpty() && conf.hasGlobalLines()) {
            unnamed = source.fileName();
            nodes.put(unnamed, SlurmNodeAssembler.assemble(null, conf.lines(), sink));
        }
        if (conf.lines().stream().anyMatch(l -> l.gres().cores() != null)) {
            d.info(0, 0, "Cores= gives GPU sockets and CPUs only together with the node's slurm.conf line; "
                    + "read the folder (slurm.conf + gres.conf) to resolve it");
        }
        if (conf.lines().isEmpty() && conf.autoDetects()) {
            d.info(0, 0, "AutoDetect lets slurmd find the GPUs itself; this file lists none");
        }
        sink.forEach(d::add);
        Map<String, String> keys = new LinkedHashMap<>(conf.autoDetect());
        SlurmSettings slurm = new SlurmSettings(List.of(),
                conf.lines().stream().map(LocatedGresLine::gres).toList(), keys);
        ClusterPart part = new ClusterPart(null, nodes, Map.of(), slurm, null, unnamed);
        return new ImportResult(source, format(), part, d.list());
    }
}
