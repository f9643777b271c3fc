package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.replay.Leaves;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * The planner against real Slurm on the probe cases ({@code cases/gen.py fuzz4/fuzz5/fuzz6/fuzz7/fuzz8}, {@code probefuzz.py}:
 * background jobs fragment the cluster, then every probe is cancelled right after its submit line). Each probe is
 * asked of the planner on the state real Slurm had when it was submitted (the background jobs' real CPUs and
 * GPUs, read from the real output, not the emulation's), so the verdict is on the planner alone. Where real Slurm
 * ran the probe the planner places it, on no more leaves (issue 16: "optimal on every probe"); where real Slurm
 * refused it at submit or left it waiting for resources the planner does not place it ("never accepting what
 * Slurm refuses"). A {@code --switches} probe is judged by its last line (run once its wait ran out); where Slurm
 * ran it on more leaves than the limit, the planner, which keeps {@code --switches} as a hard limit (spec
 * the allocator chapter), must not place it past the limit, and waiting is no disagreement. A {@code --switches} probe
 * Slurm holds with {@code Resources} at submit while {@code slurm-tree} finds its greedy choice over the limit
 * ({@link Suggestion.Waiting}: Slurm waits, then runs it there) is held for the wait, not refused: the planner
 * may place it at once within the limit. The probes
 * that break either rule are listed in {@code oracle/planner-probes-known.txt} (kind {@code missed}: Slurm ran it,
 * the planner did not; {@code leaves}: the planner used more leaves; {@code accepted}: Slurm refused or waited,
 * the planner placed it): the test fails on any change to that list, so a fix shows (the list shrinks) and so does
 * a regression. Every "accepted" and "missed" probe must also be one where {@code slurm-tree} of the release itself
 * starts (or does not start) the probe on the same state, so nothing but the emulation's own mismatch causes it.
 * The counts per case are printed.
 */
class PlannerRealProbesTest {
    private static final List<String> CASES = List.of("fuzz21", "fuzz22", "fuzz23", "fuzz24", "fuzz25", "fuzz26",
            "fuzz27", "fuzz28", "fuzz29", "fuzz30", "fuzz31", "fuzz32", "fuzz33", "fuzz34", "fuzz35", "fuzz36",
            "fuzz37", "fuzz38", "fuzz39", "fuzz40", "fuzz41", "fuzz42", "fuzz43", "fuzz44", "fuzz45", "fuzz46",
            "fuzz47", "fuzz48", "fuzz49", "fuzz50", "fuzz51", "fuzz52", "fuzz53", "fuzz54", "fuzz55", "fuzz56", "fuzz57", "fuzz58", "fuzz59", "fuzz60", "fuzz61", "fuzz62", "fuzz63", "fuzz64", "fuzz65", "fuzz66",
            "fuzz67", "fuzz68", "fuzz69", "fuzz70", "fuzz71", "fuzz72", "fuzz73", "fuzz74", "fuzz75", "fuzz76", "fuzz77", "fuzz78", "fuzz79", "fuzz80", "fuzz81", "fuzz82", "fuzz83", "fuzz84", "fuzz85", "fuzz86", "fuzz87", "fuzz88", "fuzz89", "fuzz90", "fuzz91", "fuzz92", "fuzz93", "fuzz94", "fuzz95", "fuzz96", "fuzz97", "fuzz98", "fuzz99", "fuzz100", "fuzz101", "fuzz102", "fuzz103", "fuzz104", "fuzz105", "fuzz106", "fuzz107", "fuzz108", "fuzz109", "fuzz110", "fuzz111", "fuzz112", "fuzz113", "fuzz114", "fuzz115", "fuzz116", "fuzz117", "fuzz118", "fuzz119", "fuzz120", "fuzz121", "fuzz122", "fuzz123", "fuzz124", "fuzz125",
            "plsock1", "plseed27624");

    static Stream<Arguments> probeCases() {
        Map<String, List<String>> known = new LinkedHashMap<>();
        for (String line : OracleCase.resource("planner-probes-known.txt").lines().toList()) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                String[] f = t.split("\\s+");
                known.put(f[0] + " " + f[1], List.of(f).subList(2, f.length));
            }
        }
        List<Arguments> out = new ArrayList<>();
        for (String c : CASES) {
            for (String[] v : new String[][] {{"22.05", "results/"}, {"24.11", "results/new/"},
                    {"26.05", "results/v26.05/"}}) {
                out.add(Arguments.of(c, v[0], v[1] + c + ".jsonl", known.getOrDefault(c + " " + v[0], List.of())));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} with Slurm {1}: {3} known")
    @MethodSource("probeCases")
    void plannerAgreesWithRealSlurmOnEveryProbe(String caseName, String version, String results, List<String> known) {
        RealProbeRun run = RealProbeRun.read(caseName, version, results);
        Cluster cluster = run.cluster();
        List<JsonNode> lines = run.lines();
        // the last line of each probe decides (a --switches probe waits, then runs at its snapshot)
        Map<String, JsonNode> last = new LinkedHashMap<>();
        for (JsonNode j : lines) {
            if ("job".equals(j.path("type").asText())) {
                last.put(j.path("name").asText(), j);
            }
        }
        ClusterState state = ClusterState.empty(cluster);
        Tally t = new Tally(caseName, version, cluster, run.planner(), run.slurmTree());
        // fuzz8 (gen.py): a job left pending ahead of a probe makes Slurm's answer the queue's (a -w job's nodes are
        // taken out of the pass, a whole-partition job blocks it), not the state's, so such a probe is not judged;
        // a probe that waited at submit and whose last line is a later snapshot (a --switches wait during which a
        // background job ended) is judged on the state of that snapshot. Neither occurs in the fuzz4-fuzz7 cases.
        Set<String> pendingAhead = new TreeSet<>();
        Map<String, JsonNode> deferred = new LinkedHashMap<>();
        for (JsonNode j : lines) {
            String type = j.path("type").asText();
            if ("cancel".equals(type)) {
                for (JsonNode n : j.path("names")) {
                    state = state.without(n.asText());
                    pendingAhead.remove(n.asText());
                }
                continue;
            }
            if (!"job".equals(type)) {
                continue;
            }
            String name = j.path("name").asText();
            if ("snapshot".equals(j.path("when").asText()) && deferred.containsKey(name) && last.get(name) == j) {
                JsonNode submitted = deferred.remove(name);
                t.judge(state, submitted, RealProbeRun.parsed(RealProbeRun.argsOf(submitted), name), j);
                continue;
            }
            if (!"submit".equals(j.path("when").asText())) {
                continue;
            }
            JobRequest job = RealProbeRun.parsed(RealProbeRun.argsOf(j), name);
            if (name.startsWith("p")) {
                t.probes++;
                if (!pendingAhead.isEmpty()) {
                    t.behindQueue++;
                } else if ("PENDING".equals(j.path("state").asText()) && last.get(name) != j && job != null) {
                    deferred.put(name, j);
                } else {
                    t.judge(state, j, job, last.get(name));
                }
            } else if ("PENDING".equals(j.path("state").asText())) {
                pendingAhead.add(name);
            }
            if (job != null && "RUNNING".equals(j.path("state").asText())) {
                state = state.with(RealSubmits.placement(name, j), job.exclusive() ? ClusterState.Hold.WHOLE_NODES
                        : ClusterState.Hold.LISTED);
            }
        }
        System.out.printf("planner probes %s under %s: %d probes; Slurm ran %d, the planner placed %d of them on no"
                + " more leaves (and held %d to --switches where Slurm ran past it); Slurm refused or waited on %d,"
                + " the planner placed none of %d (and %d within --switches that Slurm held for its switch wait);"
                + " %d behind a pending job, not judged%n",
                caseName, version, t.probes, t.ran, t.placedNoMoreLeaves, t.heldToSwitches, t.refused, t.notPlaced,
                t.waitingForSwitches, t.behindQueue);
        // every fuzz case and plsock1 hold more than 20 probes; plseed27624 (one property seed built for real) holds 6
        assertThat(t.probes).isGreaterThanOrEqualTo("plseed27624".equals(caseName) ? 6 : 21);
        assertThat(t.breaks).as("probes of %s under %s where the planner and real Slurm disagree"
                + " (oracle/planner-probes-known.txt)", caseName, version).containsExactlyInAnyOrderElementsOf(known);
    }

    /** The verdicts of one case and version: each probe's real last line against the planner on the state then. */
    private static final class Tally {
        private final String caseName;
        private final String version;
        private final Cluster cluster;
        private final PlannerPolicy planner;
        private final SlurmTreePolicy slurmTree;
        private final Set<String> breaks = new TreeSet<>();
        private int probes;
        private int ran;
        private int placedNoMoreLeaves;
        private int refused;
        private int notPlaced;
        private int heldToSwitches;
        private int waitingForSwitches;
        private int behindQueue;

        Tally(String caseName, String version, Cluster cluster, PlannerPolicy planner, SlurmTreePolicy slurmTree) {
            this.caseName = caseName;
            this.version = version;
            this.cluster = cluster;
            this.planner = planner;
            this.slurmTree = slurmTree;
        }

        void judge(ClusterState state, JsonNode submitted, JobRequest job, JsonNode verdict) {
            String name = submitted.path("name").asText();
            List<String> args = RealProbeRun.argsOf(submitted);
            String real = verdict.path("state").asText();
            // options sbatch itself refuses (--gpus below -N) are refused by the planner's parser as well
            Suggestion mine = job == null ? new Suggestion.Impossible("sbatch refuses the options")
                    : planner.suggest(state, job);
            String what = name + " " + String.join(" ", args);
            if ("RUNNING".equals(real)) {
                ran++;
                boolean pastSwitches = job != null && job.switches() != null
                        && verdict.path("leaves").size() > job.switches();
                if (pastSwitches && !(mine instanceof Suggestion.Placed)) {
                    // Slurm ran it over its --switches limit once the wait ran out; the planner keeps the limit
                    // hard (the specification's allocator chapter: "--switches as a hard limit"), so it waits: no disagreement
                    heldToSwitches++;
                } else if (!(mine instanceof Suggestion.Placed placed)) {
                    // only the emulation's own miss may cause this: what slurm-tree starts, the planner places
                    assertThat(slurmTree.suggest(state, job)).as("slurm-tree on %s %s %s, which the planner"
                            + " missed", caseName, version, what).isNotInstanceOf(Suggestion.Placed.class);
                    breaks.add(name + ":missed");
                    System.out.printf("  %s %s: Slurm ran %s, the planner says %s%n", caseName, version, what, mine);
                } else if (job.switches() != null
                        && Leaves.of(cluster, placed.placement()).size() > job.switches()) {
                    breaks.add(name + ":switches");
                    System.out.printf("  %s %s: %s on leaves %s, past --switches%n", caseName, version, what,
                            Leaves.of(cluster, placed.placement()));
                } else if (Leaves.of(cluster, placed.placement()).size() > verdict.path("leaves").size()) {
                    breaks.add(name + ":leaves");
                    System.out.printf("  %s %s: %s on leaves %s, Slurm %s%n", caseName, version, what,
                            Leaves.of(cluster, placed.placement()), verdict.path("leaves"));
                } else {
                    placedNoMoreLeaves++;
                }
            } else if ("REJECTED".equals(real) || "Resources".equals(verdict.path("reason").asText())
                    || verdict.path("reason").asText().startsWith("ReqNodeNotAvail")) {
                refused++;
                if (mine instanceof Suggestion.Placed placed && "Resources".equals(verdict.path("reason").asText())
                        && job.switches() != null
                        && Leaves.of(cluster, placed.placement()).size() <= job.switches()
                        && slurmTree.suggest(state, job) instanceof Suggestion.Waiting) {
                    // not refused, held for its --switches wait: Slurm's greedy choice spans more leaves than
                    // the limit, so it waits (Reason=Resources, snapshot at submit, long before the wait ends)
                    // and then runs there; it never looks for another choice. The planner places it within
                    // the limit at once (fuzz41 p38, fuzz42 p3, fuzz43 p37: --switches=1@10:00)
                    waitingForSwitches++;
                } else if (mine instanceof Suggestion.Placed placed) {
                    // only the emulation's own acceptance may cause this: the planner starts nothing slurm-tree
                    // of the release does not start on the same state (SlurmAgreement)
                    assertThat(slurmTree.suggest(state, job)).as("slurm-tree on %s %s %s, which the planner"
                            + " accepted", caseName, version, what).isInstanceOf(Suggestion.Placed.class);
                    breaks.add(name + ":accepted");
                    System.out.printf("  %s %s: Slurm says %s %s to %s, the planner placed %s%n", caseName,
                            version, real, verdict.path("reason").asText(), what, placed.placement().hosts());
                } else {
                    notPlaced++;
                }
            }
        }
    }
}
