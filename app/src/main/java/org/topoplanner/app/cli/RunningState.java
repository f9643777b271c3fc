package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.PlacementJson;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectFormatException;

/**
 * What already runs, for {@code place --state}: a project file (its placements), or a JSON list of
 * placements in the project's form ({@code [{"job": "a", "hosts": [{"host": "node01", "gpus": [0],
 * "cpus": "0-3"}]}]}); both read by the one placement codec ({@link PlacementJson}).
 */
final class RunningState {
    private RunningState() {
    }

    record Loaded(ClusterState state, List<Diagnostic> diagnostics) {
    }

    static Loaded load(Cluster cluster, Path file, InputLimits limits) {
        ClusterState state = ClusterState.empty(cluster);
        List<Diagnostic> diags = new ArrayList<>();
        String text;
        try {
            text = InputFile.readText(file, limits.limit(InputLimits.LARGE), "a running state");
        } catch (InputRefusal r) {
            diags.add(r.toDiagnostic());
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
            PlacementJson.Result read = PlacementJson.read(file.toString(), text);
            diags.addAll(read.diagnostics());
            placements.addAll(read.placements());
        }
        for (Placement p : placements) {
            for (HostAllocation h : p.hosts()) {
                if (!cluster.hostNames().contains(h.host())) {
                    diags.add(Diagnostic.error(file.toString(), 1, 1, "job " + p.job() + " runs on " + h.host()
                            + ", which the cluster does not have"));
                }
            }
            if (state.placement(p.job()).isPresent()) {
                diags.add(Diagnostic.error(file.toString(), 1, 1, "job " + p.job() + " is listed twice; job names"
                        + " of a running state must differ"));
                continue;
            }
            state = state.with(p);
        }
        return new Loaded(state, diags);
    }
}
