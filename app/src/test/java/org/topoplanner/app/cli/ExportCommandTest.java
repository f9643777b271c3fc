package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.resources.ShippedData;

class ExportCommandTest {

    static Path project(Path dir, String host) throws Exception {
        ProjectDocument doc = new ProjectDocument(ShippedData.exampleCluster(),
                List.of(new Job("train", List.of("-N", "1", "--gpus-per-node=4"))),
                List.of(new Placement("train", List.of(HostAllocation.of(host, List.of(0, 1, 2, 3), CpuSet.parse("0-15"))))),
                null);
        Path file = dir.resolve("plan.topoplanner.json");
        new ProjectCodec().save(doc, file);
        return file;
    }

    @Test
    void writesTheExampleBundleWithItsManifest(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--example", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out.resolve("slurm/topology.conf")).exists();
        assertThat(out.resolve("slurm/gres.conf")).exists();
        assertThat(out.resolve("k8s/kubelet-config.yaml")).exists();
        assertThat(Files.readString(out.resolve("MANIFEST.txt"))).contains("0 errors, 0 warnings");
        assertThat(r.out()).contains("ok       " + out.resolve("slurm/slurm-topology-keys.conf"));
    }

    @Test
    void aProjectFileBringsItsPlacedJobs(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project(dir, "node07").toString(),
                "--out", out.toString(), "--targets", "slurm,jobs");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(out.resolve("jobs/train.sbatch"))).contains("#SBATCH --nodelist=node07")
                .contains("#SBATCH --gpus-per-node=4");
        assertThat(out.resolve("k8s")).doesNotExist();
    }

    @Test
    void exitsOneAndWritesNothingWhenValidationFails(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project(dir, "node99").toString(),
                "--out", out.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("node99").contains("nothing written");
        assertThat(out).doesNotExist();
    }

    @Test
    void refusesAnUnknownTargetAsAUsageError(@TempDir Path dir) {
        CommandLineTest.Run r = CommandLineTest.run("export", "--example", "--out", dir.toString(), "--targets", "pbs");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("slurm, k8s, jobs");
    }
}
