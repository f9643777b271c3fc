package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The CPUs an idle node offers a job in sbatch's test ({@code SELECT_MODE_TEST_ONLY}): {@code _allocate_sc}'s
 * {@code avail_res->avail_cpus}, the count {@code _can_job_run_on_node}'s per-CPU memory branch then lowers
 * ({@link FreeMemory#cpusMemoryAllows}). Its "Step 3" counts each socket's free cores times the CPUs a core gives
 * the job ({@code threads_per_core}: the node's, or {@code --threads-per-core} when lower), a task per CPU capped
 * at {@code --ntasks-per-socket} per socket and at {@code --ntasks-per-node} for a job that shares the node.
 *
 * <p>24.11.5 and 26.05 ({@code cons_tres/job_test.c} {@code _allocate_sc}, "if (!job_ptr->gres_list_req)"): a job
 * without GRES offers its tasks' CPUs only, {@code num_tasks} with {@code -c1}, else {@code MIN(num_tasks,
 * avail_cpus / cpus_per_task) * cpus_per_task} whole tasks (the {@code ntasks_per_core == 1} branch gives the same
 * count, as its {@code threads_per_core} is then 1). So {@code -c3} on 8 two-thread cores offers 15 CPUs, and the
 * memory branch steps down from 15 (own probe c12f1 b, {@code -N1 -n3 -c3 --mem-per-cpu=2500} on 24,000 MB: 15, 13,
 * 11, 9 fit; both releases accept it at submission). 22.05.8 ({@code cons_common/cons_common.c} {@code
 * _allocate_sc}) has no such clause: {@code avail_cpus} stays every free CPU (16 there: 16 ... 8, then 6 whole
 * tasks, below the 9 the job needs on one node, so 22.05 refuses it). A GPU job's count stays every free CPU in
 * every release ("avail_cpus will be limited later by gres_select_filter_sock_core"), as does an
 * {@code --exclusive} job's, which {@link FreeMemory#cpusMemoryAllows} takes whole anyway.
 */
final class SbatchCpuOffer {
    private SbatchCpuOffer() {
    }

    /** {@code _allocate_sc}'s count on idle {@code node} for {@code r} under {@code version}. */
    static long of(SlurmNode node, JobRequest r, SlurmVersion version) {
        int tpc = node.threadsPerCore();
        int t = r.threadsPerCore() != null && r.threadsPerCore() < tpc ? r.threadsPerCore() : tpc;
        long perSocket = (long) node.coresPerSocket() * t;
        long availCpus = perSocket * node.sockets();
        if (!version.atLeast(SlurmVersion.V24_11) || r.asksForGpus() || r.exclusive()) {
            return availCpus;
        }
        long numTasks = r.ntasksPerSocket() != null
                ? Math.min(perSocket, r.ntasksPerSocket()) * node.sockets() : availCpus;
        if (r.ntasksPerNode() != null) {
            numTasks = Math.min(numTasks, r.ntasksPerNode());
        }
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        if (cpt < 2) {
            return numTasks;
        }
        return Math.min(numTasks, availCpus / cpt) * cpt;
    }
}
