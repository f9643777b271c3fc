package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.List;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.resources.ShippedData;

/** A project file of the example cluster holding job train on node01 and node02, all 8 GPUs and CPUs 0-15 each. */
final class TrainPlanFile {
    private TrainPlanFile() {
    }

    /** Writes it as {@code dir/plan.topoplanner.json}, the job given by {@code jobLine}. */
    static Path write(Path dir, List<String> jobLine) throws Exception {
        List<HostAllocation> hosts = List.of(
                HostAllocation.of("node01", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0-15")),
                HostAllocation.of("node02", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0-15")));
        ProjectDocument doc = new ProjectDocument(ShippedData.exampleCluster(), List.of(new Job("train", jobLine)),
                List.of(new Placement("train", hosts)), null);
        Path file = dir.resolve("plan.topoplanner.json");
        new ProjectCodec().save(doc, file);
        return file;
    }
}
