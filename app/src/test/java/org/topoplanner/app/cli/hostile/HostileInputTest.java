package org.topoplanner.app.cli.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.Format;
import org.topoplanner.model.diag.DiagnosticCap;

/**
 * Issue 14's hostile inputs through every subcommand, in-process: no stack trace, no internal error,
 * exit 0, 1 or 2, a file, line and column on every diagnostic, no raw control bytes. The timeout is
 * a safety net against hangs (a FIFO that blocks), not a speed assertion.
 */
class HostileInputTest {
    private static final Duration SAFETY = Duration.ofMinutes(10);
    /** The seed copies the mutants are made from (kept in the project; see src/test/resources/inputs/PROVENANCE.md). */
    private static final Path INPUTS = Path.of("src/test/resources/inputs");

    @TempDir
    Path dir;

    @Test
    void everyFixedHostileCaseGetsAnAnswerThroughEverySubcommand() {
        assertTimeoutPreemptively(SAFETY, () -> {
            List<String> bad = new ArrayList<>();
            for (HostileCorpus.Case c : HostileCorpus.fixed(dir)) {
                for (List<String> cmd : HostileRun.commandsFor(c.file(), dir)) {
                    HostileRun r = HostileRun.of(cmd);
                    r.problems().forEach(p -> bad.add(p + "\n" + r));
                }
            }
            assertThat(bad).isEmpty();
        });
    }

