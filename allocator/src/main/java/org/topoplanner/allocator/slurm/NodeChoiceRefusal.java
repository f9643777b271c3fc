package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code --spread-job} jobs a tree (or flat) topology cannot place as real Slurm does ({@link NodeChoiceEvaluation}
 * places the rest).
 * <ul>
 *   <li>24.11 with a per-job GPU count ({@code --gpus}, {@code -n} with {@code --gpus-per-task},
 *       {@code --ntasks-per-gpu}): {@code _eval_nodes_spread} ({@code topology/common/eval_nodes.c}) hands
 *       {@code eval_nodes_cpus_to_use} a {@code NULL} {@code max_tasks}, which {@code eval_nodes_gres} reads, so
 *       slurmctld dies and sbatch prints "Zero Bytes were transmitted or received". Own probes c28y1 s3
 *       ({@code -n3 -c2 --gpus-per-task=1}) and c28y3 g2 ({@code -n2 --gpus=2}) in 24.11.5; c28y3 g1
 *       ({@code -N2 --gpus-per-node=1}, no per-job count) runs. The words are emulated; the dead controller that
 *       refuses every later job is not.</li>
 *   <li>26.05: {@code _eval_nodes_spread} was rewritten to lay the tasks out one at a time
 *       ({@code _add_nodes_by_weight_spread}, more rounds while {@code max_nodes} allows): own probe c28y1 s1
 *       ({@code -n4}) ran on five nodes in 26.05.5. Not traced far enough to emulate.</li>
 * </ul>
 */
final class NodeChoiceRefusal {
    /** sbatch's words when slurmctld dies while it waits for the answer (after its prefixes). */
    static final String CONTROLLER_DIED = "Zero Bytes were transmitted or received";

    private NodeChoiceRefusal() {
    }

    /** The refusal of {@code request} on a tree, or {@code null} when none applies. */
    static String onTree(JobRequest request, SlurmVersion version) {
        if (!request.nodeChoice().spreadJob()) {
            return null;
        }
        if (version.atLeast(SlurmVersion.V26_05)) {
            return "--spread-job changes where Slurm places the job and is not emulated in 26.05 (its _eval_nodes_spread"
                    + " lays the tasks out one at a time over more nodes)";
        }
        if (version == SlurmVersion.V24_11 && SlurmJobSpec.of(request).gpuTotal() != null) {
            return CONTROLLER_DIED;
        }
        return null;
    }
}
