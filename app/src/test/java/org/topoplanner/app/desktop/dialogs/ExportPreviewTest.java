package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.app.cli.TopoPlannerCommand;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportOptions;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.resources.ShippedData;

/** The export preview is the command line's export: the same files, and writing it puts the shown bytes on disk. */
class ExportPreviewTest {

    private static ProjectDocument planned(String host) {
        return new ProjectDocument(ShippedData.exampleCluster(),
                List.of(new Job("train", List.of("-N", "1", "--gpus-per-node=4"))),
                List.of(new Placement("train", List.of(HostAllocation.of(host, List.of(0, 1, 2, 3), CpuSet.parse("0-15"))))),
                null);
    }

    private static Path project(Path dir, String host) throws IOException {
        Path file = dir.resolve("plan.topoplanner.json");
        new ProjectCodec().save(planned(host), file);
        return file;
    }

    private static ExportPreview previewOf(Path projectFile) throws Exception {
        ProjectDocument doc = new ProjectCodec().read(Files.readString(projectFile), projectFile.toString());
        // as the window holds it: a Plan, turned back into a document for the export
        return ExportPreview.of(Plan.of(doc).toDocument(), ExportTarget.all(), ExportOptions.DEFAULT);
    }

    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    @Test
    void writesExactlyTheFilesAndBytesItShowedAndTheCommandLineWrites(@TempDir Path dir) throws Exception {
        Path file = project(dir, "node07");
        ExportPreview preview = previewOf(file);
        assertThat(preview.files()).extracting(ExportFile::relativePath)
                .contains("slurm/topology.conf", "slurm/gres.conf", "k8s/kubelet-config.yaml", "jobs/train.sbatch",
                        "MANIFEST.txt");

        ExportWriter.Result written = preview.writeTo(dir.resolve("gui"), false);
        assertThat(written.written()).as(written.summary()).isTrue();
        Map<String, String> shown = new TreeMap<>();
        preview.files().forEach(f -> shown.put(f.relativePath(), f.text()));
        assertThat(tree(dir.resolve("gui"))).isEqualTo(shown);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TopoPlannerCommand.run(new String[] {"export", "--cluster", file.toString(), "--out",
                dir.resolve("cli").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(tree(dir.resolve("cli"))).as("the command line's export of the same project").isEqualTo(shown);
    }

    /**
     * The window validated the jobs under its toolbar's Topology Manager setting; its export writes that setting
     * into the kubelet configuration, byte for byte what {@code export --tm-policy --tm-scope} writes, and not the
     * per-node recommendation of an export without them.
     */
    @Test
    void theWindowsTopologyManagerSettingIsTheOneExported(@TempDir Path dir) throws Exception {
        Path file = project(dir, "node07");
        ProjectDocument doc = new ProjectCodec().read(Files.readString(file), file.toString());
        ExportPreview preview = ExportPreview.of(Plan.of(doc).toDocument(), ExportTarget.all(),
                ExportDialog.optionsFor(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD));
        String kubelet = preview.files().stream().filter(f -> f.relativePath().equals("k8s/kubelet-config.yaml"))
                .findFirst().orElseThrow().text();
        assertThat(kubelet).contains("single-numa-node").contains("pod")
                .isNotEqualTo(previewOf(file).files().stream()
                        .filter(f -> f.relativePath().equals("k8s/kubelet-config.yaml")).findFirst().orElseThrow().text());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TopoPlannerCommand.run(new String[] {"export", "--cluster", file.toString(), "--out",
                dir.resolve("cli").toString(), "--tm-policy", "single-numa-node", "--tm-scope", "pod"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(dir.resolve("cli/k8s/kubelet-config.yaml"))).isEqualTo(kubelet);
    }

    @Test
    void aPreviewWithErrorsSaysSoAndWritesNothing(@TempDir Path dir) throws Exception {
        // a plan the window can hold (a cluster edit left the job on a host that is gone) but a file would refuse
        ExportPreview preview = ExportPreview.of(Plan.of(planned("node99")).toDocument(), ExportTarget.all(),
                ExportOptions.DEFAULT);
        assertThat(preview.errors()).isPositive();
        assertThat(preview.verdict()).contains(preview.errors() + " with errors").endsWith(": an export with errors writes nothing");
        assertThat(preview.files().stream().filter(ExportFile::hasErrors).flatMap(f -> f.validation().stream())
                .map(d -> d.message())).anyMatch(m -> m.contains("node99"));
        ExportWriter.Result r = preview.writeTo(dir.resolve("out"), true);
        assertThat(r.written()).isFalse();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    /**
     * The window's Slurm version is the release its export is written for, as {@code export --slurm-version}:
     * topology.yaml (25.05 and later) asked for under 24.11 is an error there, and clean under 26.05.
     */
    @Test
    void theWindowsSlurmVersionIsTheReleaseTheSlurmFilesAreFor() {
        ProjectDocument doc = Plan.of(planned("node07")).toDocument();
        for (SlurmVersion release : SlurmVersion.values()) {
            ExportOptions options = ExportDialog.optionsFor(TopologyManagerPolicy.DEFAULT, TopologyManagerScope.DEFAULT,
                    release).withTopologyYaml(true);
            assertThat(options.slurmVersion()).isEqualTo(release);
            ExportFile yaml = ExportPreview.of(doc, ExportTarget.all(), options).files().stream()
                    .filter(f -> f.relativePath().equals("slurm/topology.yaml")).findFirst().orElseThrow();
            assertThat(yaml.hasErrors()).as(release.label()).isEqualTo(!release.hasTopologyYaml());
            if (yaml.hasErrors()) {
                assertThat(yaml.validation()).anySatisfy(d -> assertThat(d.message())
                        .contains("Slurm " + release.label() + " ignores it"));
            }
        }
    }
}
