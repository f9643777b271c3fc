package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * The GPUs one node counts toward a job's GPU total while the selection runs: a required node's share
 * ({@code gres_sched_add}) and an enforce-binding node's usable GPUs ({@code gres_select_filter_remove_unusable}).
 */
final class NodeGpuCredit {
    private NodeGpuCredit() {
    }

    /** GPUs toward the job's total a required node adds ({@code gres_sched_add}): its free ones, up to what is left. */
    static long requiredCredit(SlurmNode node, SlurmJobSpec job, NodeUse use, CoreFilter.Result result, long taken,
                               boolean asFiltered) {
        Integer total = job.gpuTotal();
        if (total == null || result == null) {
            return 0;
        }
        // sock_data->total_cnt, which gres_select_filter_remove_unusable lowered for enforce-binding by the GPUs of
        // every socket without a free core (22.05.8 cons_common/gres_select_filter.c; 22.05's gres_sched_add adds it
        // whole): own case cmx15 m52 (-w b2 -n3 -c3 --gpus-per-task=1 enforce-binding, b2's socket 0 busy) credits
        // b2 with GPU 3 alone, so b4 is asked for 2 and keeps sockets 0 and 1 (cores 0-5 in 22.05.8)
        long free = job.enforceBinding() ? bindable(node, use, result.gpus(use)) : result.gpus(use).cardinality();
        if (job.cpusPerGpu() != null && job.cpusPerGpu() > 0) {
            free = Math.min(free, result.availCpus() / job.cpusPerGpu());
        } else {
            // 24.11's first-pass estimate of CPUs per GPU caps what the node counts (CoreFilter.Result.gpuCap): own
            // case fuzz25 p8 (-w q11 -n4 -c3 --gpus=4 enforce-binding, 3 CPUs per GPU estimated): q11's 6 CPUs
            // count 2 of its 3 free GPUs, so g10 gives the other 2 (24.11.5), where the replay credited q11 with 3
            free = Math.min(free, result.gpuCap());
        }
        long credit = Math.max(0, Math.min(free, total - taken));
        if (asFiltered) {
            // gres_sched_add (24.11, 26.05): the filter's sock_gres->total_cnt, lowered to what the job lacks only
            // while it lacks any, and at least one
            credit = Math.max(1, Math.min(taken < total ? credit : free, result.gresCap()));
        }
        if (asFiltered && job.gpusPerTask() != null && job.gpusPerTask() > 0) {
            // GPUs per task come in whole tasks, as many as the node's CPUs run (24.11 and 26.05: gres_sched_add's
            // "Already assumed a number of gres tasks on this node"): own case fuzz01 f3 (-w p7 -n2 -c3
            // --gpus-per-task=2, p7 has 3 GPUs) credits p7 with one task's 2 GPUs and leaves 2 for a second node.
            // 22.05's gres_sched_add (cons_tres/gres_sched.c) adds sock_data->total_cnt whole: own case cmx3 m65
            // (-w a1 -n6 -c3 --gpus-per-task=1, a1 one task but 3 free GPUs) leaves 3 for a2, whose socket 1 then
            // suffices and gives all CPUs (16-30 in 22.05.8; RequiredNodeRawGpuCreditTest)
            // The CPUs cut the node's GPUs only through eval_nodes_gres' _reduce_res_core_by_task_cnt, which lowers
            // total_cnt to the tasks' GPUs when the tasks the CPUs hold fall below gres_max_tasks (the filter's task
            // count): own probe c22e1 e3 (-w q1,t1 -N2 -n6 --ntasks-per-socket=3 --gpus-per-task=1): q1's 4 free GPUs
            // and 4 CPUs give 3 tasks, the filter's count too (a multiple of 3), so q1 counts all 4 and t1 is asked
            // for the 2 left, too few for 3 tasks: Resources in 24.11.5 and 26.05.5 (RequiredTaskGpuCreditTest)
            long fit = result.availCpus() / job.cpusPerTask();
            long tasks = credit / job.gpusPerTask();
            if (fit < result.maxTasks()) {
                tasks = Math.min(tasks, fit);
            }
            credit = tasks * job.gpusPerTask();
        }
        return credit;
    }

    /**
     * The GPUs an enforce-binding job is credited with on a node: {@code gres_select_filter_remove_unusable}
     * drops the GPUs of every socket without a free core ({@code cnt_by_sock[s] = 0}, {@code total_cnt} lowered),
     * and the topology step counts {@code total_cnt}. Own case fuzz27 p8 ({@code -n4 -c2 --gpus=6}
     * enforce-binding; g1's free cores all on socket 1, GPUs 0-3 of socket 0 free): g1 counts 2, so the job
     * takes a third node (g1 6-7, s3, s8) in 22.05.8, 24.11.5 and 26.05.5, where the replay counted 4 and later
     * filled them from socket 0 ({@code _set_job_bits2}).
     */
    static int bindable(SlurmNode node, NodeUse use, BitSet gpus) {
        int n = 0;
        for (int g = gpus.nextSetBit(0); g >= 0; g = gpus.nextSetBit(g + 1)) {
            SlurmGpu gpu = node.gpus().get(g);
            if (GpuSockets.isAnySocket(node, gpu)) {
                n++;
                continue;
            }
            for (int s = 0; s < node.sockets(); s++) {
                if (gpu.cores().intersects(node.coresOfSocket(s)) && use.freeCores().intersects(node.coresOfSocket(s))) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
