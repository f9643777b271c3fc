package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --slurm-version} of the commands that write or check Slurm files ({@code export}, {@code convert},
 * {@code inspect}): the spelling and usage error of the planning commands, and what each release cannot read
 * (topology/block before 23.11, topology.yaml before 25.05, a gres.conf Cores= that splits a socket from 24.11)
 * refused as that release refuses it.
 */
class SlurmVersionCommandsTest {
    /** 8 nodes in 2 base blocks of 4, no switches: a cluster for topology/block alone (23.11 and later). */
    private static Path blocks(Path dir) throws Exception {
        Path f = Files.createDirectories(dir.resolve("blocks"));
        Files.writeString(f.resolve("slurm.conf"), """
                TopologyPlugin=topology/block
                GresTypes=gpu
                NodeName=b[01-08] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8
                PartitionName=main Nodes=b[01-08] Default=YES MaxTime=INFINITE State=UP
                """);
        Files.writeString(f.resolve("topology.conf"), """
                BlockName=nvl1 Nodes=b[01-04]
                BlockName=nvl2 Nodes=b[05-08]
                BlockSizes=4,8
                """);
        Files.writeString(f.resolve("gres.conf"), """
                NodeName=b[01-08] Name=gpu File=/dev/nvidia[0-3] Cores=0-15
                NodeName=b[01-08] Name=gpu File=/dev/nvidia[4-7] Cores=16-31
                """);
        return f;
    }

    @ParameterizedTest
    @ValueSource(strings = {"export", "convert", "inspect"})
    void takesTheSlurmVersionAsThePlanningCommandsDo(String command, @TempDir Path dir) {
        CommandLineTest.Run help = CommandLineTest.run(command, "--help");
        assertThat(help.out().replaceAll("\\s+", " ")).contains("--slurm-version=V Slurm release")
                .contains("26.05, 24.11 or 22.05 (default 26.05)");
        List<String> args = new java.util.ArrayList<>(List.of(command, "--example", "--slurm-version", "23.02"));
        switch (command) {
            case "export" -> args.addAll(List.of("--out", dir.resolve("out").toString()));
            case "convert" -> args.addAll(List.of("--to", "slurm-topology"));
            default -> { }
        }
        CommandLineTest.Run bad = CommandLineTest.run(args.toArray(String[]::new));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--slurm-version must be 26.05, 24.11, 22.05, not 23.02");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void exportOfBlocksFor2205IsRefusedAndNamesWhatWouldWork(@TempDir Path dir) throws Exception {
        String cluster = blocks(dir).toString();
        Path out = dir.resolve("out");
        CommandLineTest.Run old = CommandLineTest.run("export", "--cluster", cluster, "--out", out.toString(),
                "--targets", "slurm", "--slurm-version", "22.05");
        assertThat(old.code()).isEqualTo(1);
        assertThat(old.err()).contains("Slurm 22.05 has no topology/block (Slurm 23.11 and later)")
                .contains("--slurm-version 24.11 or 26.05").contains("a tree").contains("nothing");
        assertThat(out).doesNotExist();
        CommandLineTest.Run newer = CommandLineTest.run("export", "--cluster", cluster, "--out", out.toString(),
                "--targets", "slurm", "--slurm-version", "24.11");
        assertThat(newer.code()).as(newer.err()).isZero();
        assertThat(Files.readString(out.resolve("slurm/topology-block.conf"))).contains("BlockName=nvl1");
        CommandLineTest.Run convert = CommandLineTest.run("convert", "--to", "slurm-topology-block",
                "--slurm-version", "22.05", cluster);
        assertThat(convert.code()).isEqualTo(1);
        assertThat(convert.err()).contains("Slurm 22.05 has no topology/block").contains("nothing written");
        assertThat(CommandLineTest.run("convert", "--to", "slurm-topology-block", cluster).code()).isZero();
    }

