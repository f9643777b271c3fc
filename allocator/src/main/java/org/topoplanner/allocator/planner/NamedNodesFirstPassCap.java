package org.topoplanner.allocator.planner;

import java.util.LinkedHashSet;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A guard read from Slurm's source apart from the emulation: a job that names all its nodes ({@code -w} with
 * {@code -N} equal to the list) and asks a per-job GPU count with {@code --cpus-per-gpu=C} gets from each named
 * node at most what that node's first pass left it, in every later pass too.
 *
 * <p>Why, in the source (22.05.8, 24.11.5 and 26.05.5 alike): {@code common_topo_choose_nodes}
 * ({@code topology/common/common_topo.c}; 22.05 {@code choose_nodes} in {@code cons_common/job_test.c}) evaluates
 * first with {@code first_pass} set, then again without it, restoring only the node map and the core bitmaps between
 * the evaluations. On the first pass {@code gres_filter_sock_core} ({@code topology/common/gres_filter.c}) caps each
 * socket's GPUs at {@code avail_cores_per_sock * cpus_per_core / cpus_per_gres}, as under enforce-binding, and clears
 * the cores of every socket that added none ({@code req_sock}). The tree's required-node loop
 * ({@code _eval_nodes_topo}, {@code topology/tree/eval_nodes_tree.c}) then passes each named node through
 * {@code eval_nodes_cpus_to_use} and {@code eval_nodes_gres}, which writes the node's first-pass CPUs back into
 * {@code avail_res_array[i]->avail_cpus}; the second pass's {@code eval_nodes_select_cores} starts from those CPUs, and
 * {@code gres_filter_sock_core} and {@code gres_sched_add} credit at most {@code avail_cpus / cpus_per_gres} GPUs. When
 * the named nodes' credit falls short of {@code --gpus}, {@code max_nodes} is spent on them and the evaluation ends
 * ({@code ESLURM_TOPO_MAX_NODE_LIMIT}; 24.11 {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE}), so sbatch's test
 * rejects the job on idle nodes and a pass on busy ones leaves it waiting.
 *
 * <p>The bound here is an upper one of that credit: per node the free GPUs, and the free CPUs (all threads of a free
 * core) of the sockets whose first-pass cap is above zero (every socket when a free GPU is bound to all or none)
 * over {@code C}. It speaks only when every named node keeps a first-pass cap above zero: a node with none ends the
 * first pass before it writes anything back, and the second pass sees the later nodes whole (own case plsock2 r7,
 * {@code -N2 --gpus=2 --cpus-per-gpu=4 -w n01,n03} on three-core sockets, runs in all three releases). Own case
 * plsock2 (real 22.05.8, 24.11.5, 26.05.5): every probe it refuses is refused by all three (plsock1 p11 {@code -N2
 * --gpus=4 --cpus-per-gpu=2 -w n01,n03}: one GPU per node at two CPUs each from a three-core socket), and none it
 * lets through is refused for this reason.
 */
final class NamedNodesFirstPassCap {
    private NamedNodesFirstPassCap() {
    }

    /** Whether the rule speaks for {@code job}: per-job GPUs with {@code --cpus-per-gpu}, all its nodes named. */
    static boolean applies(JobRequest job) {
        if (job.gpus() == null || job.gpus() <= 0 || job.cpusPerGpu() == null || job.cpusPerGpu() <= 0
                || job.exclusive() || job.minNodes() == null) {
            return false;
        }
        int named = new LinkedHashSet<>(job.nodelist()).size();
        int max = job.maxNodes() != null ? job.maxNodes() : job.minNodes();
        // one node goes through the one-node test (_get_one_res), not the tree's required-node loop
        return named >= 2 && max == named;
    }

    /**
     * Slurm's refusal of {@code job} on {@code state}, or {@code null} when the rule does not refuse it: rejected
     * at submit when the named nodes fall short even idle (sbatch's test sees them empty), else a wait.
     */
    static Suggestion refusal(ClusterState state, JobRequest job, SlurmVersion version) {
        if (!applies(job)) {
            return null;
        }
        ClusterIndex index = ClusterIndex.of(state.cluster());
        String now = shortfall(index, state.usage(), job);
        if (now == null) {
            return null;
        }
        String idle = shortfall(index, ClusterState.empty(state.cluster()).usage(), job);
        String why = "the named nodes keep their first pass's CPUs (gres_filter_sock_core caps each socket at its"
                + " free cores / --cpus-per-gpu; eval_nodes_gres writes the CPUs back and the second pass starts from"
                + " them): ";
        if (idle != null) {
            String message = version == SlurmVersion.V24_11 ? "Requested topology configuration is not available"
                    : "Requested node configuration is not available";
            return new Suggestion.Impossible(message + ": " + why + idle);
        }
        return new Suggestion.Pending(PendingReason.RESOURCES, "Slurm " + version.label() + " waits: " + why + now);
    }

    /** What the named nodes give at most and what the job asks, or {@code null} when they may give enough. */
    private static String shortfall(ClusterIndex index, StateUsage usage, JobRequest job) {
        int credit = 0;
        Set<String> hosts = new LinkedHashSet<>(job.nodelist());
        for (String host : hosts) {
            int h = index.number(host);
            if (h < 0) {
                return null; // an unknown name is refused elsewhere, with its own message
            }
            int most = mostAfterFirstPass(index.shape(h), usage, h, job);
            if (most < 0) {
                return null; // no first-pass cap on this node: the first pass ends before it writes anything back
            }
            credit += most;
        }
        return credit >= job.gpus() ? null : String.join(",", hosts) + " give at most " + credit + " of the "
                + job.gpus() + " GPUs at " + job.cpusPerGpu() + " CPUs each";
    }

    /**
     * The most GPUs host {@code h} is credited in a pass after the first, or -1 when its first-pass cap is zero
     * (no socket with a free core gives a GPU at {@code --cpus-per-gpu}, and no free GPU is any socket's).
     */
    static int mostAfterFirstPass(NodeShape shape, StateUsage usage, int h, JobRequest job) {
        int sockets = shape.cpuIds().sockets();
        FreeGpuSockets gpus = FreeGpuSockets.of(shape, usage, h, job.gpuType());
        int[] freeCores = gpus.freeCores();
        int[] onSocket = gpus.onSocket();
        int any = gpus.any();
        int free = gpus.free();
        int cpusPerCore = Math.max(1, shape.cpuIds().threadsPerCore());
        int c = job.cpusPerGpu();
        int keptCpus = 0;
        boolean capped = false;
        for (int s = 0; s < sockets; s++) {
            if (freeCores[s] == 0) {
                continue;
            }
            boolean adds = any > 0 || Math.min(onSocket[s], freeCores[s] * cpusPerCore / c) > 0;
            if (adds) {
                capped = true;
                keptCpus += freeCores[s] * cpusPerCore;
            }
        }
        return capped ? Math.min(free, keptCpus / c) : -1;
    }
}
