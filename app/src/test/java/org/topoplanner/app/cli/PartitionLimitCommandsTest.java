package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code place} and {@code compare} word a job a partition's limits hold as the window's status bar does
 * (PartitionLimitWords: the partition, its limits as slurm.conf writes them, what the job asks), not with the
 * policy's own sentence, which names neither: one outcome, one wording.
 */
class PartitionLimitCommandsTest {

    private static Path cluster(Path dir) throws Exception {
        Path f = Files.createDirectories(dir.resolve("parts"));
        Files.writeString(f.resolve("slurm.conf"), """
                GresTypes=gpu
                NodeName=n[01-08] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8
                PartitionName=gpu Nodes=n[01-08] Default=YES MaxTime=INFINITE State=UP
                PartitionName=debug Nodes=n[01-04] MaxNodes=2 MaxTime=30 State=UP
                """);
        Files.writeString(f.resolve("gres.conf"), """
                NodeName=n[01-08] Name=gpu File=/dev/nvidia[0-3] Cores=0-15
                NodeName=n[01-08] Name=gpu File=/dev/nvidia[4-7] Cores=16-31
                """);
        return f;
    }

    @Test
    void placeNamesThePartitionAndItsLimit(@TempDir Path dir) throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("place", "--cluster", cluster(dir).toString(),
                "--policy", "slurm-tree", "--", "-p", "debug", "-N", "3", "--gpus-per-node=8");
        // a job that does not run is place's INVALID (1), as any answer that is not a placement
        assertThat(r.code()).as(r.err()).isEqualTo(TopoPlannerCommand.INVALID);
        assertThat(r.out()).contains("slurm-tree: pending (PartitionNodeLimit): job asks for 3 nodes (-N 3); "
                + "partition debug: 4 nodes, MaxNodes=2");
    }

    @Test
    void compareWordsItTheSameWay(@TempDir Path dir) throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("compare", "--cluster", cluster(dir).toString(),
                "--", "-p", "debug", "-N", "3", "--gpus-per-node=8");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("(?m)^slurm-tree +pending \\(PartitionNodeLimit\\): job asks for 3 "
                + "nodes \\(-N 3\\); partition debug: 4 nodes, MaxNodes=2$");
    }
}
