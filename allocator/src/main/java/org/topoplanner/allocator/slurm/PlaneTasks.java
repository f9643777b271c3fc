package org.topoplanner.allocator.slurm;

import java.util.List;

/**
 * The tasks and CPUs of each chosen node for a {@code -m plane=N} job: Slurm's {@code _compute_plane_dist}
 * ({@code select/cons_tres/dist_tasks.c} 24.11.5 and 26.05, {@code cons_common/dist_tasks.c} 22.05.8), which
 * {@code dist_tasks} runs instead of the one-task-per-node rounds ({@link TaskDistribution}). Each round deals every
 * node in turn up to {@code N} tasks, each while the node's CPUs so far are below what the selection gave it
 * ({@code avail_cpus[n]}), a task adding {@code -c} CPUs as far as that count. Own case sb7a d6
 * ({@code -N2 -n6 -m plane=2}: the selection gives g1 5 CPUs and g2 1; the planes deal 2+1, then 2, then 1: five
 * tasks on g1, one on g2, CPUs 0-4 and 0 in all three releases).
 *
 * <p>When a round leaves no node room and tasks remain, 24.11 and 26.05 fail the job ({@code ESLURM_BAD_TASK_COUNT});
 * 22.05 goes on over-subscribed ({@code over_subscribe}: a task past the node's CPUs adds none). The task count is
 * {@code -n} ({@code _get_task_count} with {@code JOB_NTASKS_SET} in 24.11 and 26.05; 22.05's
 * {@code job_res->ncpus / cpus_per_task}, the same for a job whose {@code -n} x {@code -c} the selection met). Jobs
 * with GPUs, whose task limit ({@code gres_task_limit}) this loop also reads, are refused before
 * ({@link PlaneRefusal}).
 */
final class PlaneTasks {
    private PlaneTasks() {
    }

    /**
     * {@code {tasks, cpus}} per chosen node (in {@code idx} order); fewer tasks than {@code maxTasks} in all when
     * {@code overSubscribe} is false and the CPUs ran out.
     */
    static int[][] deal(List<Integer> idx, CoreFilter.Result[] results, NodePick sel, int maxTasks, int cpt,
                        int plane, boolean overSubscribe) {
        int hosts = idx.size();
        int[] avail = new int[hosts];
        for (int k = 0; k < hosts; k++) {
            int i = idx.get(k);
            avail[k] = sel.cpusOr(i, results[i].availCpus());
        }
        int[] tasks = new int[hosts];
        int[] cpus = new int[hosts];
        int tid = 0;
        boolean over = false;
        while (tid < maxTasks) {
            boolean space = false;
            for (int k = 0; k < hosts && tid < maxTasks; k++) {
                for (int p = 0; p < plane && tid < maxTasks; p++) {
                    if (cpus[k] < avail[k] || over) {
                        tid++;
                        tasks[k]++;
                        cpus[k] = Math.min(avail[k], cpus[k] + cpt);
                    }
                }
                space |= cpus[k] < avail[k];
            }
            if (!space && tid < maxTasks) {
                if (!overSubscribe) {
                    break;
                }
                over = true;
            }
        }
        return new int[][] {tasks, cpus};
    }
}
