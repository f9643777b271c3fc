package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * sbatch's own test of {@code -m plane=N} against the node count, before anything is sent to slurmctld
 * ({@code sbatch/opt.c} {@code _opt_verify}, the same in 22.05.8, 24.11.5 and 26.05: when {@code ntasks / plane_size <
 * min_nodes} and {@code (min_nodes - 1) * plane_size >= ntasks}, "Too few processes for the requested {plane,node}
 * distribution" and exit): every node but the last must be able to take a whole plane. {@code min_nodes} is
 * {@code -N}, else the count of {@code -w}'s nodes (set just before, same function), else sbatch's default 1;
 * {@code ntasks} is {@code -n}, else the default 1. Own case featfz1 f5 ({@code -w a1 -N3 -n3 -c3 -m plane=2}) and
 * featfz2 f20, f34, f62: refused at submission by every release.
 */
final class SbatchPlaneNodeCount {
    private SbatchPlaneNodeCount() {
    }

    /** sbatch's message, or null when the job has no plane distribution or enough tasks for it. */
    static String refusal(JobRequest r) {
        Integer plane = r.distribution() == null ? null : r.distribution().planeSize();
        if (plane == null) {
            return null;
        }
        int nodes = r.minNodes() != null ? r.minNodes()
                : !r.nodelist().isEmpty() ? (int) r.nodelist().stream().distinct().count() : 1;
        int tasks = r.ntasks() != null ? r.ntasks() : 1;
        boolean tooFew = (nodes <= 0 || tasks / plane < nodes) && (long) (nodes - 1) * plane >= tasks;
        return tooFew ? "Too few processes for the requested {plane,node} distribution" : null;
    }
}
