package org.topoplanner.model.project;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;

/** A saved plan: the cluster, the jobs, where they are placed, and the view. */
public record ProjectDocument(Cluster cluster, List<Job> jobs, List<Placement> placements, ViewState view) {
    public ProjectDocument {
        Objects.requireNonNull(cluster, "cluster");
        jobs = List.copyOf(jobs);
        placements = List.copyOf(placements);
        view = view == null ? ViewState.DEFAULT : view;
    }

    public static ProjectDocument of(Cluster cluster) {
        return new ProjectDocument(cluster, List.of(), List.of(), ViewState.DEFAULT);
    }
}
