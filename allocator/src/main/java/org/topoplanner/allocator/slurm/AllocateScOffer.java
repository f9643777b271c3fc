package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The CPUs a node offers a job before a per-CPU memory figure lowers them: {@code _allocate_sc}'s "Step 3"
 * {@code avail_res->avail_cpus}, the count {@code _can_job_run_on_node}'s memory branch then steps down
 * ({@link FreeMemory#cpusMemoryAllowsFrom}). One count for the three places that read it, because they are one
 * function in slurmctld: sbatch's test on idle nodes ({@link NodeMemory}), the selection's node counts
 * ({@link SlurmAllocation}) and the pass's memory test on busy nodes ({@link FreeMemory#shortOfFreeMemory}).
 *
 * <p>Each socket's free cores give {@code threads_per_core} CPUs each (the node's, or {@code --threads-per-core}
 * when lower: {@code job_mgr_determine_cpus_per_core}); {@code num_tasks} counts a task a CPU, capped at
 * {@code --ntasks-per-socket} per socket, then at {@code --ntasks-per-node} for a job that shares the node
 * ({@code details_ptr->share_res}, which {@code --exclusive} clears; {@code cpus_per_tres} only comes with GRES).
 *
 * <p>24.11.5 and 26.05 ({@code cons_tres/job_test.c} {@code _allocate_sc}, "if (!job_ptr->gres_list_req)"): a job
 * without GRES offers its tasks' CPUs only, {@code num_tasks} with {@code -c1}, else {@code MIN(num_tasks,
 * avail_cpus / cpus_per_task) * cpus_per_task} whole tasks (the {@code ntasks_per_core == 1} branch gives the same
 * count, as its {@code threads_per_core} is then 1). So {@code -c3} on 8 two-thread cores offers 15 CPUs, and the
 * memory branch steps down from 15 (own probe c12f1 b, {@code -N1 -n3 -c3 --mem-per-cpu=2500} on 24,000 MB: 15, 13,
 * 11, 9 fit; both releases accept it at submission). 22.05.8 ({@code cons_common/cons_common.c} {@code
 * _allocate_sc}) has no such clause: {@code avail_cpus} stays every free CPU (16 there: 16 ... 8, then 6 whole
 * tasks, below the 9 the job needs on one node, so 22.05 refuses it). A GPU job's count stays every free CPU in
 * every release ("avail_cpus will be limited later by gres_select_filter_sock_core").
 */
final class AllocateScOffer {
    private AllocateScOffer() {
    }

    /** The job's side of the count, from either form a job takes here. */
    record TaskShape(int cpusPerTask, Integer ntasksPerNode, Integer ntasksPerSocket, Integer threadsPerCore,
                     boolean exclusive, boolean gres) {
        static TaskShape of(JobRequest r) {
            return new TaskShape(r.cpusPerTask() != null ? r.cpusPerTask() : 1, r.ntasksPerNode(),
                    r.ntasksPerSocket(), r.threadsPerCore(), r.exclusive(), r.asksForGpus());
        }

        /**
         * The selection's job: counted in the node's CPUs, as {@link ThreadsPerCore} has already scaled its CPUs per
         * task by the node's threads over {@code --threads-per-core} (own cases mem3c c7, mem4a m5, mem4c k9/k11,
         * {@code --hint=nomultithread}, 24.11.5: counting a core as one CPU here again halves the offer).
         */
        static TaskShape of(SlurmJobSpec j) {
            return new TaskShape(Math.max(1, j.cpusPerTask()), j.ntasksPerNode(), j.ntasksPerSocket(), null,
                    j.exclusive(), j.hasGpus());
        }
    }

    /** The count on {@code node} with every core free (sbatch's test, {@code SELECT_MODE_TEST_ONLY}). */
    static long idle(SlurmNode node, TaskShape job, SlurmVersion version) {
        int[] perSocket = new int[node.sockets()];
        Arrays.fill(perSocket, node.coresPerSocket());
        return count(node, perSocket, job, version);
    }

    /** The count on {@code node} whose free cores (Slurm core numbers) are {@code freeCores}. */
    static long of(SlurmNode node, BitSet freeCores, TaskShape job, SlurmVersion version) {
        int[] perSocket = new int[node.sockets()];
        for (int c = freeCores.nextSetBit(0); c >= 0 && c < node.cores(); c = freeCores.nextSetBit(c + 1)) {
            perSocket[node.socketOfCore(c)]++;
        }
        return count(node, perSocket, job, version);
    }

    /** {@link #of(SlurmNode, BitSet, TaskShape, SlurmVersion)} for a state's free cores. */
    static long of(SlurmNode node, CpuSet freeCores, TaskShape job, SlurmVersion version) {
        int[] perSocket = new int[node.sockets()];
        freeCores.stream().filter(c -> c < node.cores()).forEach(c -> perSocket[node.socketOfCore(c)]++);
        return count(node, perSocket, job, version);
    }

    private static long count(SlurmNode node, int[] freeCoresPerSocket, TaskShape job, SlurmVersion version) {
        int tpc = node.threadsPerCore();
        int t = job.threadsPerCore() != null && job.threadsPerCore() < tpc ? job.threadsPerCore() : tpc;
        long availCpus = 0;
        long numTasks = 0;
        for (int free : freeCoresPerSocket) {
            long cpus = (long) free * t;
            availCpus += cpus;
            numTasks += job.ntasksPerSocket() != null ? Math.min(cpus, job.ntasksPerSocket()) : cpus;
        }
        if (!version.atLeast(SlurmVersion.V24_11) || job.gres()) {
            return availCpus;
        }
        if (job.ntasksPerNode() != null && !job.exclusive()) {
            numTasks = Math.min(numTasks, job.ntasksPerNode());
        }
        if (job.cpusPerTask() < 2) {
            return numTasks;
        }
        return Math.min(numTasks, availCpus / job.cpusPerTask()) * job.cpusPerTask();
    }
}
