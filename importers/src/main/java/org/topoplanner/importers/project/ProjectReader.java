package org.topoplanner.importers.project;

import java.util.List;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;

/** Reads a TopoPlanner project file as a source: its whole cluster. */
public final class ProjectReader implements FormatReader {

    @Override
    public Format format() {
        return Format.PROJECT;
    }

    @Override
    public int detect(SourceText source) {
        return ProjectCodec.looksLikeProject(source.text()) ? 100 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        try {
            // The codec (and Jackson with it) is made per read: the registry lists this reader for every import.
            ProjectDocument doc = new ProjectCodec().read(source.text(), source.path());
            Cluster c = doc.cluster();
            ClusterPart part = new ClusterPart(c.fabric(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes(), null,
                    c.nvlink());
            return new ImportResult(source, Format.PROJECT, part, List.of());
        } catch (ProjectFormatException e) {
            return new ImportResult(source, Format.PROJECT, ClusterPart.empty(), e.diagnostics());
        }
    }
}
