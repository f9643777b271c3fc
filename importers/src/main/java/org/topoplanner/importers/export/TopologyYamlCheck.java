package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyYamlReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * What real slurmctld 25.05+ would say about an exported {@code topology.yaml}: the file read back
 * (every finding of {@link TopologyYamlReader} on it), a partition bound to a topology the file does
 * not define (slurmctld does not start), and nodes the topologies name that no node line defines.
 */
final class TopologyYamlCheck {
    private TopologyYamlCheck() {
    }

    static List<Diagnostic> check(Cluster cluster, String yaml, String path) {
        List<Diagnostic> out = new ArrayList<>();
        ImportResult back = new TopologyYamlReader().read(new SourceText(path, yaml));
        out.addAll(back.diagnostics());
        List<SlurmTopology> written = back.part().slurm().topologies();
        for (SlurmPartition p : cluster.slurm().partitions()) {
            if (p.topology() != null && written.stream().noneMatch(t -> t.name().equals(p.topology()))) {
                out.add(Diagnostic.error(path, 1, 1, "partition " + p.name() + " is bound to topology " + p.topology()
                        + ", which this file does not define; slurmctld would not start"));
            }
        }
        Set<String> known = new LinkedHashSet<>(cluster.hostNames());
        Set<String> unknown = new LinkedHashSet<>();
        for (SlurmTopology t : written) {
            t.layout().hosts().forEach(h -> {
                if (!known.contains(h.name())) {
                    unknown.add(h.name());
                }
            });
        }
        if (!unknown.isEmpty() && !cluster.nodes().isEmpty()) {
            out.add(Diagnostic.warning(path, 1, 1, "the topologies name " + unknown.size() + " node(s) the cluster"
                    + " does not define: " + Hostlist.compress(List.copyOf(unknown))));
        }
        return out;
    }
}
