package org.topoplanner.allocator.planner;

import com.fasterxml.jackson.databind.JsonNode;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * The state real Slurm had when one probe of a stored probe case was submitted: the jobs running then with the
 * CPUs and GPUs real Slurm gave them (read from the kept output, {@code oracle/results...}), the probe as parsed,
 * and the probe's real line (its verdict).
 */
record RealProbeState(Cluster cluster, ClusterState state, JobRequest probe, JsonNode real) {
    static RealProbeState of(String caseName, String results, String probe) {
        Cluster cluster = OracleCase.cluster(caseName);
        for (RealSubmits.Submit s : RealSubmits.of(cluster, OracleCase.resource(results))) {
            if (s.name().equals(probe)) {
                return new RealProbeState(cluster, s.before(), PlannerPolicyTest.job(String.join(" ", s.args())),
                        s.line());
            }
        }
        throw new IllegalArgumentException(probe + " is not in " + results);
    }
}
