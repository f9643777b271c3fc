package org.topoplanner.allocator.slurm;

/**
 * 24.11's and 26.05's first pass takes an {@code enforce-binding} job's GPUs off a socket for good when its
 * estimate of CPUs per GPU leaves the socket none. {@code gres_filter_sock_core} ({@code topology/common/
 * gres_filter.c}) caps each socket's GPUs at {@code avail_cores_per_sock * cpus_per_core / cpus_per_gres}, with
 * {@code cpus_per_gres} from {@code _estimate_cpus_per_gres} on the first pass when the job names none; a socket
 * left with no GPU ({@code tot_gres_sock == 0}) under {@code enforce_binding} gets {@code sock_gres->cnt_by_sock[s]
 * = 0}. {@code common_topo_choose_nodes} ({@code common_topo.c}) restores only the node map and the core bitmaps for
 * the second pass, and {@code gres_filter_sock_core} restores only {@code total_cnt} ({@code
 * total_cnt_before_filter}): the sockets' counts stay zero, so a node whose GPUs all sit on such sockets has none in
 * the second pass and drops out. GPUs without socket affinity ({@code cnt_any_sock}) are not touched. Own probes
 * c10c1 and c10c2 (g9c's cluster, {@code -n7} to {@code -n10 --ntasks-per-socket=1 -c3 --gpus=1} enforce-binding, 21
 * to 30 CPUs per GPU estimated): 24.11.5's log shows the second pass with s1-s3 and u1 only (any-socket GPUs, 15
 * CPUs), so sbatch refuses the job; 22.05 has no estimate and runs it. The first pass is taken to have looked at
 * every node (it reads the weight groups until they suffice, and here it never does), but only for jobs without
 * {@code -w}: {@code _eval_nodes_topo} looks at the required nodes first and ends the pass at one that fails
 * ("insufficient resources on required node"), before any other node; own case cmx11 m61 ({@code -w c2 -n6 -c4
 * --gpus=1} enforce-binding, 24 CPUs per GPU estimated) gets a2's GPU 3 in 26.05.5.
 */
final class FirstPassStarvedSockets {
    private FirstPassStarvedSockets() {
    }

    /** Zeroes, for the second pass, the per-socket GPU counts the first pass's estimate starved. */
    static void clear(GpuSockets gs, int[] availPerSock, int cpusPerCore, int estimatedCpusPerGres) {
        if (estimatedCpusPerGres <= 0 || gs.anySock() > 0) {
            return;
        }
        long[] bySock = gs.bySock();
        for (int s = 0; s < bySock.length && s < availPerSock.length; s++) {
            if (bySock[s] > 0 && (long) availPerSock[s] * cpusPerCore / estimatedCpusPerGres == 0) {
                bySock[s] = 0;
            }
        }
    }
}
