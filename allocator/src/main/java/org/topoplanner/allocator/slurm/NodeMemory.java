package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.NodeLine;

/**
 * {@code --mem} against each node's {@code RealMemory}. slurmctld keeps no node whose configured memory is below
 * the job's per-node memory ({@code _build_node_list} filters the node's config record, {@code mem_ok}, and
 * {@code job_req_node_filter} the node: {@code src/slurmctld/node_scheduler.c}, the same test in 22.05, 24.11 and
 * 26.05), whether or not memory is a consumable resource ({@code CR_Core} checks it, it does not consume it). When
 * no node is left, or a {@code -w} node is among those dropped, sbatch gets "Requested node configuration is not
 * available" (own case fuzz42 p20, {@code -N2 --gpus-per-node=2 --mem=300G} on nodes of 256,000 MB: REJECTED in
 * all three versions). {@code --mem=0} asks for no minimum. A node whose memory the cluster does not know (no
 * {@code slurm.conf} line, or one without {@code RealMemory}: the model cannot tell "not written", where Slurm
 * would count its default of 1 MB, from "not imported") is not checked.
 *
 * <p>{@code --mem-per-cpu} is held as {@code pn_min_memory} with the {@code MEM_PER_CPU} flag, and
 * {@code _build_node_list} masks the flag off before comparing: the per-CPU figure itself, not times the job's
 * CPUs, must fit in {@code RealMemory} (22.05, 24.11 and 26.05 alike). Only {@code job_req_node_filter}
 * multiplies by {@code pn_min_cpus}, and slurmctld calls it for {@code --test-only} alone; cons_tres multiplies in
 * {@code _verify_node_state} only when memory is consumable ({@code CR_MEMORY}). Own case optprobe1: {@code -N1
 * -c8 --mem-per-cpu=5000} runs on a node of 16,000 MB, {@code -c1 --mem-per-cpu=20000} avoids it, and
 * {@code --mem-per-cpu=100G} is refused ("Memory specification can not be satisfied").
 *
 * <p>A job that gives neither {@code --mem} nor {@code --mem-per-cpu} ({@code --mem-per-gpu} sets neither) gets
 * the default in {@code _validate_job_desc} ({@code job_mgr.c}; 26.05 through {@code _get_def_mem}): the
 * cluster's {@code DefMemPerCPU} (or {@code DefMemPerNode}), tested here the same way. Own case optprobe2
 * ({@code DefMemPerCPU=20000}): {@code -N1 -c1} avoids a1 (16,000 MB), {@code -w a1} is refused, {@code --mem=1000}
 * and {@code --mem=0} run on a1 (all three versions). A partition's own {@code DefMemPerCPU} is not read.
 *
 * <p>{@code --mem-per-gpu} counts only where memory is consumable ({@code SelectTypeParameters} with
 * {@code Memory}): cons_tres {@code _can_job_run_on_node} ({@code job_test.c}) passes the node's free memory to
 * {@code gres_select_filter_cons_res}, which lets a node give at most {@code free / mem_per_gres} GPUs and drops it
 * when that is below the GPUs it must give. At submit every node counts as idle (free = {@code RealMemory}), so a
 * node whose {@code RealMemory} cannot hold the GPUs one node must give is never usable: left out here, and a job
 * with no other node (or naming one, {@code -w}) is refused. Under {@code CR_Core} (the harness default) Slurm
 * never reads it. Own cases memgpu1 ({@code CR_Core}: {@code -N1 --gpus-per-node=4 --mem-per-gpu=20000} runs on a
 * node of 16,000 MB) and memgpu2 ({@code CR_Core_Memory}: m0 avoids that node, m1 {@code -w} it and m2 four GPUs
 * are refused), real 22.05.8, 24.11.5 and 26.05.5 alike.
 */
public final class NodeMemory {
    private final Map<String, Long> megabytes;
    private final long smallest;
    /** {@code DefMemPerCPU} or {@code DefMemPerNode} of the configuration; null when neither is set. */
    private final Long defaultMegabytes;
    /** {@code SelectTypeParameters} makes memory consumable ({@code CR_Memory}, {@code CR_Core_Memory}, ...). */
    private final boolean consumable;

    private NodeMemory(Map<String, Long> megabytes, Long defaultMegabytes, boolean consumable) {
        this.megabytes = megabytes;
        this.consumable = consumable;
        this.smallest = megabytes.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        this.defaultMegabytes = defaultMegabytes;
    }

