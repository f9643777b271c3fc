package org.topoplanner.allocator.planner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
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
    private static final ObjectMapper JSON = new ObjectMapper();

    static RealProbeState of(String caseName, String results, String probe) {
        Cluster cluster = OracleCase.cluster(caseName);
        ClusterState state = ClusterState.empty(cluster);
        for (String l : OracleCase.resource(results).lines().toList()) {
            if (l.isBlank()) {
                continue;
            }
            JsonNode j = read(l);
            if ("cancel".equals(j.path("type").asText())) {
                for (JsonNode n : j.path("names")) {
                    state = state.without(n.asText());
                }
                continue;
            }
            if (!"job".equals(j.path("type").asText()) || !"submit".equals(j.path("when").asText())) {
                continue;
            }
            List<String> args = new ArrayList<>();
            j.path("args").forEach(a -> args.add(a.asText()));
            String name = j.path("name").asText();
            if (name.equals(probe)) {
                return new RealProbeState(cluster, state, PlannerPolicyTest.job(String.join(" ", args)), j);
            }
            if ("RUNNING".equals(j.path("state").asText())) {
                boolean exclusive = args.contains("--exclusive");
                state = state.with(placement(name, j), exclusive ? ClusterState.Hold.WHOLE_NODES
                        : ClusterState.Hold.LISTED);
            }
        }
        throw new IllegalArgumentException(probe + " is not in " + results);
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
