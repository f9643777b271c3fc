package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.job.Placement;

/**
 * {@link SocketBindingGuard} is a bound real Slurm never breaks: every job real Slurm started at submit in the stored
 * tree cases (the random and probe cases fuzz01-46, the binding probes {@code binding}, {@code cpg22},
 * {@code pair22} and {@code plsock1}; real 22.05.8, 24.11.5 and 26.05.5 outputs, {@code oracle/results...}) passes
 * the guard on the state real Slurm had when it was submitted (the running jobs' real CPUs and GPUs). Were the guard
 * stricter than the source anywhere these outputs reach, the planner would wait where Slurm runs.
 */
class SocketBindingGuardRealPlacementsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyRealPlacementPassesTheGuard() throws IOException {
        List<String> cases = new ArrayList<>(List.of("binding", "cpg22", "pair22", "plsock1"));
        for (int i = 1; i <= 46; i++) {
            cases.add(String.format("fuzz%02d", i));
        }
        int checked = 0;
        List<String> broken = new ArrayList<>();
        for (String c : cases) {
            Cluster cluster = OracleCase.cluster(c);
            for (String dir : List.of("results/", "results/new/", "results/v26.05/")) {
                String results;
                try {
                    results = OracleCase.resource(dir + c + ".jsonl");
                } catch (RuntimeException absent) {
                    continue; // a case run on some releases only
                }
                checked += check(cluster, c, dir, results, broken);
            }
        }
        System.out.printf("socket binding guard: %d real placements of guarded jobs checked%n", checked);
        assertThat(broken).as("real placements the guard refuses").isEmpty();
        assertThat(checked).as("guarded real placements").isGreaterThan(100);
    }

    private static int check(Cluster cluster, String c, String dir, String results, List<String> broken)
            throws IOException {
        ClusterState state = ClusterState.empty(cluster);
        int checked = 0;
        for (String l : results.lines().toList()) {
            if (l.isBlank()) {
                continue;
            }
            JsonNode j = JSON.readTree(l);
            String type = j.path("type").asText();
            if ("reset".equals(type)) {
                state = ClusterState.empty(cluster);
                continue;
            }
            if ("cancel".equals(type)) {
                for (JsonNode n : j.path("names")) {
                    state = state.without(n.asText());
                }
                continue;
            }
            if (!"job".equals(type) || !"submit".equals(j.path("when").asText())
                    || !"RUNNING".equals(j.path("state").asText())) {
                continue;
            }
            List<String> args = new ArrayList<>();
            j.path("args").forEach(a -> args.add(a.asText()));
            String name = j.path("name").asText();
            Placement real = RealProbeState.placement(name, j);
            JobRequest job = parsed(args, name);
            if (job != null && SocketBindingGuard.applies(job)) {
                checked++;
                String why = SocketBindingGuard.refusal(state, job, real);
                if (why != null) {
                    broken.add(dir + c + " " + name + " " + String.join(" ", args) + ": " + why);
                }
            }
            state = state.with(real, args.contains("--exclusive") ? ClusterState.Hold.WHOLE_NODES
                    : ClusterState.Hold.LISTED);
        }
        return checked;
    }

    private static JobRequest parsed(List<String> args, String name) {
        try {
            return SbatchOptions.parse(args, name);
        } catch (JobRequestException e) {
            return null;
        }
    }
}
