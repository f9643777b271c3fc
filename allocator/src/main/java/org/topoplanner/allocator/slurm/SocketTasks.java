package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Tasks per socket of one chosen node, from the cores it was given: Slurm's {@code _build_tasks_per_node_sock}
 * ({@code cons_tres/gres_select_filter.c}), which the {@code --gpus-per-task} pick reads. 22.05 / 24.11 share one
 * reading, 26.05 has its own.
 */
final class SocketTasks {
    private SocketTasks() {
    }

    /**
     * Slurm's {@code _build_tasks_per_node_sock}: tasks per socket from the chosen cores, as many tasks per
     * core as a core has CPUs for one task. 22.05 counts every task as one CPU there (its local
     * {@code cpus_per_task} is only set on an error path), so a node's tasks pile onto the first socket's
     * cores and the GPUs follow (own case cpumix2 m22: {@code -n6 -c5 --gpus-per-task=1} on cores 15+15
     * gets GPUs 0-5 in 22.05.8); 24.11 divides the node's CPUs by its tasks, skips a task's further cores only
     * within its socket ({@code skip_cores}, {@code gres_select_filter.c} 24.11.5) and stops at the node's task
     * count: own case cmx2 m74 ({@code -n4 -c2 --gpus-per-task=2} enforce-binding on cores 0, 8, 16, 24 of a
     * four-socket node with one GPU a socket) counts its two tasks on sockets 0 and 1 and gets GPUs 0-1 in 24.11.5.
     * 24.11.5 reads a core's CPUs as {@code MIN(tpc, threads_per_core)} and skips by that: own case pl6b p0
     * ({@code -w n03 -n2 -c2 --hint=nomultithread --gpus-per-task=1} on an idle node of 2 x 6 two-thread cores)
     * gets cores 0-3, 8 CPUs, 4 a task, so one task per four cores: one task counted for two, and the job waits
     * ({@link SlurmAllocation#tasksShort()}); 22.05.8 and 26.05.5 run it on CPUs 0-7.
     * 22.05 and 24.11 cap a socket at {@code --ntasks-per-socket} ({@code tres_mc_ptr->ntasks_per_socket}: the
     * excess leaves the socket, whose core loop then ends, 22.05.8 {@code cons_common/gres_select_filter.c},
     * 24.11.5 {@code cons_tres/gres_select_filter.c}): lead batch fuzz80 p33 ({@code -N2 -n6 --ntasks-per-socket=2
     * -c2 --gpus-per-task=1}, a4 given cores 3, 4 and 32, 33) counts two tasks on each socket and gets GPUs 0, 1, 4,
     * 5 in 22.05.8, where one CPU a task counted all four on socket 0.
     */
    static int[] tasksPerSocket(SlurmNode n, BitSet cores, int tasksOnNode, SlurmJobSpec job,
                                SlurmVersion version) {
        if (version.atLeast(SlurmVersion.V26_05)) {
            return tasksPerSocket2605(n, cores, tasksOnNode, job);
        }
        int[] out = new int[n.sockets()];
        int placed = 0;
        int threads = n.threadsPerCore();
        // cpus_per_core is the node's threads, or fewer where the job asks for fewer (tres_mc_ptr->threads_per_core,
        // --hint=nomultithread); job_res->cpus is then each core's usable threads times the node's threads, as
        // _set_task_dist multiplies it "for accounting" before the GPU pick reads it
        int cpusPerCore = job.threadsPerCore() != null ? Math.min(threads, job.threadsPerCore()) : threads;
        int nodeCpus = cores.cardinality() * (cpusPerCore == threads ? threads : cpusPerCore * threads);
        int cpt = version == SlurmVersion.V22_05 ? 1 : Math.max(1, nodeCpus / Math.max(1, tasksOnNode));
        if (version == SlurmVersion.V22_05) {
            cpusPerCore = threads;
        }
        int tpc = Math.max(1, cpusPerCore / cpt);
        // tres_mc_ptr->ntasks_per_socket (0 when not given, _valid_uint16)
        int perSocket = job.ntasksPerSocket() == null ? 0 : job.ntasksPerSocket();
        for (int s = 0; s < n.sockets() && placed < tasksOnNode; s++) {
            // skip_cores is declared inside the socket loop (24.11.5 and 26.05.5): a task whose cores run past the
            // socket's end is not carried over, the next socket's first core starts a task of its own
            int skip = 0;
            for (int c = s * n.coresPerSocket(); c < (s + 1) * n.coresPerSocket() && placed < tasksOnNode; c++) {
                if (!cores.get(c)) {
                    continue;
                }
                if (skip > 0) {
                    skip--;
                    continue;
                }
                if (cpusPerCore / cpt < 1) {
                    // 24.11.5 skips by cpus_per_core (26.05 by the node's threads): a 4-CPU task of a
                    // nomultithread job counts one task per four cores where its cores hold one per two
                    skip = cpt / cpusPerCore - 1;
                }
                int add = Math.min(tpc, tasksOnNode - placed);
                out[s] += add;
                placed += add;
                if (placed >= tasksOnNode) {
                    break; // the node's limit is tested first and ends both loops
                }
                if (perSocket > 0 && out[s] >= perSocket) {
                    // --ntasks-per-socket: the excess leaves the socket (tasks_per_node keeps counting it), and
                    // the next socket's cores take the next tasks
                    out[s] = perSocket;
                    break;
                }
            }
        }
        return out;
    }