    @Test
    void severalTopologiesFor2411AreRefusedUnlessOneIsPicked(@TempDir Path dir) throws Exception {
        String cluster = TopologyYamlCommandsTest.folder(dir).toString();
        Path out = dir.resolve("out");
        CommandLineTest.Run refused = CommandLineTest.run("export", "--cluster", cluster, "--out", out.toString(),
                "--targets", "slurm", "--slurm-version", "24.11");
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("3 named topologies (fabric, nvl, plain)")
                .contains("Slurm 24.11 ignores topology.yaml").contains("--topology NAME");
        assertThat(out).doesNotExist();
        CommandLineTest.Run picked = CommandLineTest.run("export", "--cluster", cluster, "--out", out.toString(),
                "--targets", "slurm", "--slurm-version", "24.11", "--topology", "fabric");
        assertThat(picked.code()).as(picked.err()).isZero();
        assertThat(Files.readString(out.resolve("slurm/topology.conf"))).contains("SwitchName=leaf1");
        assertThat(out.resolve("slurm/topology.yaml")).doesNotExist();
        assertThat(Files.readString(out.resolve("slurm/slurm-topology-keys.conf"))).doesNotContain("Topology=");
        CommandLineTest.Run unknown = CommandLineTest.run("export", "--cluster", cluster, "--out",
                dir.resolve("other").toString(), "--topology", "nope");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("no topology named nope; it has fabric, nvl, plain");
        CommandLineTest.Run convert = CommandLineTest.run("convert", "--to", "slurm-topology", "--slurm-version",
                "24.11", "--topology", "fabric", cluster);
        assertThat(convert.code()).as(convert.err()).isZero();
        assertThat(convert.err()).doesNotContain("named topologies");
        CommandLineTest.Run yaml = CommandLineTest.run("convert", "--to", "slurm-topology-yaml", "--slurm-version",
                "22.05", cluster);
        assertThat(yaml.code()).isEqualTo(1);
        assertThat(yaml.err()).contains("Slurm 22.05 ignores topology.yaml");
    }

