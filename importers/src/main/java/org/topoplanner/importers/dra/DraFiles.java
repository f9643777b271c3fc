package org.topoplanner.importers.dra;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.export.ExportBundle;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;

/** The {@code dra} export target: {@code k8s/dra/<job>.yaml} per placed job. */
public final class DraFiles {
    private DraFiles() {
    }

    public static List<ExportFile> build(ProjectDocument doc) {
        List<ExportFile> out = new ArrayList<>();
        for (Placement p : doc.placements()) {
            if (p.hosts().isEmpty()) {
                continue;
            }
            out.add(new ExportFile("k8s/dra/" + ExportBundle.fileName(p.job()) + ".yaml",
                    DraClaimWriter.write(p, doc.cluster().fabric()), List.of()));
        }
        return out;
    }
}
