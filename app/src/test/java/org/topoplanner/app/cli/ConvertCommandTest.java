package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {

    static Path input(String name) throws Exception {
        return Path.of(ConvertCommandTest.class.getResource("/inputs/" + name).toURI());
    }

    @Test
    void replacesSlurmibtopologyOnARealDump() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm-topology",
                input("example-32.ibnetdiscover").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> !l.startsWith("#"))).containsExactlyInAnyOrder(
                "SwitchName=core Switches=spine[1-2]",
                "SwitchName=spine1 Switches=leaf[1-2]",
                "SwitchName=spine2 Switches=leaf[3-4]",
                "SwitchName=leaf1 Nodes=node[001-008]",
                "SwitchName=leaf2 Nodes=node[009-016]",
                "SwitchName=leaf3 Nodes=node[017-024]",
                "SwitchName=leaf4 Nodes=node[025-032]");
    }

    @Test
    void readsASlurmFolderAsOneClusterAndWritesItsGresBack(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("gres.conf");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm-gres", "-o", out.toString(),
                input("tree32").toString());
        assertThat(r.code()).as(r.err()).isZero();
        String gres = Files.readString(out);
        assertThat(gres).contains("NodeName=node[01-32]").contains("File=/dev/nvidia0").contains("Cores=0-15")
                .contains("Links=-1,4,4,4,0,0,0,0").contains("Cores=16-31");
    }

    @Test
    void mergesAFolderWithAnNvidiaSmiMatrixAndReportsTheDisagreements() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("inspect", input("tree32").toString(),
                input("a100-sxm4-epyc7742-nps4-10nic.txt").toString());
        assertThat(r.out()).contains("32 hosts");
        // tree32 says NVLink weight 4 in groups of four; the A100 box is NV12 all-to-all.
        assertThat(r.err()).contains("warning");
    }

    @Test
    void refusesATreeFileForAClusterOfBlocksAloneAndNamesTheBlockTarget(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("topology.conf");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm-topology", "-o", out.toString(),
                input("block32").toString());
        assertThat(r.code()).isEqualTo(TopoPlannerCommand.INVALID);
        assertThat(r.err()).contains("error").contains("no switches").contains("--to slurm-topology-block");
        assertThat(out).doesNotExist();
        // the block target writes the blocks of the same folder
        CommandLineTest.Run block = CommandLineTest.run("convert", "--to", "slurm-topology-block",
                input("block32").toString());
        assertThat(block.code()).as(block.err()).isZero();
        assertThat(block.out()).contains("BlockName=b1 Nodes=node[01-04]").contains("BlockSizes=4,8,16,32");
    }

    @Test
    void refusesABlockFileForATreeAndNamesTheTreeTarget(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("topology-block.conf");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm-topology-block", "-o", out.toString(),
                input("tree32").toString());
        assertThat(r.code()).isEqualTo(TopoPlannerCommand.INVALID);
        assertThat(r.err()).contains("error").contains("switches (7) and no blocks").contains("--to slurm-topology ");
        assertThat(out).doesNotExist();
    }

    @Test
    void refusesAnEmptyHyperNodesFileForAClusterOfBlocksAlone(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("hypernodes.yaml");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "volcano-hypernodes", "-o", out.toString(),
                input("block32").toString());
        assertThat(r.code()).isEqualTo(TopoPlannerCommand.INVALID);
        assertThat(r.err()).contains("error").contains("no HyperNode").contains("--to k8s-labels");
        assertThat(out).doesNotExist();
        // the labels hold the blocks
        CommandLineTest.Run labels = CommandLineTest.run("convert", "--to", "k8s-labels", input("block32").toString());
        assertThat(labels.code()).as(labels.err()).isZero();
        assertThat(labels.out()).contains("topoplanner.org/block=b1");
    }

    @Test
    void refusesAnUnknownTargetAsAUsageError() {
        CommandLineTest.Run r = CommandLineTest.run("convert", "--to", "slurm.conf", "--example");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("slurm-topology").contains("volcano-hypernodes");
    }

    @Test
    void writesNothingWhenTheInputHasErrors(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("topology.conf");
        Files.writeString(bad, "SwitchName=s1 Switches=s2\nSwitchName=s2 Switches=s1\n");
        Path out = dir.resolve("out.conf");
        CommandLineTest.Run r = CommandLineTest.run("convert", "--format", "slurm-topology", "--to", "slurm-topology",
                "-o", out.toString(), bad.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("topology.conf:").contains("error");
        assertThat(out).doesNotExist();
    }
}
