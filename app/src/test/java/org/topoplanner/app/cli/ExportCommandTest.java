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

    @Test
    void aSecondExportRemovesWhatItNoLongerHasAndRefusesToOverwriteAHandEdit(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path first = project(Files.createDirectories(dir.resolve("a")), "node07");
        assertThat(CommandLineTest.run("export", "--cluster", first.toString(), "--out", out.toString()).code()).isZero();
        ProjectDocument renamed = new ProjectDocument(ShippedData.exampleCluster(),
                List.of(new Job("other", List.of("-N", "1", "--gpus-per-node=4"))),
                List.of(new Placement("other", List.of(HostAllocation.of("node08", List.of(0, 1, 2, 3),
                        CpuSet.parse("0-15"))))), null);
        Path second = dir.resolve("b.topoplanner.json");
        new ProjectCodec().save(renamed, second);
        Path topo = out.resolve("slurm/topology.conf");
        Files.writeString(topo, Files.readString(topo) + "# my note\n");
        CommandLineTest.Run refused = CommandLineTest.run("export", "--cluster", second.toString(), "--out", out.toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("--- a/slurm/topology.conf", "-# my note", "edited by hand", "nothing written");
        assertThat(out.resolve("jobs/train.sbatch")).exists();
        CommandLineTest.Run forced = CommandLineTest.run("export", "--cluster", second.toString(), "--out", out.toString(),
                "--force");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(forced.err()).contains("removed 3", "jobs/train.sbatch", "forced over 1");
        assertThat(out.resolve("jobs/train.sbatch")).doesNotExist();
        assertThat(out.resolve("jobs/other.sbatch")).exists();
        assertThat(Files.readString(topo)).doesNotContain("# my note");
    }

    @Test
    void theExportedKueueLevelsAreThePlannersLevels() {
        for (var cluster : List.of(ShippedData.exampleCluster(), org.topoplanner.model.design.ClusterDesigner.design("ft",
                org.topoplanner.model.design.FabricDesign.fatTree(4, 4, 2, org.topoplanner.model.fabric.LinkSpeed.HDR),
                ShippedData.template(org.topoplanner.resources.NodeTemplate.EXAMPLE_2S16C_8GPU)),
                // GB200 trays designed into NVL72 racks: both carry the nvidia.com/gpu.clique level
                org.topoplanner.model.design.ClusterDesigner.design("nvl", org.topoplanner.model.design.FabricDesign
                        .fatTree(4, 4, 2, org.topoplanner.model.fabric.LinkSpeed.HDR),
                        ShippedData.template(org.topoplanner.resources.NodeTemplate.GB200_NVL72_TRAY)))) {
            assertThat(org.topoplanner.importers.k8s.KueueTopologyWriter.levels(cluster))
                    .isEqualTo(org.topoplanner.allocator.kueue.TopologyLevels.of(cluster).levels());
            assertThat(org.topoplanner.importers.k8s.KueueTopologyWriter.levels(cluster).contains("nvidia.com/gpu.clique"))
                    .isEqualTo(cluster.name().equals("nvl"));
        }
    }

    @Test
    void theKubeletConfigurationIsTheTopologyManagerTheJobsWereValidatedUnder(@TempDir Path dir) throws Exception {
        Path plan = project(dir, "node07");
        Path given = dir.resolve("given");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", plan.toString(), "--out", given.toString(),
                "--tm-policy", "restricted", "--tm-scope", "pod");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(given.resolve("k8s/kubelet-config.yaml")))
                .contains("topologyManagerPolicy: restricted\ntopologyManagerScope: pod\n");
        assertThat(Files.readString(given.resolve("MANIFEST.txt"))).doesNotContain("recommendation");
        Path recommended = dir.resolve("recommended");
        assertThat(CommandLineTest.run("export", "--cluster", plan.toString(), "--out", recommended.toString()).code())
                .isZero();
        assertThat(Files.readString(recommended.resolve("MANIFEST.txt")))
                .contains("TopoPlanner's recommendation per node, not settings the jobs were validated under");
    }
}