    /**
     * Whether {@code _build_tasks_per_node_sock} ends with {@code rem_tasks > 0} for this node, which 24.11.5 and
     * 26.05.5 return as {@code ESLURM_INVALID_GRES} (the job waits, {@link SlurmAllocation#tasksShort()}) and 22.05.8
     * only logs ({@code error("rem_tasks not zero")}, {@code cons_common/gres_select_filter.c}: the function returns
     * the array, no code): lead batch fuzz107 p14 ({@code -N1 -n4 --ntasks-per-socket=1 -c1 --gpus-per-task=1} on
     * idle f1, 4 x 8 two-thread cores, GPUs on sockets 0 and 2) runs in 22.05.8 on cores 0 and 16 and waits in 24.11.5
     * and 26.05.5. 24.11 counts the node's tasks with both caps applied, so the node is short when they sum below its
     * task count; 26.05 adds back each socket's excess over {@code --ntasks-per-socket} and then, apart, the node's
     * excess over its task count, from a {@code tasks_per_node} that still holds the socket excess.
     */
    static boolean countsShort(SlurmNode n, BitSet cores, int tasksOnNode, SlurmJobSpec job, SlurmVersion version) {
        if (version == SlurmVersion.V22_05) {
            return false;
        }
        if (version.atLeast(SlurmVersion.V26_05)) {
            Count c = count2605(n, cores, tasksOnNode, job);
            return tasksOnNode - sum(c.perSocket()) + Math.max(0, c.raw() - tasksOnNode) > 0;
        }
        return sum(tasksPerSocket(n, cores, tasksOnNode, job, version)) < tasksOnNode;
    }

    private static int sum(int[] v) {
        int t = 0;
        for (int x : v) {
            t += x;
        }
        return t;
    }

    /** A node's per-socket counts and the tasks counted before any socket's cap ({@code tasks_per_node}). */
    private record Count(int[] perSocket, int raw) {
    }

    /**
     * 26.05's {@code _build_tasks_per_node_sock}: the same count per core, but every socket's cores are counted (the
     * skip of a task's further cores starts again on each socket) and no socket stops at the node's task count
     * (the excess is kept apart and only lowers the node's total). So a task whose cores reach both sockets counts
     * on both, and with {@code enforce-binding} each of them gives GPUs: own case fuzz21 p4 ({@code -n6 -c4
     * --gpus-per-task=2} enforce-binding) gets GPUs 1-2 on p1 for the task on CPUs 3,4,16,17 in 26.05.5 (24.11.5
     * stops after socket 0 and gives GPU 1 only), fuzz18 p11 ({@code -n5 -c3 --gpus-per-task=2}) 3 + 6 on g1 and
     * six on g2's three tasks. {@code --ntasks-per-socket} still caps a socket there (the excess leaves it and its
     * core loop ends, 26.05 {@code cons_tres/gres_select_filter.c}), the node's {@code tasks_per_node} keeping it.
     */
    private static int[] tasksPerSocket2605(SlurmNode n, BitSet cores, int tasksOnNode, SlurmJobSpec job) {
        return count2605(n, cores, tasksOnNode, job).perSocket();
    }

    private static Count count2605(SlurmNode n, BitSet cores, int tasksOnNode, SlurmJobSpec job) {
        int[] out = new int[n.sockets()];
        int cpt = Math.max(1, cores.cardinality() * n.threadsPerCore() / Math.max(1, tasksOnNode));
        int perCore = n.threadsPerCore() / cpt;
        // tres_mc_ptr->ntasks_per_socket (0 when not given)
        int perSocket = job.ntasksPerSocket() == null ? 0 : job.ntasksPerSocket();
        int raw = 0;
        for (int s = 0; s < n.sockets(); s++) {
            int skip = 0;
            for (int c = s * n.coresPerSocket(); c < (s + 1) * n.coresPerSocket(); c++) {
                if (!cores.get(c)) {
                    continue;
                }
                if (skip > 0) {
                    skip--;
                    continue;
                }
                if (perCore < 1) {
                    skip = cpt / n.threadsPerCore() - 1;
                }
                int add = Math.max(1, perCore);
                out[s] += add;
                raw += add;
                if (perSocket > 0 && out[s] >= perSocket) {
                    out[s] = perSocket;
                    break;
                }
            }
        }
        return new Count(out, raw);
    }
}
