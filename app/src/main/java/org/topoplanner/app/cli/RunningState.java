package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectFormatException;

/**
 * What already runs, for {@code place --state}: a project file (its placements), or a JSON list of
 * placements in the project's form ({@code [{"job": "a", "hosts": [{"host": "node01", "gpus": [0],
 * "cpus": "0-3"}]}]}).
 */
final class RunningState {
    private RunningState() {
    }

    record Loaded(ClusterState state, List<Diagnostic> diagnostics) {
    }

    static Loaded load(Cluster cluster, Path file) {
        ClusterState state = ClusterState.empty(cluster);
        List<Diagnostic> diags = new ArrayList<>();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            diags.add(Diagnostic.error(file.toString(), 0, 0, "cannot read: " + e.getMessage()));
            return new Loaded(state, diags);
        }
        List<Placement> placements = new ArrayList<>();
        if (ProjectCodec.looksLikeProject(text)) {
            try {
                placements.addAll(new ProjectCodec().read(text, file.toString()).placements());
            } catch (ProjectFormatException e) {
                diags.addAll(e.diagnostics());
            }
        } else {
            readList(text, file.toString(), placements, diags);
        }
        for (Placement p : placements) {
            for (HostAllocation h : p.hosts()) {
                if (!cluster.hostNames().contains(h.host())) {
                    diags.add(Diagnostic.error(file.toString(), 0, 0, "job " + p.job() + " runs on " + h.host()
                            + ", which the cluster does not have"));
                }
            }
            state = state.with(p);
        }
        return new Loaded(state, diags);
    }

    private static void readList(String text, String path, List<Placement> out, List<Diagnostic> diags) {
        try {
            JsonNode root = new ObjectMapper().readTree(text);
            if (root == null || !root.isArray()) {
                diags.add(Diagnostic.error(path, 1, 1, "expected a JSON list of placements or a project file"));
                return;
            }
            for (JsonNode p : root) {
                List<HostAllocation> hosts = new ArrayList<>();
                for (JsonNode h : p.path("hosts")) {
                    List<Integer> gpus = new ArrayList<>();
                    h.path("gpus").forEach(g -> gpus.add(g.asInt()));
                    hosts.add(HostAllocation.of(h.path("host").asText(), gpus, CpuSet.parse(h.path("cpus").asText(""))));
                }
                out.add(new Placement(p.path("job").asText("job" + (out.size() + 1)), hosts));
            }
        } catch (IOException | IllegalArgumentException e) {
            diags.add(Diagnostic.error(path, 1, 1, "not a placement list: " + e.getMessage()));
        }
    }
}
