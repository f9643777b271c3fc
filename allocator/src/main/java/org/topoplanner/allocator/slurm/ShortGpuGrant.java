package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A note for a {@code --gpus=N} job that Slurm starts with fewer than N GPUs, so the user sees it before submitting.
 *
 * <p>26.05 takes a one-node {@code --gpus=N} job through {@code _get_one_res}, where every tested node's
 * {@code gres_sched_add} adds to one per-job count ({@link SlurmTreePolicy#acceptedWithoutGpuTotal}); the node on
 * which the sum reaches N is picked, and the job starts there with that node's GPUs only. Own probe c15a1
 * (26.05.5, 4 GPUs a node, idle): {@code -N1 --gpus=5} starts on g2 with GPUs 0-3 ("sched: Allocate JobId=1
 * NodeList=g2"), {@code -N1 --gpus=6 -c2} the same; 22.05.8 and 24.11.5 refuse both at submission ("Requested node
 * configuration is not available"). slurm-tree places what Slurm places, and says what the job gets.
 */
final class ShortGpuGrant {
    private ShortGpuGrant() {
    }

    /** The note when {@code placement} holds fewer GPUs than {@code request}'s per-job count, else null. */
    static String note(JobRequest request, Placement placement, SlurmVersion version) {
        if (request.gpus() == null) {
            return null;
        }
        int held = placement.hosts().stream().mapToInt(h -> h.gpus().size()).sum();
        if (held >= request.gpus()) {
            return null;
        }
        return "Slurm " + version.label() + " starts " + request.name() + " with " + held + " of the " + request.gpus()
                + " GPUs it asks for (--gpus=" + request.gpus() + " on one node: _get_one_res adds up the GPUs of every"
                + " node it tests, and the job gets the picked node's only)";
    }
}
