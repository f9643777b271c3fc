package org.topoplanner.allocator.planner;

import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A second guard, read from Slurm's source and kept apart from the emulation ({@code slurm-tree}), so that it holds
 * where the emulation is wrong: with {@code --gres-flags=enforce-binding} a node gives a {@code --gpus-per-node} job
 * at most the GPUs its sockets can bind.
 *
 * <p>{@code gres_select_filter_sock_core} (22.05 {@code cons_common/gres_select_filter.c}; 24.11 and 26.05
 * {@code topology/common/gres_filter.c}, the same loop in all three) counts, per socket with free cores, the socket's
 * free GPUs, capped under enforce-binding with {@code --cpus-per-gpu} at {@code avail_cores_per_sock * cpus_per_core
 * / cpus_per_gres}, and adds the GPUs bound to no one socket ({@code cnt_any_sock}); sockets without a free core
 * are skipped ({@code _build_sock_gres_by_topo} in {@code gres_sock_list.c} leaves their GPUs out under
 * enforce-binding). When that total is below {@code --gpus-per-node} or {@code --gpus-per-task} the node gets no
 * task ({@code max_tasks_this_node = 0}), and a node's tasks are at most the total over {@code --gpus-per-task}, so
 * the GPUs a node gives the job never exceed it. A GPU bound to every socket (or to none) is any socket's; one
 * bound to some sockets counts on each, as Slurm counts it.
 *
 * <p>Each count here is an upper bound of Slurm's (its available cores are at most the free cores; a core's CPUs
 * are taken as all its threads), so a placement this guard refuses is one no release of Slurm makes: the issue's
 * probe ({@code --gpus-per-node=3 --cpus-per-gpu=8} enforce-binding on a node whose 2-GPU socket has fewer than 16
 * free cores, own case {@code binding} x1) is refused here whatever the emulation says. Per-job {@code --gpus=N}
 * is not guarded: 26.05's per-job pick ({@code _set_job_bits1}) may take a socket's GPUs past its cap.
 */
final class SocketBindingGuard {
    private SocketBindingGuard() {
    }

    /**
     * Whether the guard speaks for {@code job} at all: {@code --gpus-per-node} with enforce-binding. Not for
     * {@code --gpus-per-task}: there the filter bounds the node's tasks, and {@code slurm-tree} 26.05 puts two
     * {@code --gpus-per-task=2} tasks where this count allows one (UnevenSplitPropertyTest, seed 24021, {@code -n8
     * --gpus-per-task=2} enforce-binding); which of the two real 26.05 follows is not yet probed, so the guard
     * keeps to the rule the stored real placements and the probe pin.
     */
    static boolean applies(JobRequest job) {
        return job.enforceBinding() && !job.exclusive() && job.gpusPerNode() != null;
    }

    /**
     * {@code agreed} (the planner's answer held against {@code slurm-tree}, {@link SlurmAgreement}) unless it places a
     * node past what its sockets bind: then {@code own}, the planner's own answer, when that placement passes, else a
     * wait. The planner's own per-socket rules ({@link SocketShare}, {@link org.topoplanner.allocator.slurm.SlurmBinding})
     * are at least as strict, so only a placement taken from {@code slurm-tree} can fail here: the guard speaks only
     * where the emulation is wrong.
     */
    static Suggestion hold(ClusterState state, JobRequest job, Suggestion agreed, Suggestion own,
                           SlurmVersion version) {
        if (!(agreed instanceof Suggestion.Placed placed) || !applies(job)) {
            return agreed;
        }
        String why = refusal(state, job, placed.placement());
        if (why == null) {
            return agreed;
        }
        if (own instanceof Suggestion.Placed mine && refusal(state, job, mine.placement()) == null) {
            return mine;
        }
        return new Suggestion.Pending(PendingReason.RESOURCES, "Slurm " + version.label() + " binds a GPU job's CPUs"
                + " per socket (gres_select_filter_sock_core): " + why + ", so no release places it there");
    }

    /** The first host of {@code p} that takes more GPUs than its sockets bind in {@code state}, or {@code null}. */
    static String refusal(ClusterState state, JobRequest job, Placement p) {
        if (!applies(job)) {
            return null;
        }
        ClusterIndex index = ClusterIndex.of(state.cluster());
        StateUsage usage = state.usage();
        for (HostAllocation a : p.hosts()) {
            int h = index.number(a.host());
            int most = bindable(index.shape(h), usage, h, job);
            if (a.gpus().size() > most) {
                return a.host() + " takes " + a.gpus().size() + " GPUs where its sockets' free cores bind "
                        + most + (job.cpusPerGpu() != null ? " at " + job.cpusPerGpu() + " CPUs per GPU" : "");
            }
        }
        return null;
    }

    /** {@code cnt_avail_total} of the filter, bounded from above, for {@code job} on host {@code h}. */
    static int bindable(NodeShape shape, StateUsage usage, int h, JobRequest job) {
        int sockets = shape.cpuIds().sockets();
        FreeGpuSockets gpus = FreeGpuSockets.of(shape, usage, h, job.gpuType());
        int[] freeCores = gpus.freeCores();
        int[] onSocket = gpus.onSocket();
        int any = gpus.any();
        int total = any;
        int cpusPerCore = Math.max(1, shape.cpuIds().threadsPerCore());
        for (int s = 0; s < sockets; s++) {
            if (freeCores[s] == 0) {
                continue;
            }
            int cap = job.cpusPerGpu() == null ? onSocket[s] : freeCores[s] * cpusPerCore / job.cpusPerGpu();
            total += Math.min(onSocket[s], cap);
        }
        return total;
    }
}
