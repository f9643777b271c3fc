package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

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
 * and {@code --mem=0} run on a1 (all three versions). The job's partition line's own default comes first.
 *
 * <p>Where memory is consumable ({@code SelectTypeParameters} with {@code Memory}) sbatch's test also runs cons_tres
 * {@code _can_job_run_on_node} ({@code job_test.c}) with every node idle: the GPU filter
 * ({@code gres_select_filter_cons_res}) lets a node give at most {@code RealMemory / mem_per_gres} GPUs
 * ({@code --mem-per-gpu}, else {@code DefMemPerGPU}), and a per-CPU figure lowers its CPUs until they fit. A node
 * that cannot give what one node must is left out, and a job with no other node (or naming one, {@code -w}) is
 * refused. Under {@code CR_Core} (the harness default) Slurm never reads the per-GPU figure. Own cases memgpu1
 * ({@code CR_Core}: {@code -N1 --gpus-per-node=4 --mem-per-gpu=20000} runs on a node of 16,000 MB), memgpu2
 * ({@code CR_Core_Memory}: m0 avoids that node, m1 {@code -w} it and m2 four GPUs are refused) and mem2a-mem2c,
 * real 22.05.8, 24.11.5 and 26.05.5 alike. What running jobs hold is {@link FreeMemory}'s.
 */
public final class NodeMemory {
    private final Map<String, Long> megabytes;
    /** {@code RealMemory} less {@code MemSpecLimit}, per node: what cons_tres lets jobs hold there. */
    private final Map<String, Long> forJobs;
    private final long smallest;
    /** The configuration's keys, where partition lines are kept ({@code PartitionName.<name>}). */
    private final Map<String, String> keys;
    /** The cluster's own {@code DefMemPerCPU}, {@code DefMemPerNode} and {@code DefMemPerGPU}. */
    private final JobMemory.Defaults clusterDefaults;
    /** {@code SelectTypeParameters} makes memory consumable ({@code CR_Memory}, {@code CR_Core_Memory}, ...). */
    private final boolean consumable;
    /** {@code CR_CPU_Memory}: CPUs, not cores, are the unit a job is given and charged memory for. */
    private final boolean perCpuUnit;

    private NodeMemory(Map<String, Long> megabytes, Map<String, Long> forJobs, Map<String, String> keys) {
        this.megabytes = megabytes;
        this.forJobs = forJobs;
        this.keys = keys;
        this.consumable = consumable(keys);
        this.perCpuUnit = consumable && selectParameter(keys).startsWith("CR_CPU");
        this.smallest = megabytes.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        this.clusterDefaults = defaultsOf(keys::get);
    }

    /**
     * {@code DefMemPerCPU}, {@code DefMemPerNode} and {@code DefMemPerGPU} as {@code key} reads them (any case, as
     * Slurm's parser folds it). slurmctld keeps the first two in one field ({@code def_mem_per_cpu}, per CPU when
     * flagged {@code MEM_PER_CPU}), so a line gives one or the other.
     */
    private static JobMemory.Defaults defaultsOf(Function<String, String> key) {
        Long perCpu = megabytesOf(key.apply("defmempercpu"));
        Long perNode = perCpu != null ? null : megabytesOf(key.apply("defmempernode"));
        return new JobMemory.Defaults(perCpu, perNode, megabytesOf(key.apply("defmempergpu")));
    }

    private static Long megabytesOf(String value) {
        if (value == null) {
            return null;
        }
        try {
            long mb = Long.parseLong(value.trim());
            return mb > 0 ? mb : null;
        } catch (NumberFormatException ignored) {
            // not a count (UNLIMITED or a typo the importer reports): no default
            return null;
        }
    }

    /** Whether {@code SelectTypeParameters} names memory ({@code select_type_param & CR_MEMORY}). */
    static boolean consumable(Map<String, String> keys) {
        for (String p : selectParameter(keys).split(",")) {
            if (p.trim().matches("CR_(CORE_|CPU_|SOCKET_)?MEMORY")) {
                return true;
            }
        }
        return false;
    }

