package org.topoplanner.allocator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;

/**
 * The submit lines of a kept real Slurm output ({@code oracle/results...}), each with the state real Slurm had just
 * before it: the jobs running then with the CPUs and GPUs real Slurm gave them, less the ones cancelled, from the
 * last {@code reset}; a job started with {@code --exclusive} holds its nodes whole. One walk for every test that holds
 * a planner or Slurm rule against what real Slurm did (the planner's and the {@code slurm} package's tests alike).
 * Jobs that started later (after a wait) are not in a state, so a test reads states where none did.
 */
public final class RealSubmits {
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
    public record Submit(String name, List<String> args, JsonNode line, ClusterState before) {
        /** Whether real Slurm had started it when the harness first looked. */
        public boolean ran() {
            return "RUNNING".equals(line.path("state").asText());
        }

        /** The request as sbatch's options parse, or null when they do not parse. */
        public JobRequest request() {
            try {
                return SbatchOptions.parse(args, name);
            } catch (JobRequestException e) {
                return null;
            }
        }
    }

    /** Every line of {@code results} (the output's text), parsed, in order. */
    public static List<JsonNode> lines(String results) {
        return results.lines().filter(l -> !l.isBlank()).map(RealSubmits::read).toList();
    }

    /** Every submit line of {@code results} (the output's text) on {@code cluster}, in order. */
    public static List<Submit> of(Cluster cluster, String results) {
        List<Submit> out = new ArrayList<>();
        ClusterState state = ClusterState.empty(cluster);
        for (JsonNode j : lines(results)) {
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
                state = state.with(placement(s.name(), j), args.contains("--exclusive")
                        ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED);
            }
        }
        return out;
    }

    /**
     * The running jobs when job {@code job} of the stored case {@code caseName} was submitted, from the kept output
     * {@code results} (a path under {@code oracle/}).
     */
    public static ClusterState before(String caseName, String results, String job) {
        for (Submit s : of(OracleCase.cluster(caseName), OracleCase.resource(results))) {
            if (s.name().equals(job)) {
                return s.before();
            }
        }
        throw new IllegalArgumentException(job + " is not in " + results);
    }

    /** One real job line's CPUs and GPUs (Slurm's CPU ids, as the emulation's placements hold). */
    public static Placement placement(String name, JsonNode line) {
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

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
