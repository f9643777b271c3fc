package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.workload.SacctReader;

class WhatIfCommandTest {
    @Test
    void writesRecordsSeriesAndAReportAndASacctHistoryThatReadsBack(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path sacct = dir.resolve("history.txt");
        CommandLineTest.Run r = CommandLineTest.run("whatif", "--workload", "gen:helios:jobs=150:seed=3:rate=300",
                "--example", "--policies", "slurm-tree,planner", "--discipline", "fifo", "--out", out.toString(),
                "--sacct-out", sacct.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out.resolve("records-example-slurm-tree-fifo.csv")).exists();
        List<String> records = Files.readAllLines(out.resolve("records-example-planner-fifo.csv"));
        assertThat(records.get(0)).startsWith("job,gpus,nodes,submit_s,start_s");
        assertThat(records).hasSize(151);
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(summary).hasSize(3);
        assertThat(summary.get(1)).startsWith("example,slurm-tree,fifo,150,");
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<svg").contains("GPU utilisation over time").contains("Mean wait by job size")
                .contains("checked against real Slurm runs").contains("Slowdown = (1 - c)");
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
        // the history replays: the same 150 jobs come back from sacct's format
        SacctReader.Result back = SacctReader.read("h", Files.readString(sacct));
        assertThat(back.hasErrors()).isFalse();
        assertThat(back.jobs()).hasSize(150);
        CommandLineTest.Run again = CommandLineTest.run("whatif", "--workload", sacct.toString(), "--example",
                "--policies", "planner", "--out", dir.resolve("again").toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("again").resolve("records-example-planner-easy.csv"))).hasSize(151);
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThat(CommandLineTest.run("whatif", "--workload", "gen:nosuch", "--example", "--out", "x").code())
                .isEqualTo(2);
        assertThat(CommandLineTest.run("whatif", "--workload", "gen:pai", "--example", "--policies", "nope",
                "--out", "x").code()).isEqualTo(2);
        assertThat(CommandLineTest.run("whatif", "--workload", "gen:pai", "--out", "x").err())
                .contains("--cluster SRC (once per design) or --example");
    }
}
