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
 * Reads {@code slurm.conf} (or an included {@code nodes.conf}): node lines, host weights and
 * features, partitions and the scheduling keys, and for every node its Slurm view: sockets, cores
 * numbered socket by socket, threads, and the GPUs its {@code Gres=} declares.
 */
public final class SlurmConfReader implements FormatReader {
    private static final Pattern NODE_LINE = Pattern.compile(
            "(?im)^[ \\t]*NodeName=\\S+.*(?:Sockets|CoresPerSocket|ThreadsPerCore|RealMemory|CPUs|State|Weight|Feature)=");
    private static final Pattern PARTITION = Pattern.compile("(?im)^[ \\t]*PartitionName=\\S+");
    private static final Pattern GLOBAL = Pattern.compile(
            "(?im)^[ \\t]*(?:ClusterName|SlurmctldHost|ControlMachine|SelectType|SchedulerType|TopologyPlugin|"
                    + "GresTypes|SlurmUser|AuthType|ProctrackType|SelectTypeParameters)[ \\t]*=");
    private static final Pattern NOT_MINE = Pattern.compile(
            "(?im)^[ \\t]*(?:SwitchName|BlockName)=|(?<![A-Za-z])Name=\\S+.*File=|Gres Name=");

    @Override
    public Format format() {
        return Format.SLURM_CONF;
    }

    @Override
    public int detect(SourceText source) {
        String t = SlurmConfLexer.withoutComments(source.text());
        boolean nodes = NODE_LINE.matcher(t).find() || PARTITION.matcher(t).find();
        boolean global = GLOBAL.matcher(t).find();
        if (!nodes && !global) {
            return 0;
        }
        if (NOT_MINE.matcher(t).find()) {
            return nodes ? 40 : 10;
        }
        return nodes ? 90 : 70;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        SlurmConf conf = new SlurmConf();
        conf.consume(source, d);
        Set<Diagnostic> sink = new LinkedHashSet<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        conf.nodes().forEach((h, n) -> nodes.put(h, SlurmNodeAssembler.assemble(n, List.of(), sink)));
        sink.forEach(d::add);
        SlurmSettings slurm = new SlurmSettings(conf.nodeLines(), List.of(), conf.keys());
        ClusterPart part = new ClusterPart(null, nodes, conf.hostAttributes(), slurm, null, null);
        return new ImportResult(source, format(), part, d.list());
    }
}
