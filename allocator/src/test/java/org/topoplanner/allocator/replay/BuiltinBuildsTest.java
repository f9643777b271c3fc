package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * sched/builtin's build times read off a run's failed limit checks ({@link BuiltinBuilds}) and which of a pass or a
 * build a look follows ({@link MeasuredRun#buildLastBefore}). Times are c23f1's (24.11.5) less 1796642300.
 */
class BuiltinBuildsTest {
    private static final Map<Integer, Double> RPCS = Map.of(1, 67.685, 2, 68.533, 3, 69.496, 4, 69.823, 5, 73.378,
            6, 73.722);
    private static final List<Double> PASSES = List.of(68.01, 69.002, 70.0, 71.0, 72.006, 74.0, 75.0, 76.006);
    /** c23f1's failed checks, one job each time (several jobs' checks at one time are one event). */
    private static final List<BuiltinBuilds.LimitCheck> CHECKS = checks(3, 69.495, 4, 69.823, 3, 70.0, 3, 71.0,
            3, 71.361, 3, 72.006, 3, 73.362, 5, 73.378, 6, 73.721, 3, 74.0, 3, 75.0, 3, 75.363, 5, 75.364, 3, 76.006,
            6, 77.364, 7, 72.5);

    private static List<BuiltinBuilds.LimitCheck> checks(Object... jobAndTime) {
        List<BuiltinBuilds.LimitCheck> all = new java.util.ArrayList<>();
        for (int i = 0; i < jobAndTime.length; i += 2) {
            all.add(new BuiltinBuilds.LimitCheck((Double) jobAndTime[i + 1], (Integer) jobAndTime[i]));
        }
        return all;
    }

    @Test
    void checksAwayFromRpcsAndPassesAreBuildsEveryTwoSeconds() {
        BuiltinBuilds b = BuiltinBuilds.fromLimitChecks(CHECKS, RPCS, PASSES);
        // the submission checks (1 ms before the RPC line) and the passes' are not builds; 75.363/75.364 is one; job 3's
        // check at 73.362 is a build though 16 ms before job 5's RPC; job 7 (no submission RPC: refused) is none
        assertThat(b.logged()).containsExactly(71.361, 73.362, 75.363, 77.364);
        assertThat(b.period()).isCloseTo(2.001, within(1e-9));
    }

    @Test
    void buildsBetweenAndAroundTheLoggedOnesFollowThePeriod() {
        BuiltinBuilds b = BuiltinBuilds.fromLimitChecks(CHECKS, RPCS, PASSES);
        assertThat(b.lastAtOrBefore(77.445)).isEqualTo(77.364);
        assertThat(b.lastAtOrBefore(77.220)).isEqualTo(75.363);
        assertThat(b.lastAtOrBefore(79.5)).isCloseTo(79.365, within(1e-9));
        assertThat(b.lastAtOrBefore(70.0)).isCloseTo(69.360, within(1e-9));
        // one logged build: the 2 s interval around it
        BuiltinBuilds one = BuiltinBuilds.fromLimitChecks(checks(3, 71.361), RPCS, PASSES);
        assertThat(one.lastAtOrBefore(74.0)).isCloseTo(73.361, within(1e-9));
        assertThat(BuiltinBuilds.NONE.lastAtOrBefore(74.0)).isNaN();
        assertThat(BuiltinBuilds.fromLimitChecks(checks(3, 70.0, 3, 69.495), RPCS, PASSES).known()).isFalse();
    }

    @Test
    void aLookReadsWhicheverCameLastOfPassAndBuild() {
        MeasuredRun run = new MeasuredRun(Map.of(), PASSES)
                .withBuilds(BuiltinBuilds.fromLimitChecks(CHECKS, RPCS, PASSES), Map.of());
        assertThat(run.buildLastBefore(73.722, 77.445)).isTrue();   // g5's snapshot: build 77.364 after pass 76.006
        assertThat(run.buildLastBefore(69.823, 77.220)).isFalse();  // g3's snapshot: pass 76.006 after build 75.363
        assertThat(run.buildLastBefore(69.823, 73.228)).isFalse();  // g3's first snapshot: pass 72.006 after 71.361
        assertThat(run.buildLastBefore(77.40, 77.445)).isFalse();   // a job submitted after that build
        assertThat(new MeasuredRun(Map.of(), PASSES).buildLastBefore(73.722, 77.445)).isFalse(); // no builds logged
    }

    /**
     * Lead s23's featfz19 and featfz20 (each release, {@code ORACLE_TIMED_BUILDS=1}): the builds read off the checks
     * lie on one 2 s grid. Without leaving out the checks of refused jobs (ids with no submission RPC, whose
     * {@code job_allocate} logged a failed limit before the refusal) featfz19 24.11.5 had "builds" at 44.112 (job 36)
     * and 48.949 (job 41) between grid points.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: every build on one 2 s grid")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"results/featfz19.jsonl", "results/new/featfz19.jsonl",
            "results/v26.05/featfz19.jsonl", "results/featfz20.jsonl", "results/new/featfz20.jsonl",
            "results/v26.05/featfz20.jsonl"})
    void theBatchsBuildsLieOnOneGrid(String results) {
        BuiltinBuilds b = TimedOutput.measured(org.topoplanner.allocator.OracleCase.resource(results).lines().toList())
                .builds();
        assertThat(b.logged()).hasSizeGreaterThan(2);
        assertThat(b.period()).isCloseTo(2.0, within(0.005));
        double first = b.logged().get(0);
        for (double t : b.logged()) {
            double k = Math.round((t - first) / b.period());
            assertThat(t - first - k * b.period()).as("build %s", t).isCloseTo(0.0, within(0.03));
        }
    }
}
