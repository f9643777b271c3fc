package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The tasks per socket 22.05's GPU pick gives an {@code -O --gpus-per-task} job: every one of its {@code -n} tasks,
 * on the one task's core each node was laid out with.
 *
 * <p>22.05's {@code dist_tasks} ({@code cons_tres/dist_tasks.c} {@code dist_tasks_compute_c_b}) counts at most
 * {@code ncpus = MIN(total_cpus, num_tasks)} tasks ({@code _job_test}, {@code cons_common/job_test.c}) on the CPUs
 * each node was cut to, one task's. {@code gres_select_filter_select_and_set}
 * ({@code cons_common/gres_select_filter.c}) then builds the tasks per socket in {@code _build_tasks_per_node_sock}
 * from {@code ntasks_per_job} = {@code num_tasks}: each node's counted tasks on its cores ({@link SocketTasks}), and
 * the rest in its {@code while ((rem_tasks > 0) && overcommit)} loop, one task a node and socket in turn, a socket
 * taking one where the job's core bitmap has a core at {@code s * cores_per_socket + c} (no node offset: the first
 * node's cores). Each socket's tasks then take their GPUs ({@code _set_job_bits1}). Own probes c18a1 p2, p4, p6, p7,
 * c16g1 r2, c16d1 g3 (22.05.8: {@code -n2 --gpus-per-task=2 -O} gets g1 CPU 0 with GPUs 0-3; p7 CPU 4 with GPUs 2,
 * 3, socket 1's).
 */
final class OvercommitSocketTasks {
    private OvercommitSocketTasks() {
    }

    /** Every chosen node's tasks per socket, or null where the job is no 22.05 {@code -O --gpus-per-task} job. */
    static int[][] of(List<SlurmNode> chosen, List<BitSet> cores, int[] tasks, SlurmJobSpec job,
                      SlurmVersion version) {
        if (version != SlurmVersion.V22_05 || job.overcommitTasks() == null || job.gpusPerTask() == null
                || chosen.isEmpty()) {
            return null;
        }
        int[][] out = new int[chosen.size()][];
        int rem = job.overcommitTasks();
        for (int k = 0; k < chosen.size(); k++) {
            out[k] = SocketTasks.tasksPerSocket(chosen.get(k), cores.get(k), tasks[k], job, version);
            rem -= Arrays.stream(out[k]).sum();
        }
        BitSet first = cores.get(0);
        boolean any = true;
        while (rem > 0 && any) {
            any = false;
            for (int k = 0; k < chosen.size() && rem > 0; k++) {
                SlurmNode n = chosen.get(k);
                for (int s = 0; s < n.sockets() && rem > 0; s++) {
                    int from = s * n.coresPerSocket();
                    int set = first.nextSetBit(from);
                    if (set >= 0 && set < from + n.coresPerSocket()) {
                        out[k][s]++;
                        rem--;
                        any = true;
                    }
                }
            }
        }
        return out;
    }
}
