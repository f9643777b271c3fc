package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The {@code -m plane=N} shapes {@link PlaneTasks} does not cover, refused naming the shape rather than placed by a
 * guess: beside GPUs ({@code _compute_plane_dist} also reads {@code gres_task_limit} and
 * {@code dist_tasks_gres_min_cpus}, not emulated for planes), beside {@code --ntasks-per-node} or
 * {@code --exclusive} (the task count or the CPUs then come from elsewhere), and without {@code -n} (the task count is
 * the CPUs the selection gave). No measured line covers them (own case sb7a d6 is {@code -N2 -n6 -m plane=2}).
 */
final class PlaneRefusal {
    private PlaneRefusal() {
    }

    /** The refusal's text, or null when the job has no plane distribution or one that is emulated. */
    static String of(JobRequest r) {
        if (r.distribution() == null || r.distribution().planeSize() == null) {
            return null;
        }
        String beside = r.asksForGpus() || r.ntasksPerGpu() != null ? "GPUs"
                : r.ntasksPerNode() != null ? "--ntasks-per-node" : r.exclusive() ? "--exclusive"
                : r.ntasks() == null ? "no -n" : null;
        return beside == null ? null : "-m " + r.distribution().spelling() + " with " + beside
                + " changes where Slurm places the job and is not emulated (no measured line has it)";
    }
}
