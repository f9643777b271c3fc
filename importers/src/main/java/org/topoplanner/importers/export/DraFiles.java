package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.dra.DraClaimWriter;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;

/** The {@code dra} export target: {@code k8s/dra/<job>.yaml} per placed job. */
final class DraFiles {
    private DraFiles() {
    }

    static List<ExportFile> build(ProjectDocument doc) {
        List<ExportFile> out = new ArrayList<>();
        for (Placement p : doc.placements()) {
            if (p.hosts().isEmpty()) {
                continue;
            }
            out.add(new ExportFile("k8s/dra/" + ExportBundle.fileName(p.job()) + ".yaml",
                    DraClaimWriter.write(p, doc.cluster()), List.of()));
        }
        return out;
    }
}