    private static String selectParameter(Map<String, String> keys) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (e.getKey().equalsIgnoreCase("SelectTypeParameters")) {
                return e.getValue().toUpperCase(Locale.ROOT);
            }
        }
        return "";
    }

    static NodeMemory of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(NodeMemory.class, c -> {
            Map<String, Long> mb = new HashMap<>();
            Map<String, Long> forJobs = new HashMap<>();
            for (NodeLine line : c.slurm().nodeLines()) {
                if (line.realMemory() != null) {
                    mb.put(line.name(), line.realMemory());
                    forJobs.put(line.name(), line.realMemory() - memSpecLimit(line));
                }
            }
            Map<String, String> folded = new HashMap<>();
            c.slurm().keys().forEach((k, v) -> folded.put(k.startsWith(SlurmPartition.KEY_PREFIX) ? k
                    : k.toLowerCase(Locale.ROOT), v));
            return new NodeMemory(mb, forJobs, folded);
        });
    }

    boolean consumable() {
        return consumable;
    }

    boolean perCpuUnit() {
        return perCpuUnit;
    }

    /** The node's {@code RealMemory}; null when the cluster does not say. */
    Long realMemory(String host) {
        return megabytes.get(host);
    }

    /**
     * The memory jobs may hold on the node: {@code RealMemory} less the node line's {@code MemSpecLimit}
     * ({@code avail_mem = real_memory - mem_spec_limit} in cons_tres {@code _can_job_run_on_node},
     * {@code _verify_node_state} and {@code _job_test}'s {@code memory_allocated} loop, and in slurmctld's
     * {@code _mem_per_node_part}; 22.05, 24.11 and 26.05 alike). {@code _build_node_list} compares the job's figure
     * with {@code RealMemory} itself ({@link #check}). Null when the cluster does not say.
     */
    Long memoryForJobs(String host) {
        return forJobs.get(host);
    }

    /** The node line's {@code MemSpecLimit} in MB (any case of the key, as Slurm's parser folds it); 0 without. */
    private static long memSpecLimit(NodeLine line) {
        for (Map.Entry<String, String> e : line.other().entrySet()) {
            if (e.getKey().equalsIgnoreCase("MemSpecLimit")) {
                Long mb = megabytesOf(e.getValue());
                return mb == null ? 0 : Math.min(mb, line.realMemory());
            }
        }
        return 0;
    }

    /**
     * The memory defaults of the job's partition ({@code -p}, else the {@code Default=YES} one, else the first):
     * its own {@code DefMemPerCPU}/{@code DefMemPerNode} before the cluster's ({@code _validate_job_desc}: "if
     * (part_ptr && part_ptr->def_mem_per_cpu)"), its own {@code DefMemPerGPU} before the cluster's
     * ({@code _set_gpu_defaults}: the partition's {@code job_defaults_list}, then the cluster's).
     */
    JobMemory.Defaults defaults(JobRequest request) {
        Map<String, String> own = partitionValues(request);
        if (own.isEmpty()) {
            return clusterDefaults;
        }
        JobMemory.Defaults p = defaultsOf(own::get);
        boolean perCpuOrNode = p.perCpu() != null || p.perNode() != null;
        return new JobMemory.Defaults(perCpuOrNode ? p.perCpu() : clusterDefaults.perCpu(),
                perCpuOrNode ? p.perNode() : clusterDefaults.perNode(),
                p.perGpu() != null ? p.perGpu() : clusterDefaults.perGpu());
    }

    /** {@code MaxMemPerCPU} of the job's partition line, else the cluster's, when that is the limit's form. */
    Long maxMemPerCpu(JobRequest request) {
        return maxMem(request, "maxmempercpu");
    }

    /** {@code MaxMemPerNode} of the job's partition line, else the cluster's, when that is the limit's form. */
    Long maxMemPerNode(JobRequest request) {
        return maxMem(request, "maxmempernode");
    }

    /** One field in slurmctld: the partition's when its line sets either, else the cluster's; per node first. */
    private Long maxMem(JobRequest request, String key) {
        Map<String, String> own = partitionValues(request);
        boolean partitionSets = own.containsKey("maxmempernode") || own.containsKey("maxmempercpu");
        Function<String, String> from = partitionSets ? own::get : keys::get;
        Long perNode = megabytesOf(from.apply("maxmempernode"));
        if (key.equals("maxmempernode")) {
            return perNode;
        }
        return perNode != null ? null : megabytesOf(from.apply("maxmempercpu"));
    }

    /**
     * The memory jobs may hold on the first node (in node table order) of the job's partition
     * ({@code _mem_per_node_part}: {@code real_memory - mem_spec_limit}).
     */
    long firstNodeMemory(Cluster cluster, JobRequest request) {
        // the partition's first node in slurmctld's node table, which read_slurm_conf sorts by name
        // (_sort_node_record_table_ptr: strnatcmp, the same in 22.05, 24.11 and 26.05), not the slurm.conf order
        SlurmPartition part = partitionOf(cluster, request);
        PartitionTable table = PartitionTable.of(cluster);
        List<String> names = new ArrayList<>(forJobs.keySet());
        names.sort(org.topoplanner.model.hostlist.NaturalOrder.INSTANCE);
        for (String name : names) {
            if (part == null || table.holds(part, name)) {
                return forJobs.get(name);
            }
        }
        return 0;
    }

    /** The most CPUs a node of the job's partition has ({@code part_ptr->max_cpu_cnt}); 0 when none says. */
    static int mostCpusInPartition(Cluster cluster, JobRequest request) {
        SlurmPartition part = partitionOf(cluster, request);
        PartitionTable table = PartitionTable.of(cluster);
        int most = 0;
        for (SlurmNode node : SlurmNode.of(cluster)) {
            if (part == null || table.holds(part, node.name())) {
                most = Math.max(most, node.cpus());
            }
        }
        return most;
    }

    /** The job's partition ({@code -p}, else the {@code Default=YES} one, else the first); null without any. */
    private static SlurmPartition partitionOf(Cluster cluster, JobRequest request) {
        List<SlurmPartition> parts = PartitionTable.of(cluster).partitions();
        SlurmPartition part = null;
        for (SlurmPartition p : parts) {
            if (request.partition() != null ? p.name().equals(request.partition()) : p.isDefault() && part == null) {
                part = p;
            }
        }
        if (part == null && request.partition() == null && !parts.isEmpty()) {
            part = parts.get(0);
        }
        return part;
    }

    /** The keys of the job's partition line, folded to lower case; empty when there is none. */
    private Map<String, String> partitionValues(JobRequest request) {
        String line = partitionLine(request.partition());
        if (line == null) {
            return Map.of();
        }
        Map<String, String> own = new HashMap<>();
        for (String token : line.trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                own.put(token.substring(0, eq).toLowerCase(Locale.ROOT), token.substring(eq + 1));
            }
        }
        return own;
    }

    /** The partition line the job runs in, {@code PartitionName=DEFAULT}'s values first; null when none. */
    private String partitionLine(String name) {
        String defaults = "";
        String chosen = null;
        String first = null;
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (!e.getKey().startsWith(SlurmPartition.KEY_PREFIX)) {
                continue;
            }
            String part = e.getKey().substring(SlurmPartition.KEY_PREFIX.length());
            if (part.equalsIgnoreCase("DEFAULT")) {
                defaults = defaults + " " + e.getValue();
                continue;
            }
            String line = defaults + " " + e.getValue();
            if (first == null) {
                first = line;
            }
            boolean isDefault = line.toUpperCase(Locale.ROOT).matches(".*\\bDEFAULT=YES\\b.*");
            if (name != null ? part.equals(name) : isDefault && chosen == null) {
                chosen = line;
            }
        }
        return chosen != null ? chosen : name == null ? first : null;
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

    /** A memory limit holds the job pending ({@code MaxMemPerLimit}): it never starts while the limit stands. */
    public record Held(String reason) implements Verdict {
    }

    /**
     * What both node filters slurmctld applies before selection leave of a request ({@code _build_node_list}: the
     * nodes without the job's memory, then those with fewer threads per core than {@code --threads-per-core}
     * asks, {@link ThreadsPerCore}); the tree and the block selection start from it alike. {@code version}: the
     * release whose sbatch test counts a node's CPUs ({@link AllocateScOffer}).
     */
    public static Verdict beforeSelection(Cluster cluster, JobRequest request, SlurmVersion version) {
        // job_limits_check comes before sbatch's node test: a job over MaxMemPerNode waits whatever the nodes
        String over = MaxMemPer.overLimit(cluster, request);
        if (over != null) {
            return new Held(over);
        }
        Verdict memory = check(cluster, request, version);
        if (memory instanceof Refused) {
            return memory;
        }
        return ThreadsPerCore.check(cluster, ((Usable) memory).request());
    }

    /**
     * The request with the nodes below its {@code --mem} (or {@code --mem-per-cpu}) excluded, or the refusal.
     * Costs nothing per suggestion unless the figure exceeds the smallest node's memory.
     */
    static Verdict check(Cluster cluster, JobRequest request, SlurmVersion version) {
        NodeMemory table = of(cluster);
        request = MaxMemPer.adjusted(cluster, request);
        JobMemory.Defaults defaults = table.defaults(request);
        if (table.consumable) {
            Verdict consumed = whenConsumed(cluster, table, request, defaults, version);
            if (consumed instanceof Refused) {
                return consumed;
            }
            request = ((Usable) consumed).request();
        }
        // sbatch refuses both together, so at most one is set; without either the partition's or cluster's default
        // (pn_min_memory, still set here: only _verify_node_state clears it for a per-GPU job, and sbatch's test
        // never calls that) applies
        Long given = request.memMiB() != null ? request.memMiB() : request.memPerCpuMiB();
        Long fallback = defaults.perCpu() != null ? defaults.perCpu() : defaults.perNode();
        Long mem = given != null ? given : fallback;
        if (mem == null || mem == 0) {
            return new Usable(request);
        }
        if (mem <= table.smallest) {
            return new Usable(request);
        }
        String what = perWhat(request);
        return dropShortNodes(cluster, table, request, host -> table.megabytes.get(host) < mem,
                host -> " has " + table.megabytes.get(host) + " MB of memory, the job asks for " + mem + " MB" + what,
                "Memory specification can not be satisfied: no node has " + mem + " MB of memory" + what);
    }

    /**
     * The GPUs one node must give the job at the least: {@code --gpus-per-node}, or {@code --gpus-per-task} times
     * {@code --ntasks-per-node} (one task when not given), else one of {@code --gpus}.
     */
    static long gpusOnOneNode(JobRequest r) {
        if (r.gpusPerNode() != null) {
            return r.gpusPerNode();
        }
        if (r.gpusPerTask() != null) {
            return (long) r.gpusPerTask() * (r.ntasksPerNode() != null ? r.ntasksPerNode() : 1);
        }
        return 1;
    }

    /**
     * The GPUs {@code node} must give the job: all of them for an {@code --exclusive} job
     * ({@code gres_select_filter_remove_unusable}: {@code min_gres} is the node's count for {@code whole_node}; own
     * case mem2f p7, {@code -w f3 --exclusive --gpus-per-node=2} with {@code DefMemPerGPU=48000} on a node of 4
     * GPUs and 128,000 MB, REJECTED by 22.05.8), else {@link #gpusOnOneNode}.
     */
    static long gpusOnThisNode(JobRequest r, SlurmNode node) {
        if (r.exclusive() && node != null && !node.gpus().isEmpty()) {
            return node.gpus().size();
        }
        return gpusOnOneNode(r);
    }

    /**
     * The CPUs one node must give the job at the least, times {@code --cpus-per-task}: {@code _can_job_run_on_node}'s
     * {@code min_cpus_per_node} ({@code select/cons_tres/job_test.c}, 22.05.8, 24.11.5 and 26.05 alike):
     * {@code --ntasks-per-node} tasks when given, else one task under {@code -O} ({@code details->overcommit}),
     * else all of a one-node job's tasks, else one. So an overcommitted one-node job asks one task's CPUs however
     * many {@code -n} tasks it has (own probe c25o1 a6, {@code -N1 -n3 -c4 --gpus-per-node=1 -O}: 22.05.8 runs it
     * on g1 CPUs 0-3, where {@code -n x -c} = 12 passes the node's 8 CPUs).
     */
    static long cpusOnOneNode(JobRequest r) {
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        if (r.ntasksPerNode() != null) {
            return (long) r.ntasksPerNode() * cpt;
        }
        boolean oneNode = (r.maxNodes() != null ? r.maxNodes() : r.minNodes() != null ? r.minNodes() : 0) == 1;
        if (!r.overcommit() && oneNode && r.ntasks() != null) {
            return (long) r.ntasks() * cpt;
        }
        return cpt;
    }

    /**
     * sbatch's test where memory is consumable: cons_tres {@code _can_job_run_on_node} with every node idle
     * ({@code test_only}: {@code avail_mem} is the node's {@code RealMemory} less {@code MemSpecLimit},
     * {@link #memoryForJobs}). A per-node figure above that leaves the node out ({@code _verify_node_state}: "free_mem
     * < min_mem"; without {@code MemSpecLimit} {@code _build_node_list} has dropped it already). The GPU filter
     * ({@code gres_select_filter_cons_res}) lets a node give at most {@code RealMemory / mem_per_gres} GPUs; a
     * per-CPU figure lowers the node's CPUs until they fit ({@code req_mem * cpus <= avail_mem}), to none for an
     * {@code --exclusive} job that does not fit whole; a per-node figure above it leaves no CPU.
     */
    private static Verdict whenConsumed(Cluster cluster, NodeMemory table, JobRequest request,
                                        JobMemory.Defaults defaults, SlurmVersion version) {
        if (JobMemory.of(request, defaults) instanceof JobMemory.PerNode perNode && perNode.mib() > 0) {
            Verdict v = dropShortNodes(cluster, table, request, host -> table.forJobs.get(host) < perNode.mib(),
                    host -> " has " + table.forJobs.get(host) + " MB of memory for jobs (RealMemory less"
                            + " MemSpecLimit), the job asks for " + perNode.mib() + " MB per node",
                    pastEveryRealMemory(cluster, table, request, perNode.mib())
                            ? "Memory specification can not be satisfied: no node has " + perNode.mib()
                                    + " MB of memory per node"
                            : "no node has " + perNode.mib() + " MB of memory for jobs (RealMemory less MemSpecLimit)");
            if (v instanceof Refused) {
                return v;
            }
            request = ((Usable) v).request();
        }
        Long perGpu = JobMemory.perGpu(request, defaults);
        if (perGpu != null && perGpu > 0) {
            Map<String, SlurmNode> nodes = FreeMemory.nodesByName(cluster);
            JobRequest r = request;
            ToLongFunction<String> mem = host -> perGpu * gpusOnThisNode(r, nodes.get(host));
            Verdict v = dropShortNodes(cluster, table, request,
                    host -> nodes.containsKey(host) && table.forJobs.get(host) < mem.applyAsLong(host),
                    host -> " has " + table.forJobs.get(host) + " MB of memory for jobs, the job asks for "
                            + mem.applyAsLong(host) + " MB on each node (--mem-per-gpu or DefMemPerGPU, " + perGpu
                            + " MB, times its GPUs there; memory is consumable)",
                    "no node has the memory for --mem-per-gpu or DefMemPerGPU (" + perGpu
                            + " MB) times its GPUs on one node (memory is consumable)");
            if (v instanceof Refused) {
                return v;
            }
            request = ((Usable) v).request();
        }
        if (JobMemory.of(request, defaults) instanceof JobMemory.PerCpu perCpu) {
            JobRequest r = request;
            Map<String, SlurmNode> nodes = FreeMemory.nodesByName(cluster);
            return dropShortNodes(cluster, table, request,
                    host -> nodes.containsKey(host) && sbatchCpus(table, nodes.get(host), r, perCpu.mib(),
                            table.forJobs.get(host), version) == 0,
                    host -> " has " + table.forJobs.get(host) + " MB of memory for jobs, too little for the job's CPUs at "
                            + perCpu.mib() + " MB each (memory is consumable)",
                    "no node has the memory for the job's CPUs at " + perCpu.mib() + " MB each (memory is"
                            + " consumable)");
        }
        return new Usable(request);
    }

    /**
     * The CPUs idle {@code node} keeps for a per-CPU figure in sbatch's test: {@code _can_job_run_on_node}'s memory
     * branch from {@code _allocate_sc}'s count, which is the release's ({@link AllocateScOffer}); an
     * {@code --exclusive} job's is the whole node's.
     */
    private static long sbatchCpus(NodeMemory table, SlurmNode node, JobRequest r, long perCpu, long free,
                                   SlurmVersion version) {
        if (r.exclusive()) {
            return FreeMemory.cpusMemoryAllows(table, node, r, perCpu, free, node.cpus());
        }
        long offered = AllocateScOffer.idle(node, AllocateScOffer.TaskShape.of(r), version);
        return FreeMemory.cpusMemoryAllowsFrom(table, node, r, perCpu, free, offered);
    }

    /**
     * The submit test's memory filter ({@code _build_node_list}): nodes {@code isShort} names leave the job's node
     * set; a named ({@code -w}) one, or none left, refuses the job, as sbatch's "Requested node configuration is not
     * available". {@code isShort} is asked only of nodes whose memory the cluster knows.
     */
    /**
     * Whether a per-node figure passes the {@code RealMemory} of every node the job may use: {@code _build_node_list}
     * ({@code slurmctld/node_scheduler.c}, 22.05.8 to 26.05.5) then filters every node configuration ({@code mem_ok}
     * false) before any plugin test and sends back {@code _set_err_msg}'s "Memory specification can not be
     * satisfied" with the refusal, which sbatch prints (own cases mem2d p23 and mem2f p11, {@code --mem=600G} on
     * nodes of at most 512,000 MB with MemSpecLimit, every release; without MemSpecLimit the figure is refused on
     * RealMemory above, already worded so).
     */
    private static boolean pastEveryRealMemory(Cluster cluster, NodeMemory table, JobRequest request, long perNode) {
        return cluster.nodes().keySet().stream()
                .filter(h -> table.megabytes.containsKey(h) && !request.exclude().contains(h))
                .allMatch(h -> table.megabytes.get(h) < perNode);
    }

    private static Verdict dropShortNodes(Cluster cluster, NodeMemory table, JobRequest request,
                                          Predicate<String> isShort,
                                          Function<String, String> namedShort, String noneLeft) {
        Set<String> excluded = new HashSet<>(request.exclude());
        List<String> dropped = new ArrayList<>();
        boolean anyLeft = false;
        for (String host : cluster.nodes().keySet()) {
            if (table.megabytes.containsKey(host) && isShort.test(host)) {
                if (request.nodelist().contains(host)) {
                    return new Refused("Requested node configuration is not available: " + host
                            + namedShort.apply(host));
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

    private static String perWhat(JobRequest request) {
        if (request.memMiB() == null && request.memPerCpuMiB() == null) {
            return " (the configured DefMemPerCPU or DefMemPerNode, since the job gives no --mem)";
        }
        return request.memMiB() != null ? " per node" : " per CPU (--mem-per-cpu; Slurm compares it with the"
                + " node's memory as it is, not times the job's CPUs)";
    }
}
