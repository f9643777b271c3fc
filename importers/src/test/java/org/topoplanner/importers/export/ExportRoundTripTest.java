package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Every export reads back as it was written: the bundle, its {@code slurm/} folder and its
 * {@code k8s/} folder each import without warnings, and give the hosts, switches and tiers (and,
 * where the files carry them, every host's GPUs, CPUs, cores, sockets and NVLinks) of the cluster
 * exported. Over the shipped example and ibsim fabrics (samples/ibsim) with their jobs, and over
 * random fat trees and rail fabrics whose host groups get random shipped templates.
 */
class ExportRoundTripTest {

    @Test
    void theExampleWithItsJobsReadsBack() {
        assertRoundTrip(ExportFixtures.example());
    }

    @Test
    void aTreeWithBlocksReadsBack() {
        assertRoundTrip(ExportFixtures.exampleWithBlocks());
    }

    @Test
    void blocksWithoutSwitchesReadBack() {
        assertRoundTrip(ExportFixtures.blocksOnly());
    }

    @Test
    void ibsimFabricsWithTemplatesReadBack() {
        assertRoundTrip(ExportFixtures.fatTree());
        assertRoundTrip(ExportFixtures.rail());
    }

    @Test
    void everyFileTheExporterWritesIsAFormatThatReadsAndSaysWhatItRead() {
        Path dir = tempDir();
        try {
            ExportWriter.write(dir, ExportBundle.build(ExportFixtures.example(), ExportTarget.all()), false);
            ImportOutcome o = ClusterImport.standard().importFiles(List.of(dir), Optional.empty());
            Map<String, String> formats = new LinkedHashMap<>();
            o.sources().forEach(s -> formats.put(dir.relativize(Path.of(s.path())).toString(), s.format().id()));

            assertThat(formats).containsEntry("slurm", "slurm-conf")
                    .containsEntry("k8s/node-labels.sh", "node-labels")
                    .containsEntry("k8s/node-labels-patch.yaml", "kubernetes-nodes")
                    .containsEntry("k8s/hypernodes.yaml", "volcano-hypernodes")
                    .containsEntry("k8s/kueue-topology.yaml", "kueue-topology")
                    .containsEntry("k8s/kubelet-config.yaml", "kubelet-config")
                    .containsEntry("k8s/jobs/train-2n.volcano.yaml", "k8s-workload")
                    .containsEntry("jobs/train-2n.sbatch", "sbatch-script")
                    .containsEntry("MANIFEST.txt", "export-manifest");
            try (Stream<Path> written = Files.walk(dir)) {
                List<String> files = written.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
                        .filter(p -> !p.startsWith("slurm/")).toList();
                assertThat(formats.keySet()).as("every file is read").containsAll(files);
            }
            assertThat(o.diagnostics()).anySatisfy(d -> assertThat(d.message())
                    .startsWith("KubeletConfiguration for node[01-32]: topologyManagerPolicy restricted"));
            assertThat(o.diagnostics()).anySatisfy(d -> assertThat(d.message())
                    .startsWith("Volcano Job train-2n: 2 pod(s), 8 nvidia.com/gpu each, pinned to node[01-02], "
                            + "networkTopology hard up to tier 1"));
            assertThat(o.diagnostics()).anySatisfy(d -> assertThat(d.message())
                    .startsWith("batch script asking for: ").contains("--nodelist=node[01-02]"));
            assertThat(o.cluster().kubernetes().nodeLabels()).as("labels read into the model").hasSize(32);
            assertThat(o.cluster().name()).as("the manifest names the cluster").isEqualTo("example");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    @Property(tries = 25)
    void randomClustersReadBack(@ForAll("clusters") Cluster cluster) {
        assertRoundTrip(ProjectDocument.of(cluster));
    }

    @Provide
    Arbitrary<Cluster> clusters() {
        Arbitrary<FabricDesign> fatTrees = Combinators.combine(Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(1, 6), Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(0, 1), Arbitraries.of(LinkSpeed.HDR, LinkSpeed.NDR, LinkSpeed.EDR))
                .as((pods, hostsPerLeaf, spines, leavesPerPodExtra, speed) -> new FabricDesign(
                        FabricDesign.Kind.FAT_TREE, pods * (1 + leavesPerPodExtra), hostsPerLeaf, 1 + leavesPerPodExtra,
                        spines, pods > 1 ? 2 : 0, spines, 1, speed, "gpu"));
        Arbitrary<FabricDesign> rails = Combinators.combine(Arbitraries.integers().between(1, 2),
                Arbitraries.integers().between(1, 4), Arbitraries.integers().between(2, 8))
                .as((units, hostsPerLeaf, railCount) -> new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED,
                        units * railCount, hostsPerLeaf, units * railCount, 2, 0, 2, railCount, LinkSpeed.NDR, "rn"));
        Arbitrary<List<NodeTemplate>> templates = Arbitraries.of(NodeTemplate.values()).list().ofMinSize(1).ofMaxSize(3);
        return Combinators.combine(Arbitraries.oneOf(fatTrees, rails), templates).as(ExportRoundTripTest::design);
    }

    /** The design with its hosts cut into as many consecutive groups as templates, each group one template. */
    private static Cluster design(FabricDesign d, List<NodeTemplate> templates) {
        Cluster c = ClusterDesigner.design("random", d, ShippedData.template(templates.get(0)));
        List<String> hosts = c.hostNames();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            nodes.put(hosts.get(i), ShippedData.template(templates.get(i * templates.size() / hosts.size())));
        }
        return new Cluster(c.name(), c.fabric(), nodes, c.hosts(), c.slurm(), c.kubernetes());
    }

    private static void assertRoundTrip(ProjectDocument doc) {
        Path dir = tempDir();
        try {
            // Warnings of the exporter's own checks (a fabric without tiers) do not stop a bundle that reads back.
            ExportWriter.Result written = ExportWriter.write(dir, ExportBundle.build(doc, ExportTarget.all()), true);
            assertThat(written.written()).as("written: %s", written.blocking()).isTrue();
            // Slurm's tree and Kubernetes' labels show a rail-optimised fabric with one logical leaf per
            // scalable unit (RailGroups.collapse, as topology.conf and the Kubernetes writers show it); everything else is as exported.
            ClusterShape expected = ClusterShape.of(doc.cluster()).withFabric(RailGroups.collapse(doc.cluster().fabric()));

            assertReadsBack(dir, expected);
            assertReadsBack(dir.resolve("slurm"), expected);
            if (Files.isDirectory(dir.resolve("k8s"))) {
                // Kubernetes holds no node insides, and one parent per switch: its switches are some of
                // the tree's, at their tiers; its hosts and their leaves are all of them.
                ClusterShape k8s = read(dir.resolve("k8s"));
                assertThat(k8s.hosts()).isEqualTo(expected.hosts());
                assertThat(expected.switchTiers()).containsAllEntriesOf(k8s.switchTiers());
                assertThat(k8s.leaves()).isEqualTo(expected.leaves());
                k8s.parents().forEach((sw, ps) -> assertThat(expected.parents().get(sw)).as(sw).containsAll(ps));
            }
        } finally {
            delete(dir);
        }
    }

    private static void assertReadsBack(Path path, ClusterShape expected) {
        assertThat(read(path)).as(path.getFileName().toString()).isEqualTo(expected);
    }

    private static ClusterShape read(Path path) {
        ImportOutcome o = ClusterImport.standard().importFiles(List.of(path), Optional.empty());
        List<Diagnostic> bad = o.diagnostics().stream().filter(d -> d.severity() != Severity.INFO).toList();
        assertThat(bad).as("diagnostics of %s", path).isEmpty();
        assertThat(o.cluster()).isNotNull();
        return ClusterShape.of(o.cluster());
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("roundtrip");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>(all.sorted(Comparator.reverseOrder()).toList());
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
