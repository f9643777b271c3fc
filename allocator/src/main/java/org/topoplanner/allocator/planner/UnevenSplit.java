package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Gpu;

/**
 * A job whose GPUs or tasks are not fixed per node ({@code --gpus=N}, or {@code -n} with {@code --gpus-per-task} or
 * {@code --cpus-per-gpu} and no {@code --ntasks-per-node}) split unevenly as Slurm splits it, for when no even split
 * fits now. The planner's search ({@link TreeSearch}) takes one demand for every node, so it asks an even share, and
 * waits or refuses where Slurm places 8+2 of a {@code --gpus=10}, or 6+4 when one node has 6 GPUs free. Slurm's own
 * selection ({@code slurm-tree} of the options' release: {@code _eval_nodes_topo} over leaf switches, best fit,
 * GPUs per node as {@code gres_select_filter_sock_core} leaves them) is then the placement: it is one Slurm starts,
 * and it is as local as Slurm's tree rule makes it. The planner's other hard settings still hold: no node its kubelet
 * gate or Slurm's binding verdict rules out, and never under a Volcano or Kueue domain limit, whose sets Slurm does
 * not know.
 */
final class UnevenSplit {
    private UnevenSplit() {
    }

    /** Whether Slurm may give {@code job} different GPU or task counts on its nodes. */
    static boolean applies(JobRequest job) {
        if (job.gpusPerNode() != null) {
            return false;
        }
        boolean jobWideGpus = job.gpus() != null && job.gpusPerTask() == null;
        // -n with --cpus-per-gpu takes its GPUs from --gpus or --gpus-per-task, both counted here
        boolean perTask = job.ntasks() != null && job.ntasksPerNode() == null && job.gpusPerTask() != null;
        return jobWideGpus || perTask || NodeDemand.spreadsCpuTasks(job);
    }

    /**
     * Slurm's placement of {@code job} in {@code state} ({@code slurm}: {@code slurm-tree}'s answer there, asked only
     * when the job may split unevenly), when every node Slurm takes is one {@code allowed} accepts; empty otherwise.
     */
    static Optional<Placement> place(ClusterState state, JobRequest job, Supplier<Suggestion> slurm,
                                     IntPredicate allowed) {
        if (!applies(job)) {
            return Optional.empty();
        }
        if (!(slurm.get() instanceof Suggestion.Placed placed)) {
            return Optional.empty();
        }
        ClusterIndex index = ClusterIndex.of(state.cluster());
        for (HostAllocation a : placed.placement().hosts()) {
            int h = index.number(a.host());
            if (h < 0 || !allowed.test(h)) {
                return Optional.empty();
            }
            if (!state.freeGpus(a.host()).containsAll(a.gpus())) {
                // Slurm's count on a node without GPU topology may pass what its free memory holds of the job
                // (own probe c26k2 z1, FreeMemory.gpusHeldForMemory): the planner keeps to the free memory
                return Optional.empty();
            }
        }
        return keepsSocketRule(state, job, placed.placement()) ? Optional.of(placed.placement()) : Optional.empty();
    }

    /** Whether every node of {@code p} keeps the per-socket CPUs-per-GPU rule ({@link #socketsHoldTheirGpusCpus}). */
    static boolean keepsSocketRule(ClusterState state, JobRequest job, Placement p) {
        return p.hosts().stream().allMatch(a -> socketsHoldTheirGpusCpus(state, job, a));
    }

    /**
     * With {@code enforce-binding} and {@code --cpus-per-gpu}, whether every socket of the node has free CPUs for
     * the job's GPUs on it, the per-socket rule the planner keeps everywhere ({@link NodeDemand#cpusPerGpu}).
     * {@code slurm-tree} 22.05 may put a {@code --gpus=10 --cpus-per-gpu=2} job's 3 GPUs on a socket with 2 free
     * CPUs (PlannerBindingPropertyTest, seed 6204182), a split the planner does not take: whether 22.05 really
     * runs it is {@code slurm-tree}'s question, and until it is settled the planner keeps the rule it was probed on.
     */
    private static boolean socketsHoldTheirGpusCpus(ClusterState state, JobRequest job, HostAllocation a) {
        if (!job.enforceBinding() || job.cpusPerGpu() == null) {
            return true;
        }
        SlurmCpuIds ids = ClusterIndex.of(state.cluster()).cpuIdsOf(a.host());
        long[] need = new long[ids.sockets()];
        for (Gpu g : state.cluster().node(a.host()).gpus()) {
            if (a.gpus().contains(g.index()) && g.numa() >= 0 && g.numa() < need.length) {
                need[g.numa()] += job.cpusPerGpu();
            }
        }
        var used = state.usedCpus(a.host());
        for (int cpu = 0; cpu < ids.cpus(); cpu++) {
            if (!used.contains(cpu)) {
                need[ids.socketOfCore(ids.coreOfCpu(cpu))]--;
            }
        }
        for (long n : need) {
            if (n > 0) {
                return false;
            }
        }
        return true;
    }

    /** The GPUs per node of {@code p}, "8+2 GPUs" (CPUs, "40+10 CPUs", for a CPU-only job), for the note. */
    static String shares(Placement p) {
        boolean gpus = p.hosts().stream().anyMatch(a -> !a.gpus().isEmpty());
        StringBuilder sb = new StringBuilder();
        for (HostAllocation a : p.hosts()) {
            sb.append(sb.isEmpty() ? "" : "+").append(gpus ? a.gpus().size() : a.cpus().size());
        }
        return sb.append(gpus ? " GPUs" : " CPUs").toString();
    }

    /** Hosts the planner's settings leave usable: not refused by a kubelet, not refused by Slurm's binding. */
    static IntPredicate allowedBy(BitSet refused, BitSet unbound) {
        return h -> !refused.get(h) && !unbound.get(h);
    }
}
