package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.FixedFabricReader;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/** The oracle cases: node lines + gres.conf (+ topology) as real Slurm 22.05/24.11 read them. */
class SlurmClusterFolderReaderTest {
    private final SlurmClusterFolderReader reader = new SlurmClusterFolderReader(
            new FixedFabricReader(FixedFabricReader.tree32(i -> String.format("node%02d", i), null),
                    Format.SLURM_TOPOLOGY));

    private static List<SourceText> files(String folder, String... names) {
        return java.util.Arrays.stream(names).map(n -> TestSamples.text(folder + "/" + n)).toList();
    }

    @Test
    void placesTree32GpusOnTheirSocketsFromCores() {
        ImportResult r = reader.read("tree32", files("oracle/tree32", "nodes.conf", "gres.conf", "topology.conf"));
        assertThat(r.part().nodes()).hasSize(32);
        NodeTopology n = r.part().nodes().get("node17");
        assertThat(n.sockets()).isEqualTo(2);
        assertThat(n.cores()).isEqualTo(32);
        assertThat(n.gpus()).extracting(Gpu::numa).containsExactly(0, 0, 0, 0, 1, 1, 1, 1);
        assertThat(n.gpus().get(0).cpus().toString()).isEqualTo("0-15");
        assertThat(n.gpus().get(7).cpus().toString()).isEqualTo("16-31");
        assertThat(n.nvlinkLanes("GPU0", "GPU3")).isEqualTo(4);
        assertThat(n.nvlinkLanes("GPU4", "GPU7")).isEqualTo(4);
        assertThat(n.nvlinkLanes("GPU3", "GPU4")).isZero();
        assertThat(n.links()).hasSize(12);
        assertThat(r.part().fabric().leaves()).hasSize(4);
        assertThat(r.part().slurm().gres()).hasSize(8);
        assertThat(r.part().slurm().keys()).containsEntry("AutoDetect", "off")
                .containsEntry("PartitionName.gpu", "Nodes=node[01-32] Default=YES MaxTime=INFINITE State=UP");
        assertThat(r.format()).isEqualTo(Format.SLURM_CONF);
        assertThat(r.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
    }

    @Test
    void readsTheLinksProbeNodesOfOneAndTwoSockets() {
        SlurmClusterFolderReader plain = new SlurmClusterFolderReader(null);
        ImportResult r = plain.read("links", files("oracle/links", "nodes.conf", "gres.conf"));
        NodeTopology lk1 = r.part().nodes().get("lk1");
        assertThat(lk1.sockets()).isEqualTo(1);
        assertThat(lk1.gpus()).allMatch(g -> g.numaNodes().equals(List.of(0)) && g.cpus().toString().equals("0-31"));
        NodeTopology lk3 = r.part().nodes().get("lk3");
        assertThat(lk3.gpus()).extracting(Gpu::numa).containsExactly(0, 0, 0, 0, 1, 1, 1, 1);
        assertThat(lk3.nvlinkLanes("GPU1", "GPU5")).isEqualTo(4);
        assertThat(r.part().nodes().get("lk2").gpus()).hasSize(4);
    }

    @Test
    void readsBlock32WithItsSlurmConfKey() {
        SlurmClusterFolderReader plain = new SlurmClusterFolderReader(null);
        ImportResult r = plain.read("block32", files("oracle/block32", "slurm.conf", "nodes.conf", "gres.conf",
                "topology.conf"));
        assertThat(r.part().slurm().keys()).containsEntry("TopologyPlugin", "topology/block");
        assertThat(r.part().nodes()).hasSize(32);
        assertThat(r.diagnostics()).extracting(Diagnostic::message)
                .contains("no topology.conf reader is plugged in; the fabric is not read");
    }

    /** What the harness saw real Slurm do with each case (README "Config acceptance"). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            gres-bad-cores          | gres.conf  | 2 | 50 | Cores=8-11 is outside the node's 8 cores
            gres-links-wrong-length | gres.conf  | 1 | 60 | Links= has 3 entries but the node has 2 GPUs
            gres-count-too-few      | nodes.conf | 1 | 83 | declares 8 GPUs but gres.conf lists 2: Slurm registers the node INVAL
            gres-count-mismatch     | nodes.conf | 1 | 83 | declares 2 GPUs but gres.conf lists 4: Slurm ignores the extra
            gres-count-no-file      | gres.conf  | 1 | 1  | without File=
            """)
    void warnsAsRealSlurmComplains(String check, String file, int line, int column, String message) {
        SlurmClusterFolderReader plain = new SlurmClusterFolderReader(null);
        ImportResult r = plain.read(check, files("oracle/topo-checks/" + check, "nodes.conf", "gres.conf"));
        assertThat(r.diagnostics()).filteredOn(d -> d.message().contains(message) && d.line() == line)
                .singleElement().satisfies(d -> {
            assertThat(d.path()).endsWith(file);
            assertThat(d.line()).isEqualTo(line);
            assertThat(d.column()).isEqualTo(column);
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
        });
    }

    /**
     * Probe case gressock1 (allocator oracle cases): real 24.11.5 set a1 INVAL ("GRES core specification 0-7 for node
     * a1 doesn't match socket boundaries"), 22.05.8 ran it; b1 (whole sockets) ran everywhere.
     */
    @Test
    void warnsWhereCoresSplitASocketAndNamesTheVersionsThatRefuseIt() {
        ImportResult r = new SlurmClusterFolderReader(null).read("gressock1",
                files("oracle/gressock1", "nodes.conf", "gres.conf"));
        List<Diagnostic> split = r.diagnostics().stream().filter(d -> d.message().contains("socket boundaries"))
                .toList();
        assertThat(split).extracting(Diagnostic::line).containsExactly(1, 2, 3, 4, 7, 8);
        assertThat(split).allSatisfy(d -> {
            assertThat(d.path()).endsWith("gres.conf");
            assertThat(d.column()).isEqualTo(46);
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
        });
        assertThat(split.get(0).message()).isEqualTo("Cores=0-7 does not cover whole sockets (socket 0 is cores 0-15): "
                + "Slurm 24.11 and 26.05 set the node INVALID (\"doesn't match socket boundaries\"); 22.05 accepts it");
        assertThat(split.get(4).message()).startsWith("Cores=0-15 does not cover one whole socket or every core")
                .contains("Slurm 26.05 sets the node INVALID").endsWith("22.05 and 24.11 accept it");
        // the import keeps the affinity as written: 22.05 sites run these nodes
        assertThat(r.part().nodes().get("a1").gpus().get(1).cpus().toString()).isEqualTo("8-15");
    }

    @Test
    void dropsTheAffinityOfCoresOutsideTheNodeAsSlurmDoes() {
        ImportResult r = new SlurmClusterFolderReader(null).read("c",
                files("oracle/topo-checks/gres-bad-cores", "nodes.conf", "gres.conf"));
        NodeTopology n1 = r.part().nodes().get("n1");
        assertThat(n1.gpus().get(0).cpus().toString()).isEqualTo("0-3");
        assertThat(n1.gpus().get(1).cpus().isEmpty()).isTrue();
    }

    @Test
    void readsOldCpuIdsAsCpusWhenTheyOnlyFitAsThreadsAndSaysSlurmDiffers() {
        ImportResult r = new SlurmClusterFolderReader(null).read("lambda", List.of(
                new SourceText("lambda/slurm.conf", "NodeName=lambda Sockets=2 CoresPerSocket=16 ThreadsPerCore=2"
                        + " Gres=gpu:8"),
                new SourceText("lambda/gres.conf", TestSamples.text("slurm/gres-lambda-8gpu-cpus-affinity.conf.txt")
                        .text())));
        NodeTopology n = r.part().nodes().get("lambda");
        assertThat(n.gpus()).extracting(Gpu::numa).containsExactly(0, 0, 0, 0, 1, 1, 1, 1);
        assertThat(n.gpus().get(4).cpus().toString()).isEqualTo("16-31,48-63");
        assertThat(r.diagnostics()).filteredOn(d -> d.message().contains("names CPU ids beyond the node's 32 cores"))
                .hasSize(8);
    }

    @Test
    void reportsNodesMissingFromTheTopologyAndUnknownGresNodes() {
        ImportResult r = reader.read("x", List.of(
                new SourceText("x/nodes.conf", "NodeName=node[01-33] Sockets=1"),
                new SourceText("x/gres.conf", "NodeName=node[40-41] Name=gpu File=/dev/nvidia0"),
                new SourceText("x/topology.conf", "")));
        assertThat(r.diagnostics()).extracting(Diagnostic::message).anyMatch(m -> m.startsWith(
                "1 node(s) are in no switch or block: node33"))
                .anyMatch(m -> m.startsWith("NodeName names 2 node(s) no node line defines (node[40-41])"));
    }

    @Test
    void readsAFolderFromDisk(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("nodes.conf"), TestSamples.text("oracle/tree32/nodes.conf").text());
        Files.writeString(dir.resolve("gres.conf"), TestSamples.text("oracle/tree32/gres.conf").text());
        Files.writeString(dir.resolve("jobs.txt"), "job a -N1\n");
        assertThat(SlurmClusterFolderReader.looksLikeSlurmFolder(dir)).isTrue();
        ImportResult r = new SlurmClusterFolderReader(null).read(dir);
        assertThat(r.part().nodes().get("node32").gpus()).hasSize(8);
        assertThat(r.source().path()).isEqualTo(dir.toString());
    }
}
