package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 26.05 refuses a job whose {@code -n} is below the node count its partition's {@code MinNodes} gave it.
 * {@code _valid_job_part} ({@code slurmctld/job_mgr.c}, every release) sets a job without {@code -N} to the
 * partitions' smallest {@code MinNodes} (1 for 0) and raises a smaller {@code -N} whose maximum reaches it
 * ({@link PartitionMinNodes}); 26.05's {@code _job_create} then adds "Job's num_tasks(%u) < min_nodes(%u)",
 * {@code ESLURM_BAD_TASK_COUNT}, before any node is tested. 24.11's {@code _job_create} has no such test: the job is
 * accepted and placed over {@code MinNodes} nodes with fewer tasks than nodes.
 *
 * <p>Lead case featfz24 f45 ({@code -p mix -n1 -c4 --gpus=2}, mix {@code MinNodes=2}): 26.05.5 refuses it, "Task
 * count specification invalid"; 24.11.5 keeps it pending (Resources) and 22.05.8 runs it on b1 and b2.
 */
final class TasksBelowMinNodes {
    /** {@code slurm_strerror(ESLURM_BAD_TASK_COUNT)}, {@code common/slurm_errno.c}. */
    static final String BAD_TASK_COUNT = "Task count specification invalid";

    private TasksBelowMinNodes() {
    }

    /** The refusal's text, or null when {@code version} accepts the job's task count against its partitions. */
    static String refusal(Cluster cluster, JobRequest r, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V26_05) || r.ntasks() == null || r.ntasks() <= 0) {
            return null;
        }
        if (SbatchPlaneNodeCount.refusal(r) != null || SbatchTaskNodeCount.refusal(r, version) != null) {
            return null; // sbatch's own refusals come first: nothing reaches slurmctld (EarlyRefusal)
        }
        PartitionTable table = PartitionTable.of(cluster);
        int partMin = Integer.MAX_VALUE;
        if (r.partitions().isEmpty()) {
            SlurmPartition p = table.partitionNamed(null);
            if (p == null) {
                return null;
            }
            partMin = table.limits(p).minNodes();
        } else if (r.partitions().size() == 1 && PartitionLimits.submissionRefusal(cluster, r) != null) {
            return null; // _valid_job_part refuses a partition that takes no submissions first (PartitionLimits)
        } else {
            // _foreach_valid_part: the smallest MinNodes of the list ("the highest limits")
            for (String name : r.partitions()) {
                SlurmPartition p = table.named(name);
                if (p == null) {
                    return null; // an unknown name is refused on its own
                }
                partMin = Math.min(partMin, table.limits(p).minNodes());
            }
        }
        int minNodes;
        if (r.minNodes() == null) {
            minNodes = partMin == 0 ? 1 : partMin;
        } else if (r.minNodes() < partMin && r.maxNodes() != null && r.maxNodes() >= partMin) {
            // (a -N without a range has no maxNodes here: sbatch sends max_nodes = min_nodes, PartitionMinNodes)
            minNodes = partMin;
        } else {
            minNodes = r.minNodes();
        }
        return r.ntasks() < minNodes ? BAD_TASK_COUNT : null;
    }
}
