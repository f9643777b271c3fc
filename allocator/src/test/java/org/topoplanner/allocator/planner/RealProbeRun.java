package org.topoplanner.allocator.planner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A stored probe case's real output under one Slurm release ({@code oracle/results...}), read whole, with the planner
 * and {@code slurm-tree} of that release: what the tests that judge the planner probe by probe against real Slurm
 * start from ({@link PlannerRealProbesTest}, {@link PlannerPl6ProbesTest}).
 */
record RealProbeRun(Cluster cluster, SlurmVersion release, List<JsonNode> lines) {

    /** The output {@code results} of case {@code caseName} under release {@code version} ({@code 22.05}, ...). */
    static RealProbeRun read(String caseName, String version, String results) {
        return new RealProbeRun(OracleCase.cluster(caseName), SlurmVersion.parse(version).orElseThrow(),
                RealSubmits.lines(OracleCase.resource(results)));
    }

    PlannerPolicy planner() {
        return new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(release));
    }

    SlurmTreePolicy slurmTree() {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release));
    }

    /** A submit line's sbatch options, as submitted. */
    static List<String> argsOf(JsonNode submitLine) {
        List<String> args = new ArrayList<>();
        submitLine.path("args").forEach(a -> args.add(a.asText()));
        return args;
    }

    /** The request {@code args} make, or null where sbatch refuses them (the parser refuses them as well). */
    static JobRequest parsed(List<String> args, String name) {
        try {
            return SbatchOptions.parse(args, name);
        } catch (JobRequestException e) {
            return null;
        }
    }
}