    /** The configured default, as slurmctld keeps it in {@code def_mem_per_cpu} (per CPU or per node alike). */
    private static Long defaultOf(Map<String, String> keys) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (e.getKey().equalsIgnoreCase("DefMemPerCPU") || e.getKey().equalsIgnoreCase("DefMemPerNode")) {
                try {
                    long mb = Long.parseLong(e.getValue().trim());
                    return mb > 0 ? mb : null;
                } catch (NumberFormatException ignored) {
                    // not a count (UNLIMITED or a typo the importer reports): no default to test
                    return null;
                }
            }
        }
        return null;
    }

    /** Whether {@code SelectTypeParameters} names memory ({@code select_type_param & CR_MEMORY}). */
    static boolean consumable(Map<String, String> keys) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (e.getKey().equalsIgnoreCase("SelectTypeParameters")) {
                for (String p : e.getValue().split(",")) {
                    if (p.trim().toUpperCase(java.util.Locale.ROOT).matches("CR_(CORE_|CPU_|SOCKET_)?MEMORY")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static NodeMemory of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(NodeMemory.class, c -> {
            Map<String, Long> mb = new HashMap<>();
            for (NodeLine line : c.slurm().nodeLines()) {
                if (line.realMemory() != null) {
                    mb.put(line.name(), line.realMemory());
                }
            }
            return new NodeMemory(mb, defaultOf(c.slurm().keys()), consumable(c.slurm().keys()));
        });
    }

    /** What becomes of a request once the nodes without its memory are left out. */
    public sealed interface Verdict {
    }

    /** The request to place: as it was, or with the nodes that lack the memory excluded. */
    public record Usable(JobRequest request) implements Verdict {
    }

    /** No usable node (or a named one) has the memory: sbatch refuses the job. */
    public record Refused(String reason) implements Verdict {
    }

    /**
     * What both node filters slurmctld applies before selection leave of a request ({@code _build_node_list}: the
     * nodes without the job's memory, then those with fewer threads per core than {@code --threads-per-core}
     * asks, {@link ThreadsPerCore}); the tree and the block selection start from it alike.
     */
    public static Verdict beforeSelection(Cluster cluster, JobRequest request) {
        Verdict memory = check(cluster, request);
        if (memory instanceof Refused) {
            return memory;
        }
        return ThreadsPerCore.check(cluster, ((Usable) memory).request());
    }

    /**
     * The request with the nodes below its {@code --mem} (or {@code --mem-per-cpu}) excluded, or the refusal.
     * Costs nothing per suggestion unless the figure exceeds the smallest node's memory.
     */
    static Verdict check(Cluster cluster, JobRequest request) {
        NodeMemory table = of(cluster);
        if (request.memPerGpuMiB() != null && table.consumable) {
            Verdict perGpu = perGpu(cluster, table, request);
            if (perGpu instanceof Refused) {
                return perGpu;
            }
            request = ((Usable) perGpu).request();
        }
        // sbatch refuses both together, so at most one is set; without either the configured default applies
        Long given = request.memMiB() != null ? request.memMiB() : request.memPerCpuMiB();
        Long mem = given != null ? given : table.defaultMegabytes;
        if (mem == null || mem == 0) {
            return new Usable(request);
        }
        if (mem <= table.smallest) {
            return new Usable(request);
        }
        String what = perWhat(request);
        return dropShortNodes(cluster, table, request, mem,
                has -> " has " + has + " MB of memory, the job asks for " + mem + " MB" + what,
                "Memory specification can not be satisfied: no node has " + mem + " MB of memory" + what);
    }

    /**
     * The GPUs one node must give the job at the least: {@code --gpus-per-node}, or {@code --gpus-per-task} times
     * {@code --ntasks-per-node} (one task when not given), else one of {@code --gpus}.
     */
    private static long gpusOnOneNode(JobRequest r) {
        if (r.gpusPerNode() != null) {
            return r.gpusPerNode();
        }
        if (r.gpusPerTask() != null) {
            return (long) r.gpusPerTask() * (r.ntasksPerNode() != null ? r.ntasksPerNode() : 1);
        }
        return 1;
    }

    /** {@code --mem-per-gpu} under consumable memory, every node idle: the submit verdict. */
    private static Verdict perGpu(Cluster cluster, NodeMemory table, JobRequest request) {
        long mem = request.memPerGpuMiB() * gpusOnOneNode(request);
        if (mem == 0 || mem <= table.smallest) {
            return new Usable(request);
        }
        return dropShortNodes(cluster, table, request, mem,
                has -> " has " + has + " MB of memory, the job asks for " + mem + " MB on each node (--mem-per-gpu="
                        + request.memPerGpuMiB() + " times its GPUs there; memory is consumable)",
                "no node has " + mem + " MB of memory for --mem-per-gpu=" + request.memPerGpuMiB()
                        + " times its GPUs on one node (memory is consumable)");
    }

    /**
     * The submit test's memory filter ({@code _build_node_list}): nodes whose {@code RealMemory} is below
     * {@code mem} leave the job's node set; a named ({@code -w}) one, or none left, refuses the job, as sbatch's
     * "Requested node configuration is not available".
     */
    private static Verdict dropShortNodes(Cluster cluster, NodeMemory table, JobRequest request, long mem,
                                          LongFunction<String> namedShort, String noneLeft) {
        Set<String> excluded = new HashSet<>(request.exclude());
        List<String> dropped = new ArrayList<>();
        boolean anyLeft = false;
        for (String host : cluster.nodes().keySet()) {
            Long has = table.megabytes.get(host);
            if (has != null && has < mem) {
                if (request.nodelist().contains(host)) {
                    return new Refused("Requested node configuration is not available: " + host
                            + namedShort.apply(has));
                }
                if (!excluded.contains(host)) {
                    dropped.add(host);
                }
            } else if (!excluded.contains(host)) {
                anyLeft = true;
            }
        }
        if (!anyLeft) {
            return new Refused("Requested node configuration is not available: " + noneLeft);
        }
        if (dropped.isEmpty()) {
            return new Usable(request);
        }
        List<String> exclude = new ArrayList<>(request.exclude());
        exclude.addAll(dropped);
        return new Usable(request.toBuilder().exclude(exclude).build());
    }

    /**
     * The nodes that cannot give the job its GPUs now for want of free memory: {@code --mem-per-gpu} times the GPUs
     * one node must give above the node's {@code RealMemory} less what the running jobs' {@code --mem-per-gpu}
     * holds there ({@code _can_job_run_on_node}'s {@code avail_mem}; {@code gres_select_util_job_mem_set} charges a
     * job {@code mem_per_gres} per GPU on each node). Such a node waits for memory ({@code Resources}); it is
     * usable again when those jobs end. Empty unless memory is consumable and the job gives {@code --mem-per-gpu}.
     * Walks the running allocations, and only for such jobs. Memory held by running jobs' {@code --mem},
     * {@code --mem-per-cpu} or the default is not counted.
     */
    public static Set<String> shortOfFreeMemory(ClusterState state, JobRequest request) {
        NodeMemory table = of(state.cluster());
        if (!table.consumable || request.memPerGpuMiB() == null || request.memPerGpuMiB() == 0
                || state.running().isEmpty()) {
            return Set.of();
        }
        long need = request.memPerGpuMiB() * gpusOnOneNode(request);
        Map<String, Long> used = heldMemory(state);
        Set<String> out = new HashSet<>();
        for (Map.Entry<String, Long> e : used.entrySet()) {
            Long has = table.megabytes.get(e.getKey());
            if (has != null && has - e.getValue() < need) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /**
     * {@code state} with the GPUs a node cannot give the job for want of free memory held by a stand-in job
     * ({@code gres_select_filter_cons_res}: a node gives at most {@code free / mem_per_gres} GPUs, the lowest free
     * ones kept), so that a {@code --gpus=N} job takes no more of them there than its memory allows. The state as
     * it is unless memory is consumable and the job gives {@code --mem-per-gpu}; then one walk over the nodes.
     */
    public static ClusterState withGpusMemoryCannotServe(ClusterState state, JobRequest request) {
        NodeMemory table = of(state.cluster());
        if (!table.consumable || request.memPerGpuMiB() == null || request.memPerGpuMiB() == 0) {
            return state;
        }
        Map<String, Long> used = heldMemory(state);
        List<HostAllocation> held = new ArrayList<>();
        for (String host : state.cluster().nodes().keySet()) {
            Long has = table.megabytes.get(host);
            if (has == null) {
                continue;
            }
            long cap = Math.max(0, has - used.getOrDefault(host, 0L)) / request.memPerGpuMiB();
            List<Integer> free = state.freeGpus(host);
            if (free.size() > cap) {
                held.add(new HostAllocation(host, List.copyOf(free.subList((int) cap, free.size())),
                        org.topoplanner.model.cpu.CpuSet.empty(), Map.of()));
            }
        }
        return held.isEmpty() ? state : state.with(new Placement(" memory for --mem-per-gpu", held));
    }

    /** Memory the running jobs' {@code --mem-per-gpu} holds per host ({@code gres_select_util_job_mem_set}). */
    private static Map<String, Long> heldMemory(ClusterState state) {
        Map<String, Long> used = new HashMap<>();
        for (Placement p : state.running().values()) {
            long perGpu = state.memPerGpuMiB(p.job());
            if (perGpu == 0) {
                continue;
            }
            for (HostAllocation a : p.hosts()) {
                used.merge(a.host(), perGpu * a.gpus().size(), Long::sum);
            }
        }
        return used;
    }

    private static String perWhat(JobRequest request) {
        if (request.memMiB() == null && request.memPerCpuMiB() == null) {
            return " (the configured DefMemPerCPU or DefMemPerNode, since the job gives no --mem)";
        }
        return request.memMiB() != null ? " per node" : " per CPU (--mem-per-cpu; Slurm compares it with the"
                + " node's memory as it is, not times the job's CPUs)";
    }
}
