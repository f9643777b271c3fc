package org.topoplanner.allocator.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The jobs real Slurm ran when one job of a stored case was submitted, with the CPUs and GPUs it gave them, read
 * from the kept output ({@code oracle/results...}): every earlier submission that ran at once, less the cancelled
 * ones. Jobs that started later (after a wait) are not in it, so a test reads states where none did.
 */
final class RealStateBefore {
    private RealStateBefore() {
    }

    static ClusterState of(String caseName, String results, String job) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ClusterState state = ClusterState.empty(OracleCase.cluster(caseName));
        for (String line : OracleCase.resource(results).lines().toList()) {
            JsonNode j = json.readTree(line);
            if ("cancel".equals(j.path("type").asText())) {
                for (JsonNode n : j.path("names")) {
                    state = state.without(n.asText());
                }
            } else if ("job".equals(j.path("type").asText()) && "submit".equals(j.path("when").asText())) {
                if (job.equals(j.path("name").asText())) {
                    return state;
                }
                if ("RUNNING".equals(j.path("state").asText())) {
                    state = state.with(placement(j));
                }
            }
        }
        throw new IllegalArgumentException(job + " is not in " + results);
    }

    /** One real job line's CPUs and GPUs (Slurm's CPU ids, as the emulation's placements hold). */
    static Placement placement(JsonNode line) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (JsonNode a : line.path("alloc")) {
            List<Integer> cpus = new ArrayList<>();
            a.path("cpus").forEach(c -> cpus.add(c.asInt()));
            List<Integer> gpus = new ArrayList<>();
            a.path("gpus").forEach(g -> gpus.add(g.asInt()));
            hosts.add(new HostAllocation(a.path("node").asText(), gpus, CpuSet.of(cpus), Map.of()));
        }
        return new Placement(line.path("name").asText(), hosts);
    }
}
