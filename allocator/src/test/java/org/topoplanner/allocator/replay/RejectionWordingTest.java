package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The words of every stored rejection (issue 16: users read them). Each stored real output ({@code results/},
 * {@code results/new/}, {@code results/v26.05/}, one per case and release; reruns and timed copies left out) is
 * replayed, and each {@code REJECTED} line the real run and the replay both print is compared by its {@code
 * submit_error}, with only the fixed prefixes sbatch prints ({@code "sbatch: error: "}, {@code "Batch job submission
 * failed: "}) taken off each line. The jobs whose words still differ are listed per case and release in {@code
 * oracle/known-wording.txt}; the replay must differ on exactly those, so a fix shrinks the list and a regression
 * fails. Which jobs are refused is {@link KnownMismatchReplayTest}'s business: a job only one side refuses is not
 * compared here. {@code -Dwording.diff=true} prints each differing pair and the count of each pair of texts.
 */
class RejectionWordingTest {
    private static final Map<String, String> FOLDERS = new LinkedHashMap<>();

    static {
        FOLDERS.put("results", "22.05");
        FOLDERS.put("results/new", "24.11");
        FOLDERS.put("results/v26.05", "26.05");
    }

    @Test
    void everyStoredRejectionIsWordedAsRealSlurmWordsIt() throws Exception {
        Map<String, Set<String>> known = known();
        Map<String, Set<String>> differing = new TreeMap<>();
        Map<String, Integer> groups = new TreeMap<>();
        int compared = 0;
        int same = 0;
        for (var folder : FOLDERS.entrySet()) {
            for (String file : storedOutputs(folder.getKey())) {
                String caseName = file.substring(0, file.length() - ".jsonl".length());
                String results = folder.getKey() + "/" + file;
                String real = OracleCase.resource(results);
                if (!real.contains("\"REJECTED\"") || !exists("cases/" + caseName + "/jobs.txt")) {
                    continue;
                }
                List<String> replay = replay(caseName, folder.getValue(), real.lines().toList());
                Map<String, Deque<String>> replayed = rejections(replay);
                for (var r : rejections(real.lines().toList()).entrySet()) {
                    Deque<String> mine = replayed.getOrDefault(r.getKey(), new ArrayDeque<>());
                    for (String text : r.getValue()) {
                        String ours = mine.pollFirst();
                        if (ours == null) {
                            continue;
                        }
                        compared++;
                        if (text.equals(ours)) {
                            same++;
                        } else {
                            differing.computeIfAbsent(caseName + " " + folder.getValue(), k -> new TreeSet<>())
                                    .add(r.getKey());
                            if (Boolean.getBoolean("wording.diff")) {
                                System.out.printf("wording-pair %s %s %s%n    real:   %s%n    replay: %s%n", caseName,
                                        folder.getValue(), r.getKey(), text.replace("\n", "\\n"),
                                        ours.replace("\n", "\\n"));
                            }
                            groups.merge(folder.getValue() + " | " + text + " | " + ours, 1, Integer::sum);
                        }
                    }
                }
            }
        }
        if (Boolean.getBoolean("wording.diff")) {
            groups.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .forEach(g -> System.out.printf("%5d  %s%n", g.getValue(), g.getKey().replace("\n", "\\n")));
        }
        if (Boolean.getBoolean("wording.diff")) {
            differing.forEach((k, jobs) -> System.out.println("wording-differs " + k + " " + String.join(" ", jobs)));
        }
        System.out.printf("rejection wording: %d/%d stored rejections worded as real%n", same, compared);
        assertThat(differing).as("jobs whose rejection is worded otherwise than real (oracle/known-wording.txt)")
                .isEqualTo(known);
    }

    /** A rejection's words without the prefixes sbatch puts before each line. */
    static String words(String submitError) {
        List<String> out = new ArrayList<>();
        for (String l : submitError.strip().split("\n")) {
            String t = l.startsWith("sbatch: error: ") ? l.substring("sbatch: error: ".length()) : l;
            out.add(t.startsWith("Batch job submission failed: ")
                    ? t.substring("Batch job submission failed: ".length()) : t);
        }
        return String.join("\n", out);
    }

    private static Map<String, Deque<String>> rejections(List<String> lines) {
        Map<String, Deque<String>> out = new LinkedHashMap<>();
        for (JsonNode j : OracleComparison.jobLines(lines)) {
            if ("REJECTED".equals(j.path("state").asText())) {
                out.computeIfAbsent(j.path("name").asText(), k -> new ArrayDeque<>())
                        .add(words(j.path("submit_error").asText()));
            }
        }
        return out;
    }

    private static List<String> replay(String caseName, String version, List<String> realLines) {
        // the same cluster and policy as KnownMismatchReplayTest
        boolean yaml = caseName.startsWith("yamlfz") || caseName.startsWith("yml")
                || exists("cases/" + caseName + "/topology.yaml");
        Cluster cluster = yaml ? OracleCase.clusterWithTopologyYaml(caseName) : OracleCase.cluster(caseName);
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        boolean blocks = caseName.startsWith("blockfz") || (!yaml && !cluster.fabric().blocks().isEmpty());
        PlacementPolicy policy = blocks ? new SlurmBlockPolicy(options) : new SlurmTreePolicy(options);
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        return ReplayLine.lines(new Replayer(cluster, policy, PassTiming.of(v), TimedOutput.measured(realLines))
                .run(script));
    }

    private static Map<String, Set<String>> known() {
        Map<String, Set<String>> out = new TreeMap<>();
        for (String line : OracleCase.resource("known-wording.txt").lines().toList()) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] f = t.split("\\s+");
            out.put(f[0] + " " + f[1], new TreeSet<>(List.of(f).subList(2, f.length)));
        }
        return out;
    }

    private static List<String> storedOutputs(String folder) throws IOException, URISyntaxException {
        Path dir = Path.of(OracleCase.class.getResource("/oracle/" + folder).toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("[A-Za-z0-9_]+\\.jsonl")).sorted().toList();
        }
    }

    private static boolean exists(String path) {
        return OracleCase.class.getResource("/oracle/" + path) != null;
    }
}
