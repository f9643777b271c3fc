package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.pipeline.FormatRegistry;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.k8s.KubeletConfigReader;
import org.topoplanner.importers.k8s.WorkloadReader;
import org.topoplanner.importers.slurm.SbatchScriptReader;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * The formats an export writes that no other tool reads (kubelet configuration, workloads, job
 * scripts, the manifest, the node-label script, the Slurm keys), read on their own and inside folders.
 */
class ExportedFormatsReadTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    private Format detected(String name, String text) {
        return registry.detect(new SourceText(name, text)).map(r -> r.format()).orElse(null);
    }

    @Test
    void theNodeLabelScriptWithItsShellPreambleIsNodeLabelsAndTheSlurmKeysAreSlurmConf() {
        String script = "#!/bin/sh\nset -eu\n# labels\nkubectl label node n1 --overwrite a.b/tier-1=leaf1\n"
                + "kubectl label node n2 --overwrite a.b/tier-1=leaf1\n";
        String keys = "# slurm.conf keys\nTopologyPlugin=topology/tree\nSelectType=select/cons_tres\nGresTypes=gpu\n";

        assertThat(detected("node-labels.sh", script)).isEqualTo(Format.NODE_LABELS);
        assertThat(detected("keys.conf", keys)).isEqualTo(Format.SLURM_CONF);
        ImportResult labels = registry.reader(Format.NODE_LABELS).orElseThrow().read(new SourceText("l.sh", script));
        assertThat(labels.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
        assertThat(labels.part().kubernetes().nodeLabels()).containsOnlyKeys("n1", "n2");
    }

    @Test
    void aKubeletConfigurationIsRecognisedAndItsSettingsReported() {
        String text = "# KubeletConfiguration for gpu[01-04] of cluster c\napiVersion: kubelet.config.k8s.io/v1beta1\n"
                + "kind: KubeletConfiguration\ntopologyManagerPolicy: single-numa-node\ncpuManagerPolicy: static\n";

        assertThat(detected("k.yaml", text)).isEqualTo(Format.KUBELET_CONFIG);
        ImportResult r = new KubeletConfigReader().read(new SourceText("k.yaml", text));
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.INFO);
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.message()).startsWith("KubeletConfiguration for gpu[01-04]: topologyManagerPolicy "
                    + "single-numa-node, cpuManagerPolicy static.").endsWith("--tm-policy single-numa-node --tm-scope container");
        });
        assertThat(new KubeletConfigReader().read(new SourceText("k.yaml", "kind: Pod\n")).hasErrors()).isTrue();
    }

    @Test
    void aJobAndAJobScriptAreRecognisedWithWhatTheyAskFor() {
        String job = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  parallelism: 3\n  template:\n"
                + "    spec:\n      nodeName: gpu07\n      containers:\n      - name: c\n        resources:\n"
                + "          limits:\n            nvidia.com/gpu: 4\n";
        String script = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=8 # all of them\nsrun hostname\n"
                + "#SBATCH --exclusive\n";

        assertThat(detected("j.yaml", job)).isEqualTo(Format.K8S_WORKLOAD);
        assertThat(new WorkloadReader().read(new SourceText("j.yaml", job)).diagnostics()).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("Job j: 3 pod(s), 4 nvidia.com/gpu each, "
                        + "pinned to gpu07."));
        assertThat(detected("s.sbatch", script)).isEqualTo(Format.SBATCH_SCRIPT);
        assertThat(new SbatchScriptReader().read(new SourceText("s.sbatch", script)).diagnostics()).singleElement()
                .satisfies(d -> {
                    assertThat(d.line()).isEqualTo(2);
                    assertThat(d.message()).startsWith("batch script asking for: -N 2 --gpus-per-node=8.")
                            .endsWith("place job s.sbatch with place --script s.sbatch");
                });
        String real = "#!/bin/bash\n#SBATCH -N 2 --gpus-per-node=8\n#SBATCH --time=01:00:00 -A proj\n"
                + "#SBATCH -C a100\nsrun hostname\n";
        assertThat(new SbatchScriptReader().read(new SourceText("r.sbatch", real)).diagnostics())
                .extracting(d -> d.severity() + " " + d.line() + ":" + d.column() + " " + d.message())
                .containsExactly("INFO 2:9 batch script asking for: -N 2 --gpus-per-node=8 --time=01:00:00 -A proj -C a100",
                        "WARNING 2:9 its job cannot be placed: --constraint=a100 (#SBATCH line 4, column 9): changes"
                                + " where Slurm places the job and is not emulated (node features pick the nodes; the"
                                + " model keeps no features)");
        String noted = "#!/bin/bash\n#SBATCH -N 2 --gpus-per-node=8\n#SBATCH --time=01:00:00 -A proj\nsrun x\n";
        assertThat(new SbatchScriptReader().read(new SourceText("n.sbatch", noted)).diagnostics())
                .extracting(d -> d.line() + ":" + d.column() + " " + d.message()).contains(
                        "3:9 read, not used for placement (held against a partition's MaxTime): --time=01:00:00",
                        "3:28 read, not used for placement: --account=proj");
        assertThat(new SbatchScriptReader().read(new SourceText("s", "#!/bin/sh\necho\n")).hasErrors()).isTrue();
    }

    @Test
    void aFolderIsReadFileByFileSkippingHiddenOnesAndAnEmptyFileIsOnlySaid(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("k8s"));
        Files.writeString(dir.resolve("k8s/labels.txt"), "topology.kubernetes.io/zone=z1\nkubernetes.io/hostname=n1\n");
        Files.writeString(dir.resolve("k8s/empty.yaml"), "\n");
        Files.writeString(dir.resolve(".hidden"), "not read at all\n");

        ImportOutcome o = ClusterImport.standard().importFiles(List.of(dir), Optional.empty());

        assertThat(o.sources()).extracting(s -> Path.of(s.path()).getFileName().toString())
                .containsExactly("labels.txt");
        assertThat(o.diagnostics()).filteredOn(Diagnostic::isError).isEmpty();
        assertThat(o.diagnostics()).anySatisfy(d -> assertThat(d.message())
                .isEqualTo("an empty file in the folder: nothing to read"));
        // named on its own, the same empty file is an error, as every reader says of an empty file
        assertThat(ClusterImport.standard().importFiles(List.of(dir.resolve("k8s/empty.yaml")), Optional.empty())
                .diagnostics()).singleElement().satisfies(d -> assertThat(d.isError()).isTrue());
        assertThat(o.cluster().hostNames()).containsExactly("n1");
        Path empty = Files.createDirectories(dir.resolve("void"));
        assertThat(ClusterImport.standard().importFiles(List.of(empty), Optional.empty()).diagnostics())
                .singleElement().satisfies(d -> assertThat(d.message()).isEqualTo("an empty folder: nothing to read"));
    }

    @Test
    void anExportedSlurmFolderReadsItsNodeLinesKeysAndBlocks(@TempDir Path dir) throws Exception {
        ExportWriter.write(dir, ExportBundle.build(ExportFixtures.exampleWithBlocks(), java.util.EnumSet.of(
                ExportTarget.SLURM)), true);
        assertThat(dir.resolve("slurm/topology-block.conf")).exists();

        ImportOutcome o = ClusterImport.standard().importFiles(List.of(dir.resolve("slurm")), Optional.empty());

        assertThat(o.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
        assertThat(o.cluster().fabric().blocks()).hasSize(8);
        assertThat(o.cluster().fabric().blockSizes()).containsExactly(4, 8, 16, 32);
        assertThat(o.cluster().fabric().switches()).hasSize(7);
        assertThat(o.cluster().slurm().keys()).containsEntry("TopologyPlugin", "topology/tree");
        assertThat(o.cluster().node("node07").gpus()).hasSize(8);
    }

    @Test
    void kubernetesLabelsThatAreNotATreeOfTheSlurmFabricStillWarn(@TempDir Path dir) throws Exception {
        ExportWriter.write(dir, ExportBundle.build(ExportFixtures.fatTree(), java.util.EnumSet.of(ExportTarget.SLURM,
                ExportTarget.K8S)), true);
        Path labels = dir.resolve("k8s/node-labels.sh");
        List<Path> read = List.of(dir.resolve("slurm"), labels);

        ImportOutcome faithful = ClusterImport.standard().importFiles(read, Optional.empty());
        String before = Files.readString(labels);
        String after = String.join("\n", before.lines().map(l -> l.contains(" node001 ")
                ? l.replace("=leaf01", "=leaf02") : l).toList()) + "\n";
        assertThat(after).isNotEqualTo(before);
        Files.writeString(labels, after);
        ImportOutcome moved = ClusterImport.standard().importFiles(read, Optional.empty());

        assertThat(faithful.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO)
                .anySatisfy(d -> assertThat(d.message()).contains("every switch has one parent here"));
        assertThat(moved.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.message()).contains("share a leaf with other hosts").contains("node001");
        });
    }

    @Test
    void theManifestIsRecognisedByItsHeaderOrByItsNameAndGivesTheClusterName() {
        SourceText manifest = new SourceText("deploy/MANIFEST.txt", "# TopoPlanner export of cluster c1: 2 files, "
                + "0 errors, 0 warnings\n# <status> <path>\nok       slurm/gres.conf\n  a finding\nok       MANIFEST.txt\n");
        SourceText renamed = new SourceText("deploy/MANIFEST.txt", "# Bundle written by TopoPlanner 0.2\n"
                + "ok slurm/gres.conf 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b\n");

        assertThat(detected(manifest.path(), manifest.text())).isEqualTo(Format.EXPORT_MANIFEST);
        assertThat(detected(renamed.path(), renamed.text())).isEqualTo(Format.EXPORT_MANIFEST);
        assertThat(ExportManifestReader.clusterName(manifest)).hasValue("c1");
        assertThat(new ExportManifestReader().read(manifest).diagnostics()).singleElement().satisfies(d -> assertThat(
                d.message()).startsWith("manifest of the export of cluster c1, listing 2 file(s)"));
        assertThat(new ExportManifestReader().read(renamed).diagnostics()).singleElement().satisfies(d -> assertThat(
                d.message()).startsWith("manifest of the export, listing 1 file(s)"));
        assertThat(new ExportManifestReader().read(new SourceText("x.txt", "hello\n")).hasErrors()).isTrue();
    }
}
