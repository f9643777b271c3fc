package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The {@code -m plane=N} shapes {@link PlaneTasks} does not cover, refused naming the shape rather than placed by a
 * guess: beside GPUs ({@code _compute_plane_dist} also reads {@code gres_task_limit} and
 * {@code dist_tasks_gres_min_cpus}, not emulated for planes), beside {@code --ntasks-per-node} (the task count then
 * comes from elsewhere), and without {@code -n} (the task count is the CPUs the selection gave). No measured line
 * covers them (own case sb7a d6 is {@code -N2 -n6 -m plane=2}).
 *
 * <p>Beside {@code --exclusive} (and no GPUs) the plane is emulated: the plane shapes nothing of a whole-node job.
 * {@code dist_tasks} returns for {@code whole_node} before {@code _compute_plane_dist} ("The job has been allocated an
 * EXCLUSIVE set of nodes, so it gets all of the bits in the core_array"; 22.05 {@code select/cons_common/dist_tasks.c}
 * {@code whole_node == 1}, 24.11 and 26.05 {@code select/cons_tres/dist_tasks.c} {@code whole_node &
 * WHOLE_NODE_REQUIRED}), only {@code _set_task_dist} runs (for {@code tres_per_task}, none here), and no other part of
 * the select plugin reads the plane in any release; so the job gets whole nodes as every {@code --exclusive} one
 * ({@code PassFilter.whole}). sbatch's own plane test still applies ({@link SbatchPlaneNodeCount}). Lead case featfz10
 * f59 ({@code -p fat,all -N1 -n5 -c4 -m plane=1 --exclusive}): accepted and waiting {@code Resources} in 22.05.8,
 * 24.11.5 and 26.05.5, where this refusal had it rejected.
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
                : r.ntasksPerNode() != null ? "--ntasks-per-node"
                : r.ntasks() == null ? "no -n" : null;
        return beside == null ? null : "-m " + r.distribution().spelling() + " with " + beside
                + " changes where Slurm places the job and is not emulated (no measured line has it)";
    }
}
