package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ViewState;

/**
 * Everything the window edits, as one immutable value: the cluster, the jobs in submission order,
 * where each placed job sits, and the view. Every edit makes a new plan, so undo is keeping the old
 * one.
 */
public record Plan(Cluster cluster, List<Job> jobs, Map<String, Placement> placements, ViewState view) {
    public Plan {
        Objects.requireNonNull(cluster, "cluster");
        jobs = List.copyOf(jobs);
        placements = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(placements));
        view = view == null ? ViewState.DEFAULT : view;
    }

    public static Plan of(Cluster cluster) {
        return new Plan(cluster, List.of(), Map.of(), ViewState.DEFAULT);
    }

    public static Plan of(ProjectDocument doc) {
        Map<String, Placement> placements = new LinkedHashMap<>();
        doc.placements().forEach(p -> placements.put(p.job(), p));
        return new Plan(doc.cluster(), doc.jobs(), placements, doc.view());
    }

    public ProjectDocument toDocument() {
        return new ProjectDocument(cluster, jobs, List.copyOf(placements.values()), view);
    }

    public Optional<Job> job(String name) {
        return jobs.stream().filter(j -> j.name().equals(name)).findFirst();
    }

    /** The job's request; jobs in a plan were parsed before they entered it, so this does not fail. */
    public JobRequest request(String name) {
        Job j = job(name).orElseThrow(() -> new IllegalArgumentException("no job " + name));
        try {
            return JobLine.parse(j.sbatch(), j.name());
        } catch (JobRequestException e) {
            throw new IllegalStateException("job " + name + " holds options that do not parse: " + e.getMessage(), e);
        }
    }

    /** What runs: every placed job, exclusive ones holding their nodes whole. */
    public ClusterState state() {
        return stateWithout(null);
    }

    /**
     * What runs besides {@code job} (to re-place or validate that job against the rest): the plan's state without
     * that job, made once per plan and job and shared by every asker ({@link PlanStates}).
     */
    public ClusterState stateWithout(String job) {
        return PlanStates.without(this, job);
    }

    public Plan withJob(Job job, Placement placement) {
        List<Job> js = new ArrayList<>(jobs);
        js.removeIf(j -> j.name().equals(job.name()));
        js.add(job);
        Map<String, Placement> ps = new LinkedHashMap<>(placements);
        if (placement == null) {
            ps.remove(job.name());
        } else {
            ps.put(job.name(), placement);
        }
        return new Plan(cluster, js, ps, view);
    }

    public Plan withPlacement(String job, Placement placement) {
        Map<String, Placement> ps = new LinkedHashMap<>(placements);
        ps.put(job, placement);
        return new Plan(cluster, jobs, ps, view);
    }

    public Plan withoutJob(String name) {
        List<Job> js = new ArrayList<>(jobs);
        js.removeIf(j -> j.name().equals(name));
        Map<String, Placement> ps = new LinkedHashMap<>(placements);
        ps.remove(name);
        return new Plan(cluster, js, ps, view);
    }

    /**
     * The plan on another cluster, which replaces the old one as a whole: jobs placed on hosts (or GPUs
     * of a host) the new cluster lacks are dropped with their placements, the others stay where they
     * are and are validated against the new hardware; unplaced jobs stay.
     */
    public Plan withCluster(Cluster newCluster) {
        List<String> lost = jobsLostOn(newCluster);
        List<Job> js = jobs.stream().filter(j -> !lost.contains(j.name())).toList();
        Map<String, Placement> ps = new LinkedHashMap<>(placements);
        lost.forEach(ps::remove);
        return new Plan(newCluster, js, ps, view);
    }

    /** The placed jobs that {@link #withCluster} drops: some host or GPU of theirs is not in {@code newCluster}. */
    public List<String> jobsLostOn(Cluster newCluster) {
        java.util.Set<String> hosts = new java.util.HashSet<>(newCluster.hostNames());
        List<String> lost = new ArrayList<>();
        placements.forEach((job, p) -> {
            boolean fits = p.hosts().stream().allMatch(a -> hosts.contains(a.host())
                    && a.gpus().stream().allMatch(g -> newCluster.node(a.host()).gpu(g).isPresent()));
            if (!fits) {
                lost.add(job);
            }
        });
        return lost;
    }

    public Plan withView(ViewState v) {
        return new Plan(cluster, jobs, placements, v);
    }

    /** A job name not yet used: {@code base}, {@code base-2}, ... */
    public String freshJobName(String base) {
        String name = base;
        for (int i = 2; job(name).isPresent(); i++) {
            name = base + "-" + i;
        }
        return name;
    }
}
