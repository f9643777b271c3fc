package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyYamlReader;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * {@code topology.yaml} through the command line: a Slurm folder with three named topologies bound to
 * partitions (the files of the allocator's real-Slurm case {@code yamlparts}, copied here) is placed
 * per partition, converted and exported.
 */
class TopologyYamlCommandsTest {
    private static final String SLURM_CONF = """
            NodeName=node[01-16] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8
            PartitionName=tree Nodes=node[01-16] Default=YES MaxTime=INFINITE State=UP
            PartitionName=blk Nodes=node[01-16] Topology=nvl MaxTime=INFINITE State=UP
            PartitionName=flat Nodes=node[09-16] Topology=plain MaxTime=INFINITE State=UP
            """;
    private static final String GRES_CONF = """
            AutoDetect=off
            NodeName=node[01-16] Name=gpu File=/dev/nvidia[0-3] Cores=0-15
            NodeName=node[01-16] Name=gpu File=/dev/nvidia[4-7] Cores=16-31
            """;
    private static final String TOPOLOGY_YAML = """
            - topology: fabric
              cluster_default: true
              tree:
                switches:
                  - switch: spine
                    children: leaf[1-4]
                  - switch: leaf1
                    nodes: node[01-04]
                  - switch: leaf2
                    nodes: node[05-08]
                  - switch: leaf3
                    nodes: node[09-12]
                  - switch: leaf4
                    nodes: node[13-16]
            - topology: nvl
              block:
                block_sizes: [4, 8, 16]
                blocks:
                  - block: b1
                    nodes: node[13-16]
                  - block: b2
                    nodes: node[09-12]
                  - block: b3
                    nodes: node[05-08]
                  - block: b4
                    nodes: node[01-04]
            - topology: plain
              flat: true
            """;

    static Path folder(Path dir) throws Exception {
        Path f = Files.createDirectories(dir.resolve("cluster"));
        Files.writeString(f.resolve("slurm.conf"), SLURM_CONF);
        Files.writeString(f.resolve("gres.conf"), GRES_CONF);
        Files.writeString(f.resolve("topology.yaml"), TOPOLOGY_YAML);
        return f;
    }

    private static ImportResult readYaml(Path file) throws Exception {
        return new TopologyYamlReader().read(new SourceText(file.toString(), Files.readString(file)));
    }

    @Test
    void placesEachJobOnItsPartitionsNodesAndTopology(@TempDir Path dir) throws Exception {
        String cluster = folder(dir).toString();
        CommandLineTest.Run flat = CommandLineTest.run("place", "--cluster", cluster, "--policy", "slurm-tree",
                "--json", "--", "-p", "flat", "-N", "2", "--gpus-per-node=8");
        assertThat(flat.code()).as(flat.err()).isZero();
        assertThat(flat.out()).contains("node09").contains("node10").doesNotContain("node01");
        CommandLineTest.Run none = CommandLineTest.run("place", "--cluster", cluster, "--policy", "slurm-tree",
                "--", "-p", "gpu", "-N", "1");
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.out() + none.err()).contains("Invalid partition name specified");
    }

    @Test
    void convertWritesTheTopologiesBackAsTheyWereRead(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("topology.yaml");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm-topology-yaml", "-o", out.toString(),
                folder(dir).toString());
        assertThat(r.code()).as(r.err()).isZero();
        ImportResult back = readYaml(out);
        assertThat(back.diagnostics()).isEmpty();
        ImportResult given = new TopologyYamlReader().read(new SourceText("given", TOPOLOGY_YAML));
        assertThat(back.part().slurm().topologies()).isEqualTo(given.part().slurm().topologies())
                .extracting(SlurmTopology::kind).containsExactly("tree", "block", "flat");
    }

    @Test
    void convertToOneTopologyConfOfSeveralTopologiesWarnsAndNamesTopologyYaml(@TempDir Path dir) throws Exception {
        Path cluster = folder(dir);
        for (String target : List.of("slurm-topology", "slurm-topology-block")) {
            Path out = dir.resolve(target + ".conf");
            CommandLineTest.Run r = CommandLineTest.run("convert", "--to", target, "-o", out.toString(),
                    cluster.toString());
            assertThat(r.code()).as(target).isEqualTo(TopoPlannerCommand.INVALID);
            assertThat(r.err()).as(target).contains("3 named topologies (fabric, nvl, plain)")
                    .contains("--to slurm-topology-yaml");
            assertThat(out).as(target).doesNotExist();
            CommandLineTest.Run forced = CommandLineTest.run("convert", "--to", target, "--force", "-o",
                    out.toString(), cluster.toString());
            assertThat(forced.code()).as(target).isZero();
            assertThat(out).as(target).exists();
        }
        // a cluster of one topology (the example fabric) converts as before
        CommandLineTest.Run one = CommandLineTest.run("convert", "--to", "slurm-topology", "--example");
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(one.err()).doesNotContain("named topologies");
    }

    @Test
    void exportWritesTopologyYamlForSeveralTopologiesWithThePartitionsThatBindThem(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", folder(dir).toString(), "--out",
                out.toString(), "--targets", "slurm");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(readYaml(out.resolve("slurm/topology.yaml")).part().slurm().topologies())
                .extracting(SlurmTopology::name).containsExactly("fabric", "nvl", "plain");
        assertThat(Files.readString(out.resolve("slurm/slurm-topology-keys.conf")))
                .contains("PartitionName=blk Nodes=node[01-16] Topology=nvl");
        CommandLineTest.Run back = CommandLineTest.run("place", "--cluster", out.resolve("slurm").toString(),
                "--policy", "slurm-block", "--json", "--", "-p", "flat", "-N", "1", "--gpus-per-node=8");
        assertThat(back.code()).as(back.err()).isZero();
        assertThat(back.out()).contains("node09");
    }

    @Test
    void exportWritesTheFabricAsTopologyYamlWhenAsked(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run plain = CommandLineTest.run("export", "--example", "--out", out.toString(),
                "--targets", "slurm");
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(out.resolve("slurm/topology.yaml")).doesNotExist();
        Path asked = dir.resolve("asked");
        CommandLineTest.Run r = CommandLineTest.run("export", "--example", "--out", asked.toString(),
                "--targets", "slurm", "--topology-yaml");
        assertThat(r.code()).as(r.err()).isZero();
        ImportResult yaml = readYaml(asked.resolve("slurm/topology.yaml"));
        assertThat(yaml.diagnostics()).isEmpty();
        assertThat(yaml.part().slurm().defaultTopology().orElseThrow().kind()).isEqualTo("tree");
        assertThat(yaml.part().fabric().switches()).isNotEmpty();
    }
}
