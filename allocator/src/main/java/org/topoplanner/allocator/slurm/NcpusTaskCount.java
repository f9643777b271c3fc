package org.topoplanner.allocator.slurm;

import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The tasks 24.11's and 26.05's {@code _dist_tasks_compute_c_b} ({@code select/cons_tres/dist_tasks.c}) lays out for a
 * job submitted without {@code -n}: {@code _get_task_count} takes {@code job_res->ncpus} over {@code -c}
 * ({@code JOB_NTASKS_SET} is off), and {@code _job_test} has raised {@code ncpus} to {@code details->min_cpus}, to
 * {@code nhosts x pn_min_cpus} and to {@code gres_select_util_job_min_cpus} over the chosen hosts, a partition's
 * {@code DefCpuPerGPU} included ({@link JobCpuCounts#ncpusFloor}). Each chosen node holds its first task and then as
 * many more as its CPUs ({@code avail_res->avail_cpus}, what the selection left it) have room for at {@code -c} each;
 * a task left over is {@code ESLURM_BAD_TASK_COUNT}, after the GPUs' soft task limit was dropped, and the job fails
 * the pass. The submit test ({@code SELECT_MODE_TEST_ONLY}) returns before the layout and does not see it.
 *
 * <p>Most selections give such a job at least those CPUs: {@code rem_max_cpus} holds {@code min_job_gres_cpu}, and a
 * node's GPU credit follows its CPUs. 26.05's one-node pick does not ({@link FirstFitOneNode}): {@code _get_one_res}
 * sums the GPUs every node it tests credits, and {@code common_test_node} reads {@code details->min_cpus} alone, so
 * the node that completes the sum is chosen whatever the CPUs its GPUs ask for. Own probe c28c2 p1 ({@code -p d3 -N1
 * --gpus=2}, {@code DefCpuPerGPU=3}, n1 and n2 with two free cores of one socket): n1 credits 1, n2 completes the sum
 * on 4 CPUs, 6 tasks do not fit, and 26.05.5 keeps the job {@code Resources} while n3 is idle.
 *
 * <p>Not for {@code --exclusive} ({@code dist_tasks} returns before the layout), {@code -O} (one task a node) or
 * {@code --ntasks-per-gpu} ({@code ncpus} also takes {@code gres_select_util_job_min_tasks}, not counted here), nor
 * 22.05, whose layout over-subscribes the tasks it cannot place ({@link TaskDistribution#layout2205}).
 */
final class NcpusTaskCount {
    private NcpusTaskCount() {
    }

    /** Whether the chosen nodes hold fewer tasks than {@code _get_task_count} gives {@code job} (see above). */
    static boolean tooFew(List<Integer> idx, NodePick sel, CoreFilter.Result[] results, SlurmJobSpec job,
                          SlurmVersion version) {
        if (version == SlurmVersion.V22_05 || job.ntasks() != null || job.ntasksPerNode() != null || job.exclusive()
                || job.overcommitTasks() != null || job.ntasksPerGpu() != null) {
            return false;
        }
        int hosts = idx.size();
        int cpt = Math.max(1, job.cpusPerTask());
        long ncpus = Math.max(Math.max(hosts, JobCpuCounts.ncpusFloor(job, hosts, version)),
                (long) hosts * job.pnMinCpus());
        long tasks = ncpus / cpt;
        long room = 0;
        for (int i : idx) {
            int cpus = sel.cpusOr(i, results[i].availCpus());
            if (cpus > 0) {
                room += Math.max(1, cpus / cpt);
            }
        }
        return room < tasks;
    }
}
