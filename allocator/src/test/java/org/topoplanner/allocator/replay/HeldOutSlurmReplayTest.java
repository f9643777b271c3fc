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
 * src/test/resources/oracle/heldout/PROVENANCE.md). Three scripts of 70 random jobs each from {@code cases/gen.py}
 * with seeds 104, 105 and 106, on the cpumix cluster, generated and committed before any run, run once through
 * the real Slurm 22.05.8, 24.11.5 and 26.05.5 on 2026-12-06 and stored as they came out; scored once, by this
 * test, on the emulation of that day (main after the merges of v22h, v24h, v26h and house7): 22.05 <b>242 of
 * 243</b>, 24.11 <b>229 of 243</b>, 26.05 <b>238 of 243</b>.
 *
 * <p>Unlike {@link SlurmTreeReplayTest}, a mismatch here is not fixed by changing the emulation to fit
 * it: that would make these cases tuning cases and the score meaningless. The emulation is changed
 * only with the tuning cases; this test records where it stands on data it never saw and fails when a
 * change makes it worse. A line counts only if state, reason, nodes, CPU ids, GPU indices and leaves all
 * equal the real one, and one early difference can change every later placement, so the score is a floor
 * of how often single decisions agree; the real Slurm does not reach 100 % against itself either (two runs
 * of the earlier held-out cases agreed on 259 and 266 of 280 lines under 24.11.5 and 26.05.5: the harness's
 * look races slurmctld's pass). A better score is printed; raise the recorded one with it.
 *
 * <p>The earlier held-out cases (seeds 101-103, 2026-12-03 to 2026-12-05) became tuning cases
 * {@code cases/mix101}-{@code mix103} on 2026-12-06 once their 26.05 score pointed at a difference that
 * could only be found by reading them (src/test/resources/oracle/heldout/PROVENANCE.md gives their history and
 * last scores).
 */
class HeldOutSlurmReplayTest {
    private static final List<String> CASES = List.of("mix104", "mix105", "mix106");

    @ParameterizedTest(name = "Slurm {0}: at least {2} of {3} held-out job lines match")
    @CsvSource({
        "22.05, results,     242, 243",
        "24.11, results/new, 229, 243",
        "26.05, results/v26.05, 238, 243",
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
