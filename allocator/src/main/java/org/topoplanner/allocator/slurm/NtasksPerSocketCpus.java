package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * The CPUs {@code _allocate_sc} ({@code select/cons_common/cons_common.c}, 22.05) lets a node offer a job with
 * {@code --ntasks-per-socket}: its step 4 takes a socket's free cores only while the CPUs counted there
 * ({@code _check_ntasks_per_sock}, a whole core's threads at a time) stay below {@code ntasks_per_socket} x
 * {@code cpus_per_task}, so each socket gives at most that many CPUs rounded up to whole cores. This is the
 * {@code avail_cpus} that {@code _can_job_run_on_node} turns into {@code avail_res_cnt}, the count by which
 * {@code choose_nodes}' retry drops the weakest nodes. Own case fuzz50 p29 ({@code -N1 -n3 --ntasks-per-socket=2 -c3
 * --gpus-per-task=1}): l1 (one thread per core, 16 free) and m3 (two threads, 36 free) both offer 12 CPUs and
 * 3 GPUs and leave in the same round, so 22.05.8 runs the job on m2 of leaf2, alone there once m3 is gone.
 */
final class NtasksPerSocketCpus {
    private NtasksPerSocketCpus() {
    }

    /** The node's CPUs as step 4 counts them, or {@code freeCpus} unchanged when the job sets no tasks per socket. */
    static int of(SlurmNode node, BitSet freeCores, SlurmJobSpec job, int freeCpus) {
        Integer perSocket = job.ntasksPerSocket();
        if (perSocket == null || perSocket < 1) {
            return freeCpus;
        }
        int tpc = node.threadsPerCore();
        int cps = perSocket * Math.max(1, job.cpusPerTask());
        int coresPerSocket = (cps + tpc - 1) / tpc;
        int cpus = 0;
        for (int s = 0; s < node.sockets(); s++) {
            BitSet free = node.coresOfSocket(s);
            free.and(freeCores);
            cpus += Math.min(free.cardinality(), coresPerSocket) * tpc;
        }
        return Math.min(cpus, freeCpus);
    }
}
