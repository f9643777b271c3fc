package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * {@code --threads-per-core=t} (and {@code --hint=nomultithread}, which sbatch's {@code verify_hint} turns into
 * {@code t = 1}), as 22.05, 24.11 and 26.05 apply it (the same source in all three):
 * <ul>
 * <li>sbatch {@code _opt_verify}: with a fixed {@code -N n} and no {@code -n}, the job gets {@code n x t} tasks
 *     ("Number of tasks implicitly set"): own case optprobe3 p5, {@code -N1 -c4 --threads-per-core=2}, gets two
 *     tasks, eight CPUs.</li>
 * <li>{@code _build_node_list} ({@code job_mc_ok}): a node with fewer threads per core than {@code t} is left out;
 *     a named one makes the job "Requested node configuration is not available" (p6).</li>
 * <li>cons_tres {@code common_cpus_per_core}: each allocated core gives the job only {@code min(threads, t)} CPUs,
 *     and under {@code CR_Core} the whole core is allocated. On nodes of {@code T} threads that is the job with
 *     {@code T / t} times its CPUs per task (and per GPU): p0 {@code -c4 --threads-per-core=1} gets four cores,
 *     CPUs 0-7; p1 {@code -n4} CPUs 0-3 and 8-11; p7 {@code -c12} on eight cores is refused.</li>
 * </ul>
 * The scaling holds while every usable node (the {@code -w} nodes alone when they are all the job may get) has
 * the same thread count; where nodes of different thread counts
 * remain and some have more than {@code t}, each node would scale differently, which the placement rules here
 * (one request for every node) cannot say, so the job is refused with that reason rather than placed wrongly.
 */
final class ThreadsPerCore {
    private final int fewest;
    private final int most;

    private ThreadsPerCore(int fewest, int most) {
        this.fewest = fewest;
        this.most = most;
    }

    private static ThreadsPerCore of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(ThreadsPerCore.class, c -> {
            List<SlurmNode> nodes = SlurmNode.of(c);
            int min = nodes.stream().mapToInt(SlurmNode::threadsPerCore).min().orElse(1);
            int max = nodes.stream().mapToInt(SlurmNode::threadsPerCore).max().orElse(1);
            return new ThreadsPerCore(min, max);
        });
    }

    /** The request as the placement rules read it, or why it cannot run. */
    static NodeMemory.Verdict check(Cluster cluster, JobRequest request) {
        Integer t = request.threadsPerCore();
        if (t == null) {
            return new NodeMemory.Usable(request);
        }
        JobRequest.Builder b = request.toBuilder().threadsPerCore(null);
        if (request.minNodes() != null && request.ntasks() == null && request.ntasksPerNode() == null
                && (request.maxNodes() == null || request.maxNodes().equals(request.minNodes()))) {
            b.ntasks(request.minNodes() * t);
        }
        ThreadsPerCore table = of(cluster);
        // a job whose -w names all the nodes it may get runs on those alone: only their thread counts matter
        int most = request.maxNodes() != null ? request.maxNodes() : request.requestedNodes();
        boolean namedOnly = !request.nodelist().isEmpty() && request.nodelist().size() >= most;
        Set<String> named = new HashSet<>(request.nodelist());
        int threads;
        if (table.fewest >= t && table.fewest == table.most) {
            threads = table.most;
        } else {
            // a mixed cluster, or nodes with fewer threads than asked: walk the nodes once for this request
            Set<String> excluded = new HashSet<>(request.exclude());
            List<String> dropped = new ArrayList<>();
            Set<Integer> counts = new HashSet<>();
            for (SlurmNode n : SlurmNode.of(cluster)) {
                if (excluded.contains(n.name()) || (namedOnly && !named.contains(n.name()))) {
                    continue;
                }
                if (n.threadsPerCore() < t) {
                    if (named.contains(n.name())) {
                        return new NodeMemory.Refused("Requested node configuration is not available: " + n.name()
                                + " has " + n.threadsPerCore() + " thread(s) per core, the job asks for " + t);
                    }
                    dropped.add(n.name());
                } else {
                    counts.add(n.threadsPerCore());
                }
            }
            if (counts.isEmpty()) {
                return new NodeMemory.Refused("Requested node configuration is not available: no node has "
                        + t + " threads per core");
            }
            if (counts.size() > 1 && counts.stream().anyMatch(c -> c > t)) {
                return new NodeMemory.Refused("--threads-per-core=" + t + " on nodes of " + counts
                        + " threads per core is not emulated: Slurm gives each node's cores a different CPU count"
                        + " (name the nodes of one thread count with -w, or leave the others out with -x)");
            }
            List<String> exclude = new ArrayList<>(request.exclude());
            exclude.addAll(dropped);
            b.exclude(exclude);
            threads = counts.iterator().next();
        }
        if (threads > t) {
            if (threads % t != 0) {
                return new NodeMemory.Refused("--threads-per-core=" + t + " on nodes of " + threads
                        + " threads per core is not emulated (not a whole share of a core)");
            }
            int factor = threads / t;
            if (request.cpusPerGpu() != null) {
                // sbatch refuses -c beside --cpus-per-gpu: the job's CPUs come from its GPUs alone
                b.cpusPerGpu(request.cpusPerGpu() * factor);
            } else {
                b.cpusPerTask((request.cpusPerTask() == null ? 1 : request.cpusPerTask()) * factor);
            }
            // the per-CPU memory figure is charged for t CPUs a core (FreeMemory.heldBy) and _can_job_run_on_node
            // tests it against the job's t CPUs a core: on the scaled count, that is the figure over the factor
            // (rounded up, as _valid_pn_min_mem rounds a figure it spreads over more CPUs)
            NodeMemory memory = NodeMemory.of(cluster);
            if (memory.consumable() && !memory.perCpuUnit()
                    && JobMemory.of(request, memory.defaults(request)) instanceof JobMemory.PerCpu perCpu) {
                b.memPerCpuMiB((perCpu.mib() + factor - 1) / factor);
            }
        }
        return new NodeMemory.Usable(b.build());
    }
}
