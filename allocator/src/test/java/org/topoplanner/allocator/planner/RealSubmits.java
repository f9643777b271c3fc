package org.topoplanner.allocator.planner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * The submit lines of a kept real Slurm output ({@code oracle/results...}), each with the state real Slurm had just
 * before it: the jobs running then with the CPUs and GPUs real Slurm gave them, less the ones cancelled, from the
 * last {@code reset}. One walk for every test that holds a planner rule against what real Slurm did.
 */
final class RealSubmits {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RealSubmits() {
    }

    /**
     * One submit line and the state before it.
     *
     * @param name   the job's name
     * @param args   its sbatch options as submitted
     * @param line   the real line (state, reason, allocation)
     * @param before the running jobs when it was submitted
     */
    record Submit(String name, List<String> args, JsonNode line, ClusterState before) {
        /** Whether real Slurm had started it when the harness first looked. */
        boolean ran() {
            return "RUNNING".equals(line.path("state").asText());
        }

        /** The request as sbatch's options parse, or null when they do not parse. */
        JobRequest request() {
            try {
                return SbatchOptions.parse(args, name);
            } catch (JobRequestException e) {
                return null;
            }
        }
    }

    /** Every submit line of {@code results} (the output's text) on {@code cluster}, in order. */
    static List<Submit> of(Cluster cluster, String results) {
        List<Submit> out = new ArrayList<>();
        ClusterState state = ClusterState.empty(cluster);
        for (String l : results.lines().toList()) {
            if (l.isBlank()) {
                continue;
            }
            JsonNode j = read(l);
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
            if (!"job".equals(type) || !"submit".equals(j.path("when").asText())) {
                continue;
            }
            List<String> args = new ArrayList<>();
            j.path("args").forEach(a -> args.add(a.asText()));
            Submit s = new Submit(j.path("name").asText(), List.copyOf(args), j, state);
            out.add(s);
            if (s.ran()) {
                state = state.with(RealProbeState.placement(s.name(), j), args.contains("--exclusive")
                        ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED);
            }
        }
        return out;
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