    @Test
    void inspectNamesTheChosenReleasesVerdict(@TempDir Path dir) throws Exception {
        String yaml = TopologyYamlCommandsTest.folder(dir).toString();
        assertThat(CommandLineTest.run("inspect", yaml).code()).isZero();
        CommandLineTest.Run old = CommandLineTest.run("inspect", "--slurm-version", "24.11", yaml);
        assertThat(old.code()).isEqualTo(1);
        assertThat(old.err()).contains("Slurm 24.11 ignores the file and refuses to start on a partition's Topology=");
        assertThat(CommandLineTest.run("inspect", "--slurm-version", "26.05", yaml).code()).isZero();

        String blocks = blocks(dir).toString();
        CommandLineTest.Run noBlocks = CommandLineTest.run("inspect", "--slurm-version", "22.05", blocks);
        assertThat(noBlocks.code()).isEqualTo(1);
        assertThat(noBlocks.err()).contains("Slurm 22.05 has no topology/block");
        assertThat(CommandLineTest.run("inspect", "--slurm-version", "24.11", blocks).code()).isZero();

        Path split = Files.createDirectories(dir.resolve("split"));
        Files.writeString(split.resolve("slurm.conf"), """
                GresTypes=gpu
                NodeName=s[1-2] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:2
                """);
        Files.writeString(split.resolve("gres.conf"), """
                NodeName=s[1-2] Name=gpu File=/dev/nvidia0 Cores=8-15
                NodeName=s[1-2] Name=gpu File=/dev/nvidia1 Cores=16-31
                """);
        assertThat(CommandLineTest.run("inspect", "--slurm-version", "22.05", split.toString()).code()).isZero();
        CommandLineTest.Run refused = CommandLineTest.run("inspect", "--slurm-version", "24.11", split.toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("Slurm 24.11 sets s1 INVALID: GRES core specification 8-15 for node s1"
                + " doesn't match socket boundaries. (Socket 0 is cores 0-15)");
    }

    @Test
    void inspectPutsEachReleaseFindingOnTheLineThatCausesIt(@TempDir Path dir) throws Exception {
        Path blocks = blocks(dir);
        CommandLineTest.Run noBlocks = CommandLineTest.run("inspect", "--slurm-version", "22.05", blocks.toString());
        assertThat(noBlocks.err()).contains(blocks.resolve("topology.conf") + ":1:1: error: the cluster has 2 block(s);");

        Path yaml = TopologyYamlCommandsTest.folder(dir);
        CommandLineTest.Run old = CommandLineTest.run("inspect", "--slurm-version", "24.11", yaml.toString());
        // PartitionName=blk Nodes=node[01-16] Topology=nvl: the first partition bound to a named topology
        assertThat(old.err()).contains(yaml.resolve("slurm.conf") + ":3:37: error: topology.yaml (Slurm 25.05");

        Path split = Files.createDirectories(dir.resolve("split"));
        Files.writeString(split.resolve("slurm.conf"), """
                GresTypes=gpu
                NodeName=s[1-2] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:2
                """);
        Files.writeString(split.resolve("gres.conf"), """
                # one GPU per socket half
                NodeName=s[1-2] Name=gpu File=/dev/nvidia0 Cores=8-15
                NodeName=s[1-2] Name=gpu File=/dev/nvidia1 Cores=16-31
                """);
        CommandLineTest.Run refused = CommandLineTest.run("inspect", "--slurm-version", "24.11", split.toString());
        assertThat(refused.err()).contains(split.resolve("gres.conf") + ":2:44: error: Slurm 24.11 sets s1 INVALID");
    }

    @Test
    void manifestRecordsTheReleaseAndTheTopologyTheSlurmFilesWereWrittenFor(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", blocks(dir).toString(), "--out",
                out.toString(), "--targets", "slurm", "--slurm-version", "24.11");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("MANIFEST.txt")).get(1))
                .isEqualTo("# Slurm files written for Slurm 24.11 (--slurm-version)");

        Path picked = dir.resolve("picked");
        CommandLineTest.Run p = CommandLineTest.run("export", "--cluster", TopologyYamlCommandsTest.folder(dir)
                .toString(), "--out", picked.toString(), "--targets", "slurm", "--slurm-version", "22.05",
                "--topology", "fabric");
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(Files.readAllLines(picked.resolve("MANIFEST.txt")).get(1))
                .isEqualTo("# Slurm files written for Slurm 22.05 (--slurm-version), from topology fabric alone"
                        + " (--topology)");

        Path k8s = dir.resolve("k8s-only");
        assertThat(CommandLineTest.run("export", "--example", "--out", k8s.toString(), "--targets", "k8s").code())
                .isZero();
        assertThat(Files.readString(k8s.resolve("MANIFEST.txt"))).doesNotContain("Slurm files written");
    }

    @Test
    void topologyPickNarrowsTheSlurmFilesOnlyNotTheKubernetesOnes(@TempDir Path dir) throws Exception {
        String cluster = TopologyYamlCommandsTest.folder(dir).toString();
        Path picked = dir.resolve("picked");
        CommandLineTest.Run p = CommandLineTest.run("export", "--cluster", cluster, "--out", picked.toString(),
                "--targets", "slurm,k8s", "--slurm-version", "24.11", "--topology", "fabric");
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(Files.readString(picked.resolve("slurm/topology.conf"))).contains("SwitchName=leaf1")
                .doesNotContain("BlockName");
        Path whole = dir.resolve("whole");
        CommandLineTest.Run w = CommandLineTest.run("export", "--cluster", cluster, "--out", whole.toString(),
                "--targets", "k8s");
        assertThat(w.code()).as(w.err()).isZero();
        List<Path> k8sFiles;
        try (var walk = Files.walk(whole.resolve("k8s"))) {
            k8sFiles = walk.filter(Files::isRegularFile).map(f -> whole.relativize(f)).sorted().toList();
        }
        assertThat(k8sFiles).isNotEmpty();
        for (Path f : k8sFiles) {
            assertThat(Files.readString(picked.resolve(f.toString()))).as(f.toString())
                    .isEqualTo(Files.readString(whole.resolve(f)));
        }
    }
}
