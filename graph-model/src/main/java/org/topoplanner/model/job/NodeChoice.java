package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The sbatch flags that change which nodes a multi-node job gets, not how many resources it asks for.
 *
 * @param spreadJob   {@code --spread-job} ({@code SPREAD_JOB}): slurmctld's {@code _copy_job_desc_to_job_record}
 *                    (job_mgr.c, 22.05, 24.11 and 26.05) gives a job with a task count and no {@code -N} maximum
 *                    {@code max_nodes = MIN(nodes, tasks)}, and the selection takes nodes in weight and index order
 *                    ({@code _eval_nodes_spread})
 * @param contiguous  {@code --contiguous} ({@code details->contiguous}): consecutive node indexes; the tree's own
 *                    evaluation steps aside for the consecutive-set one ({@code _eval_nodes_consec})
 * @param useMinNodes {@code --use-min-nodes} ({@code USE_MIN_NODES}): a {@code -N min-max} range aims at its minimum
 *                    ({@code get_node_cnts}, node_scheduler.c: {@code req_nodes = min_nodes})
 */
public record NodeChoice(boolean spreadJob, boolean contiguous, boolean useMinNodes) {
    /** None of the three flags: Slurm's own choice. */
    public static final NodeChoice DEFAULT = new NodeChoice(false, false, false);

    /** Whether any flag is set. */
    public boolean any() {
        return spreadJob || contiguous || useMinNodes;
    }

    /** The flags as sbatch spells them, in a fixed order. */
    public List<String> options() {
        List<String> out = new ArrayList<>();
        if (contiguous) {
            out.add("--contiguous");
        }
        if (spreadJob) {
            out.add("--spread-job");
        }
        if (useMinNodes) {
            out.add("--use-min-nodes");
        }
        return out;
    }
}
