package org.topoplanner.allocator.planner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

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

    /** The job's CPUs and GPUs as real Slurm gave them (Slurm's CPU ids, as the emulation's placements hold). */
    static Placement placement(String name, JsonNode line) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (JsonNode a : line.path("alloc")) {
            List<Integer> gpus = new ArrayList<>();
            a.path("gpus").forEach(g -> gpus.add(g.asInt()));
            List<Integer> cpus = new ArrayList<>();
            a.path("cpus").forEach(c -> cpus.add(c.asInt()));
            hosts.add(new HostAllocation(a.path("node").asText(), gpus, CpuSet.of(cpus), Map.of()));
        }
        return new Placement(name, hosts);
    }
}
