package org.topoplanner.importers.project;

import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;

/** Writes a cluster as a project file without jobs ({@code convert --to project}). */
public final class ProjectWriter implements FormatWriter {
    @Override
    public String target() {
        return "project";
    }

    @Override
    public String write(Cluster cluster) {
        return new ProjectCodec().write(ProjectDocument.of(cluster));
    }
}