    @Test
    void seededMutantsOfTheSampleCopiesGetAnAnswerThroughEverySubcommand() {
        assertTimeoutPreemptively(SAFETY, () -> {
            List<Path> seeds;
            try (Stream<Path> s = Files.walk(INPUTS)) {
                seeds = s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".gz"))
                        .filter(p -> !p.toString().endsWith(".md")).sorted().toList();
            }
            assertThat(seeds).hasSizeGreaterThan(5);
            List<String> bad = new ArrayList<>();
            for (HostileCorpus.Case c : HostileCorpus.mutants(dir, seeds, 14, 12)) {
                for (List<String> cmd : HostileRun.commandsFor(c.file(), dir)) {
                    HostileRun r = HostileRun.of(cmd);
                    r.problems().forEach(p -> bad.add(p + "\n" + r));
                }
            }
            assertThat(bad).isEmpty();
        });
    }

    @Test
    void placementNumbersAreParsedNotCoerced() throws Exception {
        List<HostileCorpus.Case> cases = HostileCorpus.fixed(dir);
        assertVerdict(cases, "placement-duplicate-gpus.json", ":1:48: error: GPU 0 is listed twice");
        assertVerdict(cases, "placement-string-gpus.json", ":1:46: error: a GPU id is a whole number, not the string \"abc\"");
        assertVerdict(cases, "placement-wrapping-gpus.json", ":1:46: error: GPU id 4294967296 is out of range");
        assertVerdict(cases, "placement-negative-gpus.json", ":1:46: error: GPU id -1 is out of range");
        assertVerdict(cases, "placement-unknown-key.json", ":1:21: error: unknown key 'hostz'");
        assertVerdict(cases, "placement-duplicate-keys.json", ":1:17: error: not valid JSON: Duplicate field 'job'");
        assertVerdict(cases, "placement-bad-sbatch.json", "bad sbatch options of a: --gpus=-8");
    }

    private static void assertVerdict(List<HostileCorpus.Case> cases, String name, String expected) {
        Path f = cases.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().file();
        HostileRun r = HostileRun.of(List.of("validate", "--example", "--placement", f.toString()));
        assertThat(r.code()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).as(r.toString()).contains(expected.startsWith(":") ? f + expected : expected);
    }

    @Test
    void negativeGpuCountsAreUsageErrors() {
        for (String opt : List.of("--gpus=-8", "--gpus-per-node=-8", "--gpus-per-task=-1")) {
            HostileRun r = HostileRun.of(List.of("place", "--example", "--policy", "planner", "--", "-N", "1", opt));
            assertThat(r.code()).as(r.toString()).isEqualTo(2);
            assertThat(r.err()).contains(opt + ": a GPU count cannot be negative");
        }
    }

    @Test
    void anEmptyFileGetsTheSameVerdictFromEveryReader() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.conf"), "");
        for (Format f : Format.values()) {
            HostileRun r = HostileRun.of(List.of("inspect", "--format", f.id(), empty.toString()));
            assertThat(r.code()).as(f.id()).isEqualTo(1);
            assertThat(r.err()).as(f.id()).contains(empty + ":1:1: error: empty file: it describes nothing");
        }
    }

    @Test
    void utf16AndBomInputsReadAsTheirUtf8Original() throws Exception {
        Path original = INPUTS.resolve("a100-sxm4-epyc7742-nps4-10nic.txt");
        String text = Files.readString(original);
        HostileRun plain = HostileRun.of(List.of("inspect", "--json", original.toString()));
        assertThat(plain.code()).isZero();
        for (HostileCorpus.Case c : HostileCorpus.encodings(dir, "topo.txt", text)) {
            HostileRun r = HostileRun.of(List.of("inspect", "--json", c.file().toString()));
            assertThat(r.code()).as(r.toString()).isZero();
            // the host is named after the file; everything inside it must be the same
            JsonNode a = new ObjectMapper().readTree(plain.out()).at("/nodes/0/gpus");
            JsonNode b = new ObjectMapper().readTree(r.out()).at("/nodes/0/gpus");
            assertThat(a.size()).isEqualTo(8);
            assertThat(b).as(c.name()).isEqualTo(a);
        }
    }

    @Test
    void specialAndOversizedFilesAreRefusedWithTheReason() throws Exception {
        List<HostileCorpus.Case> cases = HostileCorpus.fixed(dir);
        for (String name : List.of("a-fifo", "dev-zero")) {
            cases.stream().filter(c -> c.name().equals(name)).findFirst().ifPresent(c -> {
                HostileRun r = HostileRun.of(List.of("inspect", c.file().toString()));
                assertThat(r.code()).isEqualTo(1);
                assertThat(r.err()).contains(c.file() + ":1:1: error: not a regular file");
            });
        }
        Path huge = cases.stream().filter(c -> c.name().equals("sparse-3g.txt")).findFirst().orElseThrow().file();
        HostileRun r = HostileRun.of(List.of("inspect", huge.toString()));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(huge + ":1:1: error: 3 GiB is over the 128 MiB limit for any input format;"
                + " give --max-input-size SIZE");
        Path big = dir.resolve("big-slurm.conf");
        try (var f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.write("NodeName=n1 CPUs=4\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            f.setLength(40L << 20);
        }
        HostileRun slurm = HostileRun.of(List.of("inspect", big.toString()));
        assertThat(slurm.code()).isEqualTo(1);
        assertThat(slurm.err()).contains(big + ":1:1: error: 40 MiB is over the 32 MiB limit for format slurm-conf;"
                + " give --max-input-size SIZE");
        HostileRun missing = HostileRun.of(List.of("inspect", dir.resolve("nope.txt").toString()));
        assertThat(missing.err()).contains("nope.txt:1:1: error: cannot read: no such file or folder");
    }

    @Test
    void diagnosticsAreCappedPerFileWithACountOfTheRest() throws Exception {
        Path f = Files.writeString(dir.resolve("bad.conf"), "NodeName=n[1-0] CPUs=4\n".repeat(5000));
        HostileRun r = HostileRun.of(List.of("inspect", "--format", "slurm-conf", f.toString()));
        assertThat(r.err().lines().filter(l -> l.startsWith(f.toString())).count()).isLessThanOrEqualTo(DiagnosticCap.PER_FILE + 2L);
        assertThat(r.err()).containsPattern("more diagnostics? of this file not shown");
    }

    @Test
    void hostlistBombsStopAtTheLineThatNamesTooManyHosts() throws Exception {
        Path f = Files.writeString(dir.resolve("slurm.conf"), "NodeName=a[0-15]b[0-65535] CPUs=64\n");
        HostileRun r = HostileRun.of(List.of("inspect", f.toString()));
        assertThat(r.err()).contains(f + ":1:10: error: invalid NodeName hostlist 'a[0-15]b[0-65535]': expands to"
                + " more than 65536 hosts");
    }

    @Test
    void replayKeepsJobsOfTheSameNameAndCancelsThemAll() throws Exception {
        Path f = Files.writeString(dir.resolve("jobs.txt"), "job j4 -N 1 --gpus-per-node=8\njob j4 -N 1 --gpus-per-node=8\n"
                + "snapshot\ncancel j4\nsnapshot\n");
        HostileRun r = HostileRun.of(List.of("replay", "--example", "--policy", "slurm-tree", f.toString()));
        assertThat(r.code()).as(r.toString()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.stream().filter(l -> l.contains("\"submit\"")).count()).isEqualTo(2);
        assertThat(lines.stream().filter(l -> l.contains("\"snapshot\"") && l.contains("RUNNING")).count()).isEqualTo(2);
        assertThat(lines.stream().filter(l -> l.contains("\"snapshot\"") && l.contains("CANCELLED")).count()).isEqualTo(2);
    }

    @Test
    void exampleTogetherWithFilesIsAUsageError() throws Exception {
        Path f = Files.writeString(dir.resolve("t.conf"), "SwitchName=s1 Nodes=n1\n");
        assertThat(HostileRun.of(List.of("inspect", "--example", f.toString())).code()).isEqualTo(2);
    }

    @Test
    void singleGpuMetricsHaveNoRingValue() throws Exception {
        HostileRun r = HostileRun.of(List.of("place", "--example", "--policy", "planner", "--json", "--", "-N", "1",
                "--gpus=1"));
        assertThat(r.code()).isZero();
        JsonNode node = new ObjectMapper().readTree(r.out()).at("/metrics/nodes/0");
        assertThat(node.get("ringGBps").isNull()).isTrue();
        assertThat(node.get("nvlinkGBps").isNull()).isTrue();
    }

    @Test
    void nvLaneCountsOfMoreThanTwoDigitsAreLocatedErrors() throws Exception {
        Path f = Files.writeString(dir.resolve("topo.txt"), "\tGPU0\tGPU1\tCPU Affinity\n"
                + "GPU0\t X \tNV9223372036854775808\t0-15\nGPU1\tNV9223372036854775808\t X \t0-15\n");
        HostileRun r = HostileRun.of(List.of("inspect", "--format", "nvidia-smi-topo", f.toString()));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(f + ":2:10: error: 'NV9223372036854775808' is not a link class");
    }
}
