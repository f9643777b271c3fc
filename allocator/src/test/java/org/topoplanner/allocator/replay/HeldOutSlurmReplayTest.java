package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The held-out score of the Slurm emulation: {@code replay --policy slurm-tree} on real-Slurm cases
 * that no rule of the emulation was fitted to ({@code src/test/resources/oracle/heldout}, see
 * src/test/resources/oracle/heldout/PROVENANCE.md). Three scripts of 70 random jobs each from {@code cases/gen.py} with seeds 101, 102 and
 * 103 (the tuning probes cpumix and cpumix2 used 7 and 11), on the cpumix cluster, run once through the
 * real Slurm 22.05.8 and 24.11.5 and stored as they came out.
 *
 * <p>Unlike {@link SlurmTreeReplayTest}, a mismatch here is not fixed by changing the emulation to fit
 * it: that would make these cases tuning cases and the score meaningless. The emulation is changed
 * only with the tuning cases; this test records where it stands on data it never saw and fails when a
 * change makes it worse. Recorded when the cases were made (2026-12-03): 22.05 <b>264 of 280</b> job
 * lines match (94.3 %; mix101 84/91, mix102 72/74, mix103 108/115), 24.11 <b>247 of 280</b> (88.2 %; 77/91,
 * 71/74, 99/115). 26.05.5 (run 2026-12-04, after the 26.05 rules were read from its source and fitted to
 * the tuning cases only): <b>222 of 280</b> (79.3 %; 64/91, 67/74, 91/115). A line counts only if state, reason, nodes, CPU ids, GPU indices and leaves all equal
 * the real one, and one early difference can change every later placement, so the score is a floor of
 * how often single decisions agree. A better score is printed; raise the recorded one with it. Raised
 * for 22.05 to <b>266</b> (mix102 74/74) by the 22.05 CPU layout of jobs without {@code -n}, a rule taken
 * from the source and the tuning cases binding and fuzz01 (i16-bind), not from these.
 */
class HeldOutSlurmReplayTest {
    private static final List<String> CASES = List.of("mix101", "mix102", "mix103");

    @ParameterizedTest(name = "Slurm {0}: at least {2} of {3} held-out job lines match")
    @CsvSource({
        "22.05, results,     270, 280",
        "24.11, results/new, 260, 280",
        "26.05, results/v26.05, 254, 280",
    })
    void heldOutScoreDoesNotDrop(String version, String results, int recordedMatching, int recordedTotal) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        int matching = 0;
        int total = 0;
        StringBuilder perCase = new StringBuilder();
        for (String name : CASES) {
            String dir = "heldout/cases/" + name;
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource(dir + "/jobs.txt")).script();
            var actual = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.clusterIn(dir), policy).run(script)));
            var expected = OracleComparison.jobLines(
                    OracleCase.resource("heldout/" + results + "/" + name + ".jsonl").lines().toList());
            int same = 0;
            for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
                if (OracleComparison.summary(expected.get(i)).equals(OracleComparison.summary(actual.get(i)))) {
                    same++;
                }
            }
            matching += same;
            total += expected.size();
            perCase.append(' ').append(name).append(' ').append(same).append('/').append(expected.size());
        }
        System.out.printf("held-out score, Slurm %s: %d/%d job lines match (%.1f %%);%s%n",
                version, matching, total, 100.0 * matching / total, perCase);
        assertThat(total).as("job lines in the held-out real outputs").isEqualTo(recordedTotal);
        assertThat(matching).as("held-out job lines the emulation matches under Slurm %s", version)
                .isGreaterThanOrEqualTo(recordedMatching);
    }
}
