package org.topoplanner.allocator.planner;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * 22.05.8's CPUs and GPUs a node of a GPU {@code -n} job holds (other than {@code --ntasks-per-gpu}), read from
 * {@code slurm-tree} asked for exactly the planner's nodes ({@code -w}), not computed again here. What a node keeps
 * depends on more than its free CPUs and GPUs, all of it in slurm-tree's core filter ({@code CoreFilter}) and deal
 * ({@code TaskDistribution.layout2205}):
 * {@code gres_select_filter_sock_core} ({@code select/cons_common/gres_select_filter.c}) on the first pass clears the
 * cores of sockets without a free GPU and outside {@code req_sock}, so the cores left (which {@code _select_nodes}'
 * {@code fini} holds {@code avail_res->avail_cpus} to) are only the GPUs' sockets' (d25p's seed -1195:
 * {@code -N2 -n6 --gpus-per-node=1}, 2 + 4); with {@code --gpus} or {@code --gpus-per-task} the GPUs a node's tasks are
 * bounded by are the ones {@code _eval_nodes_topo} picks for the job there ({@code gres_sched_add}, the per-job
 * count), not the node's free ones (seed 45: {@code -N2 -n8 --gpus-per-task=1}, 4 + 4); {@code _cpus_to_use} lowers
 * in the order the nodes are added; and {@code dist_tasks_compute_c_b} ({@code cons_common/dist_tasks.c}) deals over
 * what is left. The planner keeps its own nodes and cores (chosen again for these counts), never more CPUs a node than
 * Slurm holds there.
 */
final class GpuFilterOnNodes {
    private GpuFilterOnNodes() {
    }

    /** Whether the job's counts are read from slurm-tree: GPUs asked for, not {@code --ntasks-per-gpu} (f24s). */
    static boolean applies(JobRequest job) {
        return job.asksForGpus() && job.ntasksPerGpu() == null;
    }

    /**
     * slurm-tree's answer to {@code submitted} with exactly {@code hosts} named ({@code -w}), asked once per state
     * ({@link SchedulerSettings#slurmAnswer}): {@link TaskDeal2205} reads its counts, {@link OwnNodesNamed} whether
     * it runs at all.
     */
    static Suggestion named(SchedulerSettings settings, ClusterState state, JobRequest submitted, List<String> hosts) {
        return settings.slurmAnswer(state, submitted.withNodelist(hosts));
    }

    /**
     * The names of {@code hosts} in Slurm's node table order: 22.05's {@code _sort_node_record_table_ptr}
     * ({@code slurmctld/read_config.c}) sorts by name ({@code strnatcmp}), the order the required-node loop and
     * {@code dist_tasks} walk.
     */
    static List<String> tableOrder(List<HostAllocation> hosts) {
        return hosts.stream().map(HostAllocation::host).sorted(NaturalOrder.INSTANCE).toList();
    }

    /** slurm-tree's placement {@code slurm} when it is on exactly {@code hosts}, else none (then the planner's deal). */
    static Optional<Placement> placement(Suggestion slurm, List<String> hosts) {
        if (slurm instanceof Suggestion.Placed placed
                && new HashSet<>(placed.placement().hostNames()).equals(new HashSet<>(hosts))) {
            return Optional.of(placed.placement());
        }
        return Optional.empty();
    }

    /** The CPUs {@code slurm} holds on each of {@code hosts}, in their order. */
    static int[] cpus(Placement slurm, List<HostAllocation> hosts) {
        return hosts.stream().mapToInt(h -> on(slurm, h.host()).cpus().size()).toArray();
    }

    /** The GPUs {@code slurm} holds on each of {@code hosts}, in their order. */
    static int[] gpus(Placement slurm, List<HostAllocation> hosts) {
        return hosts.stream().mapToInt(h -> on(slurm, h.host()).gpus().size()).toArray();
    }

    private static HostAllocation on(Placement slurm, String host) {
        return slurm.hosts().stream().filter(a -> a.host().equals(host)).findFirst().orElseThrow();
    }
}
