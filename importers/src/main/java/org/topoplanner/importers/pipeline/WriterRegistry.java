package org.topoplanner.importers.pipeline;

import org.topoplanner.importers.FormatWriter;

import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.k8s.HyperNodeWriter;
import org.topoplanner.importers.k8s.KubeletConfigWriter;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.importers.k8s.NodeLabelsWriter;
import org.topoplanner.importers.project.ProjectWriter;
import org.topoplanner.importers.slurm.GresConfWriter;
import org.topoplanner.importers.slurm.SlurmNodeLinesWriter;
import org.topoplanner.importers.slurm.TopologyConfBlockWriter;
import org.topoplanner.importers.slurm.TopologyYamlWriter;
import org.topoplanner.importers.slurm.TopologyConfWriter;

/** Every cluster-level export format, by its {@code convert --to} name. */
public final class WriterRegistry {
    private final List<FormatWriter> writers;

    public WriterRegistry(List<FormatWriter> writers) {
        this.writers = List.copyOf(writers);
    }

    public static WriterRegistry standard() {
        return new WriterRegistry(List.of(
                new TopologyConfWriter(),
                new TopologyConfBlockWriter(),
                new TopologyYamlWriter(),
                new GresConfWriter(),
                new SlurmNodeLinesWriter(),
                new NodeLabelsWriter(),
                new HyperNodeWriter(),
                new KueueTopologyWriter(),
                new KubeletConfigWriter(),
                new ProjectWriter()));
    }

    public List<FormatWriter> writers() {
        return writers;
    }

    public Optional<FormatWriter> writer(String target) {
        return writers.stream().filter(w -> w.target().equals(target)).findFirst();
    }

    public List<String> targets() {
        return writers.stream().map(FormatWriter::target).toList();
    }
}
