package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;

/**
 * The differential fuzz cases (own cases {@code fuzzNN}, {@code cases/gen.py fuzz SEED N DIR}, real
 * outputs of 22.05.8, 24.11.5 and 26.05.5; and the topology/block cases {@code blockfzNN},
 * {@code cases/gen.py block SEED N DIR}, real 24.11.5 and 26.05.5, replayed with {@code slurm-block}; and the
 * {@code topology.yaml} cases {@code yamlfzNN}, {@code cases/gen.py yaml SEED N DIR}, real 26.05.5) whose replay does
 * not match every line yet (a random block or {@code topology.yaml} case that now matches every line stays listed with no jobs). Each is listed in
 * {@code oracle/known-mismatch.txt} with the jobs whose lines differ; the replay must differ on exactly
 * those jobs and match every other line, so a fix shows up here (the list shrinks) and a regression
 * fails. The count of matching lines per case is printed. A case that matches every line belongs in
 * {@link SlurmTreeReplayTest} instead.
 */
class KnownMismatchReplayTest {

    static Stream<Arguments> knownMismatches() {
        List<Arguments> out = new ArrayList<>();
        // -Doracle.cases=a,b: only those cases' lines, to score a new batch without replaying every stored case
        List<String> only = List.of(System.getProperty("oracle.cases", "").split(",")).stream()
                .filter(c -> !c.isBlank()).toList();
        for (String line : OracleCase.resource("known-mismatch.txt").lines().toList()) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] f = t.split("\\s+");
            if (only.isEmpty() || only.contains(f[0])) {
                out.add(Arguments.of(f[0], f[1], f[2], List.of(f).subList(3, f.length)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} with Slurm {2}: {3} known")
    @MethodSource("knownMismatches")
    void replayDiffersOnlyOnTheListedJobs(String caseName, String results, String version, List<String> known) {
        // the topology.yaml fuzz cases (cases/gen.py yaml) bind named topologies to partitions
        // (and the probes of them, named yml*: own probe yml8y16)
        // (and any other probe whose folder holds a topology.yaml: own probe c26l1)
        boolean yaml = caseName.startsWith("yamlfz") || caseName.startsWith("yml")
                || KnownMismatchReplayTest.class.getResource("/oracle/cases/" + caseName + "/topology.yaml") != null;
        Cluster cluster = yaml ? OracleCase.clusterWithTopologyYaml(caseName) : OracleCase.cluster(caseName);
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        // the block fuzz cases (cases/gen.py block) run slurm-block, the others slurm-tree (with topology.yaml
        // the partition's topology decides, whichever Slurm policy runs)
        // (and a probe of a block case under its own name, whose topology.conf defines blocks: own probe c24h3)
        boolean blocks = caseName.startsWith("blockfz")
                || (!yaml && !cluster.fabric().blocks().isEmpty());
        PlacementPolicy policy = blocks ? new SlurmBlockPolicy(options) : new SlurmTreePolicy(options);
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        List<String> realLines = OracleCase.resource(results).lines().toList();
        // a timed run (.ci/oracle-timed, NAME-timed.jsonl) says where each queued pass fell; -Doracle.times=false
        // replays it as an output without times, for the figures with and without them
        MeasuredRun measured = Boolean.parseBoolean(System.getProperty("oracle.times", "true"))
                ? TimedOutput.measured(realLines) : MeasuredRun.NONE;
        List<String> lines = ReplayLine.lines(new Replayer(cluster, policy, PassTiming.of(v), measured).run(script));
        var expected = OracleComparison.jobLines(realLines);
        var actual = OracleComparison.jobLines(lines);
        assertThat(expected).hasSizeGreaterThan(20);
        // lines are paired by job and moment (submit, snapshot, final): a job Slurm refused at submit has no
        // final line there while the replay, which ran it, has one (fuzz08 f50 under 22.05)
        java.util.Map<String, String> replayed = new java.util.LinkedHashMap<>();
        actual.forEach(a -> replayed.merge(key(a), OracleComparison.summary(a), (x, y) -> x + "\n" + y));
        java.util.Map<String, String> real = new java.util.LinkedHashMap<>();
        expected.forEach(e -> real.merge(key(e), OracleComparison.summary(e), (x, y) -> x + "\n" + y));
        Set<String> differing = new TreeSet<>();
        int same = 0;
        Set<String> keys = new java.util.LinkedHashSet<>(real.keySet());
        keys.addAll(replayed.keySet());
        for (String k : keys) {
            String e = real.get(k);
            if (e != null && e.equals(replayed.get(k))) {
                same += (int) e.lines().count();
            } else {
                differing.add(k.substring(0, k.indexOf(' ')));
                if (Boolean.getBoolean("oracle.diff")) {
                    // -Doracle.diff=true: both sides of every differing line, to read the first difference
                    System.out.printf("  %s %s%n    real:   %s%n    replay: %s%n", caseName, k, e, replayed.get(k));
                }
            }
        }
        // issue 16 asks how many random jobs each release matches in a row: from the first job on, and the
        // longest run, in the script's job order (a job matches when every line of it does)
        int fromFirst = -1;
        int run = 0;
        int longest = 0;
        for (String job : keys.stream().map(k -> k.substring(0, k.indexOf(' '))).distinct().toList()) {
            if (differing.contains(job)) {
                fromFirst = fromFirst < 0 ? run : fromFirst;
                run = 0;
            } else {
                longest = Math.max(longest, ++run);
            }
        }
        System.out.printf("known-mismatch %s under %s: %d/%d job lines match, %d jobs listed as differing;"
                        + " jobs matched in a row: %d from the first, longest %d%n",
                caseName, version, same, expected.size(), known.size(), fromFirst < 0 ? longest : fromFirst, longest);
        // the results file is named because one case may be listed twice (a rerun kept beside the stored run)
        assertThat(differing).as("jobs of %s under %s whose lines differ (oracle/known-mismatch.txt, %s)", caseName,
                version, results).containsExactlyInAnyOrderElementsOf(known);
    }

    private static String key(com.fasterxml.jackson.databind.JsonNode line) {
        return line.path("name").asText() + " " + line.path("when").asText();
    }
}
