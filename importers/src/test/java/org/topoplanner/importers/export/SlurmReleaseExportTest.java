package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The bundle written for one Slurm release ({@link ExportOptions#slurmVersion}): topology/block only from 23.11
 * (24.11 and 26.05 here), topology.yaml only from 25.05 (26.05 here), each refusal an error on the file that
 * release cannot read, and convert's verdict the same file by file.
 */
class SlurmReleaseExportTest {
    private static Map<String, ExportFile> bundle(ProjectDocument doc, SlurmVersion release, boolean yaml) {
        return ExportBundle.build(doc, EnumSet.of(ExportTarget.SLURM), ExportOptions.DEFAULT.withTopologyYaml(yaml)
                .withSlurmVersion(release)).stream().collect(Collectors.toMap(ExportFile::relativePath, f -> f));
    }

    private static List<Diagnostic> errors(Map<String, ExportFile> files) {
        return files.values().stream().flatMap(f -> f.validation().stream()).filter(Diagnostic::isError).toList();
    }

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void aClusterOfBlocksAloneIsAnErrorFor2205AndCleanFromTopologyBlockOn(SlurmVersion release) {
        Map<String, ExportFile> files = bundle(ExportFixtures.blocksOnly(), release, false);
        assertThat(files).containsKey(SlurmFiles.TOPOLOGY_BLOCK);
        List<Diagnostic> errors = errors(files);
        if (release.hasBlockTopology()) {
            assertThat(errors).isEmpty();
        } else {
            assertThat(errors).singleElement().satisfies(d -> {
                assertThat(d.path()).isEqualTo(SlurmFiles.TOPOLOGY_BLOCK);
                assertThat(d.message()).contains("Slurm 22.05 has no topology/block (Slurm 23.11 and later)")
                        .contains("--slurm-version 24.11 or 26.05").contains("(a tree, topology/tree)");
            });
            assertThat(ExportVerdict.of(ExportFixtures.blocksOnly().cluster(), "slurm-topology-block", "out", release)
                    .orElseThrow()).anySatisfy(d -> assertThat(d.message()).contains("has no topology/block"));
        }
    }

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void aTreeWithBlocksLeavesTheBlocksOutFor2205(SlurmVersion release) {
        Map<String, ExportFile> files = bundle(ExportFixtures.exampleWithBlocks(), release, false);
        assertThat(errors(files)).isEmpty();
        assertThat(files).containsKey(SlurmFiles.TOPOLOGY);
        assertThat(files.containsKey(SlurmFiles.TOPOLOGY_BLOCK)).isEqualTo(release.hasBlockTopology());
        assertThat(files.get(SlurmFiles.KEYS).text().contains("Slurm 22.05 has no topology/block"))
                .isEqualTo(!release.hasBlockTopology());
        List<Diagnostic> convert = ExportVerdict.of(ExportFixtures.exampleWithBlocks().cluster(), "slurm-topology-block",
                "out", release).orElseThrow();
        assertThat(convert.stream().anyMatch(d -> d.isError() && d.message().contains("has no topology/block")))
                .isEqualTo(!release.hasBlockTopology());
    }

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void severalNamedTopologiesNeedTopologyYamlWhichOnly2605Reads(SlurmVersion release) {
        Map<String, ExportFile> files = bundle(ExportFixtures.exampleWithTopologies(), release, false);
        List<Diagnostic> errors = errors(files);
        if (release.hasTopologyYaml()) {
            assertThat(errors).isEmpty();
            assertThat(files.get(SlurmFiles.KEYS).text()).contains("Topology=nvl");
        } else {
            assertThat(errors).singleElement().satisfies(d -> {
                assertThat(d.path()).isEqualTo(SlurmFiles.TOPOLOGY_YAML);
                assertThat(d.message()).contains("3 named topologies (fabric, nvl, plain)")
                        .contains("Slurm " + release.label() + " ignores topology.yaml")
                        .contains("--slurm-version 26.05").contains("--topology NAME");
            });
            assertThat(files.get(SlurmFiles.KEYS).text()).doesNotContain("Topology=");
            assertThat(ExportVerdict.of(ExportFixtures.exampleWithTopologies().cluster(), "slurm-topology", "out",
                    release).orElseThrow()).anySatisfy(d -> assertThat(d.message())
                    .contains("reads no topology.yaml").contains("--topology NAME"));
        }
    }

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void oneTopologyPickedIsWrittenAsTopologyConfForEveryRelease(SlurmVersion release) {
        ProjectDocument doc = ExportFixtures.exampleWithTopologies();
        ProjectDocument tree = new ProjectDocument(doc.cluster().withTopologyAlone("fabric").orElseThrow(), doc.jobs(),
                doc.placements(), doc.view());
        Map<String, ExportFile> files = bundle(tree, release, false);
        assertThat(errors(files)).isEmpty();
        assertThat(files).containsKey(SlurmFiles.TOPOLOGY).doesNotContainKey(SlurmFiles.TOPOLOGY_YAML);
        ProjectDocument nvl = new ProjectDocument(doc.cluster().withTopologyAlone("nvl").orElseThrow(), List.of(),
                List.of(), doc.view());
        Map<String, ExportFile> blocks = bundle(nvl, release, false);
        assertThat(blocks).containsKey(SlurmFiles.TOPOLOGY_BLOCK).doesNotContainKey(SlurmFiles.TOPOLOGY);
        assertThat(errors(blocks).isEmpty()).isEqualTo(release.hasBlockTopology());
    }

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void topologyYamlAskedForIsAnErrorBefore2505(SlurmVersion release) {
        Map<String, ExportFile> files = bundle(ExportFixtures.example(), release, true);
        List<Diagnostic> yaml = files.get(SlurmFiles.TOPOLOGY_YAML).validation().stream()
                .filter(Diagnostic::isError).toList();
        if (release.hasTopologyYaml()) {
            assertThat(yaml).isEmpty();
        } else {
            assertThat(yaml).singleElement().satisfies(d -> assertThat(d.message())
                    .contains("topology.yaml is read by Slurm 25.05 and later; Slurm " + release.label() + " ignores it"));
        }
    }

    /**
     * A release changes only what it cannot read: a tree cluster without blocks or named topologies gets the same
     * bytes for every release (so the acceptance cases written per release feed each the bundle it always got), but
     * for the manifest's line naming the release the files were written for.
     */
    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void aPlainTreeIsTheSameBundleForEveryRelease(SlurmVersion release) {
        for (ProjectDocument doc : List.of(ExportFixtures.example(), ExportFixtures.fatTree(), ExportFixtures.rail(),
                ExportFixtures.roce(), GeneratedPlans.plan(101))) {
            Map<String, String> newest = bundle(doc, SlurmVersion.DEFAULT, false).entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().text()));
            Map<String, String> mine = bundle(doc, release, false).entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().text()));
            String manifest = mine.remove(ExportBundle.MANIFEST);
            assertThat(manifest).as(doc.cluster().name()).isEqualTo(newest.remove(ExportBundle.MANIFEST)
                    .replace("for Slurm " + SlurmVersion.DEFAULT.label() + " (", "for Slurm " + release.label() + " ("))
                    .contains("# Slurm files written for Slurm " + release.label() + " (--slurm-version)\n");
            assertThat(mine).as(doc.cluster().name()).isEqualTo(newest);
        }
    }
}
