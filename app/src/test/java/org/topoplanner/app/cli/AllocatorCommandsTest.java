package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AllocatorCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "replay of tree32 under Slurm {0} matches the real one")
    @CsvSource({"22.05", "24.11", "26.05"})
    void replayReproducesTheRealSlurm(String version) throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("replay", "--cluster", ConvertCommandTest.input("tree32").toString(),
                "--policy", "slurm-tree", "--slurm-version", version,
                ConvertCommandTest.input("tree32-jobs.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, String> ours = jobLines(r.out().lines().toList());
        Map<String, String> real = jobLines(Files.readAllLines(ConvertCommandTest.input("oracle/tree32-" + version + ".jsonl")));
        assertThat(ours).hasSize(real.size()).isEqualTo(real);
    }

    @Test
    void slurmVersionDefaultsTo2605AndNamesTheThreeReleases() throws Exception {
        CommandLineTest.Run help = CommandLineTest.run("place", "--help");
        // picocli wraps the description; compare with the line breaks folded
        assertThat(help.out().replaceAll("\\s+", " ")).contains("--slurm-version=V Slurm release")
                .contains("26.05, 24.11 or 22.05 (default 26.05)");
        CommandLineTest.Run bad = CommandLineTest.run("place", "--example", "--policy", "slurm-tree",
                "--slurm-version", "23.02", "--", "-N", "1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--slurm-version must be 26.05, 24.11, 22.05, not 23.02");
        // a patch level names its release (what `sinfo --version` prints can be pasted)
        CommandLineTest.Run patch = CommandLineTest.run("place", "--example", "--policy", "slurm-tree",
                "--slurm-version", "26.05.5", "--json", "--", "-N", "1", "--gpus-per-node=8");
        assertThat(patch.code()).as(patch.err()).isZero();
        assertThat(JSON.readTree(patch.out()).at("/placement/nodelist").asText()).isEqualTo("node01");
    }

    /** when+name to state, reason, nodes, and per node CPU ids and GPU indices. */
    private static Map<String, String> jobLines(List<String> lines) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines) {
            JsonNode n = JSON.readTree(line);
            if (!"job".equals(n.path("type").asText())) {
                continue;
            }
            List<String> alloc = new ArrayList<>();
            n.path("alloc").forEach(a -> alloc.add(a.path("node").asText() + " c" + a.path("cpus") + " g" + a.path("gpus")));
            out.put(n.path("when").asText() + " " + n.path("name").asText(), n.path("state").asText() + " "
                    + n.path("reason").asText("") + " " + n.path("nodes") + " " + alloc);
        }
        return out;
    }

    @Test
    void placeExplainsItsAnswerAsJson() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--json", "--",
                "-N", "4", "--gpus-per-node=8");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode d = JSON.readTree(r.out());
        assertThat(d.get("outcome").asText()).isEqualTo("placed");
        assertThat(d.at("/placement/nodelist").asText()).isEqualTo("node[01-04]");
        assertThat(d.at("/metrics/leaves").asInt()).isEqualTo(1);
        assertThat(d.get("violations").isArray()).isTrue();
    }

    @Test
    void placeSaysWhenAJobCanNeverRun() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--",
                "-N", "40", "--gpus-per-node=8");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("slurm-tree:");
    }

    @Test
    void placeNamesABadSbatchOptionAsAUsageError() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--", "--gpus-per-nodes=8");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown option --gpus-per-nodes (word 1)");
        CommandLineTest.Run c = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--", "-N1", "-C", "a100");
        assertThat(c.code()).isEqualTo(2);
        assertThat(c.err()).contains("--constraint=a100 (word 2): changes where Slurm places the job and is not emulated");
    }

    /** A line pasted from a real job script: its abbreviations read, --time and friends noted on stderr. */
    @Test
    void placeReadsARealSbatchLineAndNotesWhatDoesNotPlaceTheJob() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--json", "--",
                "-N", "1", "--gpus-per-n=8", "-t", "01:00:00", "--output=slurm-%j.out", "-A", "proj",
                "--mail-type=END");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(JSON.readTree(r.out()).at("/placement/nodelist").asText()).isEqualTo("node01");
        assertThat(r.err()).contains("-:0:0: info: read, not used for placement (held against a partition's MaxTime): --time=01:00:00")
                .contains("info: read, not used for placement: --output=slurm-%j.out")
                .contains("info: read, not used for placement: --account=proj");
    }

    /** real 22.05.8: unrecognized option '--oom-kill-step' (24.11 added it); placed as the newer releases read it. */
    @Test
    void placeWarnsWhenTheChosenSbatchLacksAnOption() {
        CommandLineTest.Run old = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--slurm-version",
                "22.05", "--", "-N", "1", "--oom-kill-step=1");
        assertThat(old.code()).as(old.err()).isZero();
        assertThat(old.err()).contains("-:0:0: warning: sbatch 22.05 has no --oom-kill-step and does not take this"
                + " job as written");
        CommandLineTest.Run now = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--", "-N", "1",
                "--oom-kill-step=1");
        assertThat(now.err()).doesNotContain("warning");
    }

    /** A batch script: its #SBATCH lines up to the first command, the options after -- winning, its name the file's. */
    @Test
    void placeTakesABatchScript(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("train.sbatch");
        Files.writeString(script, "#!/bin/bash\n#SBATCH --nodes=2 --gpus-per-node=8\n#SBATCH --time=2:00:00\n"
                + "#SBATCH --qos=high\n\nsrun python train.py\n#SBATCH --nodes=9\n");
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--json",
                "--script", script.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode placed = JSON.readTree(r.out());
        assertThat(placed.at("/job").asText()).isEqualTo("train.sbatch");
        assertThat(placed.at("/placement/hosts").size()).isEqualTo(2);
        assertThat(r.err()).contains(script + ":0:0: info: read, not used for placement (held against a partition's MaxTime): --time=2:00:00");
        CommandLineTest.Run over = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--json",
                "--script", script.toString(), "--", "-N", "1", "-J", "one");
        assertThat(over.code()).as(over.err()).isZero();
        assertThat(JSON.readTree(over.out()).at("/placement/hosts").size()).isEqualTo(1);
        assertThat(JSON.readTree(over.out()).at("/job").asText()).isEqualTo("one");
    }

    @Test
    void aBatchScriptsRefusalNamesItsLineAndColumn(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("c.sbatch");
        Files.writeString(script, "#!/bin/bash\n#SBATCH -N 2\n#SBATCH   --mem-bind=local\nhostname\n");
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--script",
                script.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(script + ":3:11: error: --mem-bind=local (#SBATCH line 3, column 11): changes"
                + " where Slurm places the job and is not emulated");
        CommandLineTest.Run missing = CommandLineTest.run("place", "--example", "--policy", "slurm-tree", "--script",
                dir.resolve("none.sbatch").toString());
        assertThat(missing.code()).isEqualTo(1);
    }

    @Test
    void compareListsEveryPolicy() {
        CommandLineTest.Run r = CommandLineTest.run("compare", "--example", "--", "-N", "2", "--gpus-per-node=8");
        assertThat(r.code()).isZero();
        for (String p : new String[] {"slurm-tree", "slurm-block", "k8s-default", "kueue-tas", "volcano"}) {
            assertThat(r.out()).contains(p);
        }
    }

    @Test
    void validateFindsOvercommitAndBrokenBinding(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("p.json");
        Files.writeString(p, """
                [{"job": "a", "sbatch": ["-N", "2", "--gpus-per-node=4", "--gres-flags=enforce-binding"],
                  "hosts": [{"host": "node01", "gpus": [0, 1, 2, 3], "cpus": "0"},
                            {"host": "node02", "gpus": [0, 1, 2, 3], "cpus": "20"}]},
                 {"job": "b", "hosts": [{"host": "node01", "gpus": [3], "cpus": "1"}]}]
                """);
        CommandLineTest.Run r = CommandLineTest.run("validate", "--example", "--placement", p.toString(), "--json");
        assertThat(r.code()).isEqualTo(1);
        JsonNode d = JSON.readTree(r.out());
        assertThat(d.get(0).get("valid").asBoolean()).isFalse();
        assertThat(d.get(0).get("violations").toString()).contains("CPU_NOT_LOCAL");
        assertThat(d.get(1).get("violations").toString()).contains("RESOURCE_OVERCOMMIT");
    }

    /** A placement's sbatch options from a real script: --time and --output noted per job, the placement judged. */
    @Test
    void validateNotesTheOptionsItReadsButDoesNotJudge(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("p.json");
        Files.writeString(p, """
                [{"job": "a", "sbatch": ["-N", "1", "--gpus-per-node=2", "-t", "30", "--output=a.out"],
                  "hosts": [{"host": "node01", "gpus": [0, 1], "cpus": "0-1"}]}]
                """);
        CommandLineTest.Run r = CommandLineTest.run("validate", "--example", "--placement", p.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("info: a: read, not used for placement (held against a partition's MaxTime): --time=30")
                .contains("info: a: read, not used for placement: --output=a.out");
    }

    @Test
    void thePlannerTakesTheSchedulersHardSettingsAsLimits() {
        CommandLineTest.Run tier = CommandLineTest.run("place", "--example", "--policy", "planner", "--volcano-tier", "1",
                "--", "-N", "9", "--gpus-per-node=8");
        assertThat(tier.code()).isEqualTo(1);
        assertThat(tier.out()).contains("Volcano highestTierAllowed=1").contains("the largest has 8 hosts");
        CommandLineTest.Run numa = CommandLineTest.run("place", "--example", "--policy", "planner", "--tm-policy",
                "single-numa-node", "--", "-N", "1", "--gpus-per-node=8");
        assertThat(numa.code()).isEqualTo(1);
        assertThat(numa.out()).contains("TopologyAffinityError");
        CommandLineTest.Run kueue = CommandLineTest.run("place", "--example", "--policy", "planner", "--kueue-required",
                "topoplanner.org/tier-2", "--", "-N", "12", "--gpus-per-node=8");
        assertThat(kueue.code()).as(kueue.err()).isZero();
        assertThat(kueue.out()).contains("node[01-04,09-16]").contains("1 spine");
    }

    @Test
    void kueueAnnotationsExcludeEachOther() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "kueue-tas", "--kueue-required",
                "topoplanner.org/tier-1", "--kueue-unconstrained", "--", "-N", "2", "--gpus-per-node=8");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("exclude each other");
    }

    @Test
    void validateReportsATierLimitOfTheChosenScheduler(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("p.json");
        Files.writeString(p, """
                [{"job": "a", "sbatch": ["-N", "2", "--gpus-per-node=8"],
                  "hosts": [{"host": "node01", "gpus": [0, 1, 2, 3, 4, 5, 6, 7], "cpus": "0"},
                            {"host": "node09", "gpus": [0, 1, 2, 3, 4, 5, 6, 7], "cpus": "0"}]}]
                """);
        CommandLineTest.Run hard = CommandLineTest.run("validate", "--example", "--placement", p.toString(),
                "--policy", "volcano", "--volcano-tier", "1", "--json");
        assertThat(hard.code()).isEqualTo(1);
        assertThat(hard.out()).contains("TIER_LIMIT").contains("Volcano highestTierAllowed=1");
        CommandLineTest.Run none = CommandLineTest.run("validate", "--example", "--placement", p.toString(),
                "--policy", "volcano", "--json");
        assertThat(none.out()).doesNotContain("TIER_LIMIT");
    }
}
