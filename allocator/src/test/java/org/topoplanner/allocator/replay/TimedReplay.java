package org.topoplanner.allocator.replay;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A stored case's job script cut before one of its jobs, replayed with the times of one of its timed real runs
 * ({@link TimedOutput}): the job lines' summaries ({@link OracleComparison#summary}), for tests of one measured moment.
 */
final class TimedReplay {
    private TimedReplay() {
    }

    /**
     * {@code caseName}'s jobs before the first {@code cut} (e.g. {@code "job f11 "}) plus {@code tail} (e.g. a
     * {@code snapshot} step, or empty), replayed by {@code slurm-tree} of {@code version} with the times of
     * {@code results} (a path under {@code oracle/}).
     */
    static List<String> summaries(String caseName, String cut, String tail, String results, SlurmVersion version) {
        return summaries(caseName, cut, tail, results, version,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version)));
    }

    /** {@link #summaries(String, String, String, String, SlurmVersion)} with another policy of that release. */
    static List<String> summaries(String caseName, String cut, String tail, String results, SlurmVersion version,
                                  PlacementPolicy policy) {
        String all = OracleCase.resource("cases/" + caseName + "/jobs.txt");
        JobScript script = JobScriptReader.read("jobs.txt", all.substring(0, all.indexOf(cut)) + tail).script();
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(results).lines().toList());
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(caseName), policy,
                PassTiming.of(version), measured).run(script));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList();
    }

    /**
     * {@code caseName}'s whole job script replayed by {@code policy} of {@code version} with the times of
     * {@code results} (a path under {@code oracle/}): the replay's job lines, to compare with the real ones
     * ({@link OracleComparison#mismatches}); for own probes too short for {@code KnownMismatchReplayTest}.
     */
    static List<JsonNode> wholeCaseJobLines(String caseName, String results, SlurmVersion version,
                                            PlacementPolicy policy) {
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(results).lines().toList());
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster(caseName), policy,
                PassTiming.of(version), measured).run(script)));
    }
}
