package org.topoplanner.allocator.slurm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code slurm-tree}: where Slurm's {@code topology/tree} + {@code select/cons_tres} + GRES put a
 * job, for 22.05, 24.11 or 26.05 ({@link PolicyOptions#slurmVersion()}; 26.05 places one-node jobs
 * with {@link FirstFitOneNode}). Node choice is
 * {@link TreeSelector}, cores {@link CoreFilter} and {@link CoreDistributor}, GPUs
 * {@link GpuPicker}. A job over its {@code --switches} limit comes back as
 * {@link Suggestion.Waiting} on the greedy allocation, as Slurm never searches for a smaller set.
 */
public final class SlurmTreePolicy implements PlacementPolicy {

    private final PolicyOptions options;
    /** sbatch's verdict per cluster and request, kept for the last few: a replay asks one request many times. */
    private final Map<Key, Boolean> submitVerdicts = new org.topoplanner.allocator.RecentlyAsked<>(256);

    public SlurmTreePolicy(PolicyOptions options) {
        this.options = options;
    }

    @Override
    public String id() {
        return "slurm-tree";
    }

    /**
     * With partitions or {@code topology.yaml}, the job's partition decides the nodes and the
     * topology ({@link PartitionTopology}): a block topology is placed as {@link SlurmBlockPolicy}
     * places it, a tree or flat one here.
     */
    /** {@code job_limits_check} of the job kept to one partition ({@link JobLimitsCheck}). */
    @Override
    public PendingReason partitionLimit(Cluster cluster, JobRequest request) {
        JobRequest job = SbatchNodeCount.sent(request);
        return JobLimitsCheck.of(cluster, EmptyPartitionList.given(job) ? EmptyPartitionList.inDefaultPartition(job)
                : job, options.slurmVersion());
    }

    /** The job as one queue record of {@code partition} ({@link SeveralPartitions#keptTo}). */
    @Override
    public JobRequest keptToPartition(Cluster cluster, JobRequest job, String partition) {
        return SeveralPartitions.keptTo(cluster, job, partition);
    }

    /** The job without its {@code --time} ({@link JobTimeLimit#without}). */
    @Override
    public JobRequest pastMaxTimePick(JobRequest job) {
        return JobTimeLimit.without(job);
    }

    /** {@code get_node_cnts}' node range against the partition's ({@link PartitionNodeRange}). */
    @Override
    public boolean nodeRangeOutsidePartition(Cluster cluster, JobRequest request) {
        JobRequest job = SbatchNodeCount.sent(request);
        if (SeveralPartitions.applies(cluster, job)) {
            // a list's test ends on its last partition's range (SeveralPartitions.endsOnEmptyNodeRange)
            return SeveralPartitions.endsOnEmptyNodeRange(cluster, job,
                    one -> suggestRecord(ClusterState.empty(cluster), one) instanceof Suggestion.Impossible);
        }
        return PartitionNodeRange.empty(cluster, EmptyPartitionList.given(job)
                ? EmptyPartitionList.inDefaultPartition(job) : job);
    }

    /** Slurm's {@code job_resources.memory_allocated} of the job ({@link FreeMemory#heldBy}). */
    @Override
    public HeldMemory memoryHeldBy(Cluster cluster, JobRequest request, Placement placement) {
        JobRequest named = EmptyPartitionList.given(request) ? EmptyPartitionList.inDefaultPartition(request) : request;
        return FreeMemory.heldBy(cluster, SeveralPartitions.runningIn(cluster, named, placement), placement);
    }

    @Override
    public Suggestion suggest(ClusterState state, JobRequest asked) {
        return suggest(state, asked, false);
    }

    /**
     * One partition's record of a job of several: tried as Slurm tries a partition of {@code part_ptr_list}, whose
     * nodes 22.05 tests after a failed limit where it holds a job of that partition alone ({@link
     * NodesOutsidePartition}).
     */
    @Override
    public Suggestion suggestRecord(ClusterState state, JobRequest record) {
        return suggest(state, record, true);
    }

    /** {@link #suggest}; {@code listRecord}: the request is one partition's record of a job of several. */
    private Suggestion suggest(ClusterState state, JobRequest asked, boolean listRecord) {
        // 26.05's _job_create: -n below the MinNodes of the whole -p list (TasksBelowMinNodes), not of each
        // partition SeveralPartitions tries alone
        String taskCount = TasksBelowMinNodes.refusal(state.cluster(), SbatchNodeCount.sent(asked), options.slurmVersion());
        if (taskCount != null) {
            return new Suggestion.Impossible(taskCount);
        }
        return listed(state, asked, listRecord);
    }

    /** {@link #suggest} past the checks of the whole {@code -p} list. */
    private Suggestion listed(ClusterState state, JobRequest asked, boolean listRecord) {
        // slurmctld sees the node range sbatch sends, -N lowered to -n (SbatchNodeCount)
        JobRequest request = SbatchNodeCount.sent(asked);
        if (EmptyPartitionList.given(request)) {
            // -p ,, names no partition: refused or the default partition, per release (EmptyPartitionList)
            Suggestion refused = EmptyPartitionList.refusal(options.slurmVersion());
            return refused != null ? refused
                    : suggest(state, EmptyPartitionList.inDefaultPartition(request), listRecord);
        }
        // -p a,a names one partition: a job of that partition alone (SeveralPartitions.folded)
        request = SeveralPartitions.folded(request);
        if (SeveralPartitions.applies(state.cluster(), request)) {
            // -p a,b: each partition in Slurm's order, as a job of that partition alone (SeveralPartitions)
            return SeveralPartitions.suggest(state.cluster(), request, options.slurmVersion(),
                    one -> listed(state, one, true));
        }
        // _build_node_list's configuration filter words a refusal before any pick (NodeConfigFilter)
        return NodeConfigFilter.worded(state.cluster(), request, inOnePartition(state, request, listRecord, null));
    }

    /**
     * 22.05's test-only pick in a record the list's node minimum holds: {@code pick} on {@code get_node_cnts}' range,
     * {@code listMinNodes} kept as the job's own {@code details->min_nodes} ({@link SlurmJobSpec#ownMinNodes}), which
     * {@code _select_cores} reads. 24.11 and 26.05 read no such minimum there ({@link NtasksPerGpu#taskLimits}): the
     * record alone.
     */
    @Override
    public Suggestion suggestPastListMinimum(ClusterState state, JobRequest pick, int listMinNodes) {
        if (options.slurmVersion() != SlurmVersion.V22_05) {
            return suggestRecord(state, pick);
        }
        JobRequest request = SbatchNodeCount.sent(pick);
        return NodeConfigFilter.worded(state.cluster(), request, inOnePartition(state, request, true, listMinNodes));
    }

    /**
     * {@link #suggest} for a job of one partition (or none), sbatch's node range already applied; {@code listRecord}:
     * a record of a job of several.
     */
    private Suggestion inOnePartition(ClusterState state, JobRequest request, boolean listRecord,
                                      Integer listMinNodes) {
        // MinNodes raises the job's node count before any test (PartitionMinNodes)
        request = PartitionMinNodes.raised(state.cluster(), request);
        String notAvailable = PartitionLimits.submissionRefusal(state.cluster(), request);
        if (notAvailable != null) {
            // a partition that takes no submissions (State=DRAIN or INACTIVE): refused (PartitionLimits)
            return new Suggestion.Impossible(notAvailable);
        }
        String refusal = EarlyRefusal.of(request, options.slurmVersion());
        if (refusal != null) {
            return new Suggestion.Impossible(refusal);
        }
        Suggestion overcommit = Overcommit.verdict(state.cluster(), request, options.slurmVersion());
        if (overcommit != null) {
            // -O -c N past the nodes: 24.11/26.05 lay every task out on one task's CPUs a node (Overcommit)
            return overcommit;
        }
        Suggestion untested = NodesOutsidePartition.held(state.cluster(), request, options.slurmVersion(),
                listRecord);
        if (untested != null) {
            // -w outside the partition past its limits, where the release runs no node test (NodesOutsidePartition)
            return untested;
        }
        PartitionTopology p = PartitionTopology.resolve(state, request, options.slurmVersion());
        if (p.refusal() != null) {
            return new Suggestion.Impossible(p.refusal());
        }
        if (PartitionCpuTotal.exceeded(state.cluster(), request, options.slurmVersion())) {
            // job_limits_check before any node test, whatever the partition's topology (PartitionCpuTotal)
            return new Suggestion.Pending(PendingReason.PARTITION_CONFIG,
                    request.name() + " asks for more CPUs than its partition has");
        }
        Suggestion past = JobLimitsCheck.beyond(state.cluster(), request, options.slurmVersion());
        if (past instanceof Suggestion.Impossible refused && SubmitPickCode.TOPOLOGY.equals(refused.reason())
                && !"block".equals(p.kind())) {
            // 24.11's test-only pick after the failed MaxCPUsPerNode test words the refusal by its code: the tree's
            // own answer on the idle cluster (SubmitPickCode), "topology" where the tree has no switch
            past = pickWording(p, refused);
        }
        if (past != null) {
            // MaxCPUsPerNode, MinNodes, MaxNodes, MaxTime or State=DOWN (JobLimitsCheck.beyond); past MaxTime,
            // 24.11 and 26.05 refuse a job their test-only pick never fits (PastMaxTimeTest)
            ClusterState idle = ClusterState.empty(state.cluster());
            return PastMaxTimeTest.verdict(past, request, options.slurmVersion(), r -> suggest(idle, r));
        }
        String pastMaxNodes = PartitionMaxNodes.refusal(state.cluster(), request, options.slurmVersion());
        if (pastMaxNodes != null) {
            // more CPUs than MaxNodes of the partition's nodes hold: never runnable (PartitionMaxNodes)
            return new Suggestion.Impossible(pastMaxNodes);
        }
        if ("block".equals(p.kind())) {
            return SlurmBlockPolicy.onBlocks(p.state(), p.request(), options.slurmVersion());
        }
        int inPartition = PartitionTopology.partitionNodeCount(state.cluster(), request);
        int minNodes = request.minNodes() == null ? 1 : request.minNodes();
        if (options.slurmVersion() != SlurmVersion.V24_11 && inPartition >= 0 && minNodes > inPartition) {
            // get_node_cnts (select_nodes, node_scheduler.c) compares -N with the partition's nodes, not the
            // cluster's: as onTree's rule for a partition of every node (own case yamlfz20 y5, -p flat -N3 on the
            // two nodes of flat; probe yamlfz20q: -p flat -N3 alone and with GPUs, CPUs per GPU or -n/-c, all
            // PartitionConfig under 26.05.5): job_limits_check's WAIT_PART_NODE_LIMIT, worded PartitionConfig at
            // submission (heldAtSubmit) and PartitionNodeLimit once a pass has looked at it (probe c22k1 q5)
            return new Suggestion.Pending(PendingReason.PARTITION_NODE_LIMIT,
                    request.name() + " asks for more nodes than its partition has");
        }
        // a cluster whose sources describe no switch has no topology.conf to give topology/tree: Slurm then selects
        // without a topology (22.05 _eval_nodes takes _eval_nodes_topo only with switch_record_cnt; the flat
        // selection of 25.05+), where the tree emulation, finding no switch, refused every job
        boolean noSwitches = org.topoplanner.allocator.replay.Leaves.slurmFabric(p.state().cluster()).switches()
                .isEmpty();
        String switchless = noSwitches && !"flat".equals(p.kind()) ? SwitchlessTree.refusal(state.cluster(),
                options.slurmVersion()) : null;
        if (switchless != null) {
            // 24.11 and 26.05's topology/tree without a switch record (SwitchlessTree)
            return new Suggestion.Impossible(switchless);
        }
        return onTree(p.state(), p.request(), "flat".equals(p.kind()) || noSwitches, listMinNodes);
    }

    /**
     * {@code refused} (24.11, past {@code MaxCPUsPerNode} times the partition's nodes) worded as the tree's test on
     * the idle cluster words it ({@link SubmitPickCode}); as it is when that test accepts the job or the tree has no
     * switch ({@link SwitchlessTree}: "topology" for every job). Lead's featfz11 f3 ({@code -p short -n2 -c5
     * --gpus=1 --exclusive}, short's {@code MaxCPUsPerNode=2}): no node can hold a task, "node" in 24.11.5; own probe
     * c18d1 c1 ({@code -p cpu -n9}): no switch holds 9 CPUs, "topology".
     */
    private Suggestion pickWording(PartitionTopology p, Suggestion.Impossible refused) {
        boolean flat = "flat".equals(p.kind());
        if (!flat && org.topoplanner.allocator.replay.Leaves.slurmFabric(p.state().cluster()).switches().isEmpty()) {
            return refused;
        }
        Suggestion onIdle = onTree(ClusterState.empty(p.state().cluster()), p.request(), flat);
        return onIdle instanceof Suggestion.Impossible i && (SubmitPickCode.NODE.equals(i.reason())
                || SubmitPickCode.TOPOLOGY.equals(i.reason())) ? onIdle : refused;
    }

    /**
     * {@code _pick_best_nodes} ({@code slurmctld/node_scheduler.c}) returns {@code ESLURM_NODE_NOT_AVAIL} for a job
     * whose required nodes are not all in the pass's {@code avail_node_bitmap} (an earlier {@code -w} job that failed
     * took its nodes out: {@code _schedule}, "Do not schedule more jobs on nodes required by this job"), and
     * {@code select_nodes} words the reason from the nodes missing from that map. 22.05 names them
     * ("ReqNodeNotAvail, UnavailableNodes:p3": own case fuzz02 f46, {@code -w p3 -n1 -c10} behind f43, the same
     * request, final line in 22.05.8). 24.11 and 26.05 leave out the nodes that are up
     * ({@code bit_and_not(unavail_bitmap, up_node_bitmap)}, the same lines in 24.11.5 and 26.05.5) and word it "May
     * be reserved for other job", which {@code _top_priority} then passes over (JSR_MISC). Own cases fuzz02 f46 and
     * yamlfz21 y14 ({@code -p blk2 -w q1 -n1 -c4} behind a pending {@code -w q1} job) under 26.05.5 (slurm-26d);
     * fuzz02 f46 and fuzz17 b28 ({@code -w s2 -n2 -c2} behind the pending {@code -w s2} job b24) end waiting with it under 24.11.5
     * (slurm-24f). The held-out 24.11 score, which an earlier try said it cost, is unchanged (260/280).
     */
    @Override
    public String requiredNodesOutOfPass(List<String> unavailable) {
        if (unavailable.isEmpty()) {
            return null;
        }
        if (options.slurmVersion().atLeast(SlurmVersion.V24_11)) {
            return "ReqNodeNotAvail,_May_be_reserved_for_other_job";
        }
        return "ReqNodeNotAvail,_UnavailableNodes:" + org.topoplanner.model.hostlist.Hostlist.compress(unavailable);
    }

    /**
     * The submission of a job {@code job_limits_check} holds. 22.05's {@code _select_nodes_parts} ({@code job_mgr.c})
     * calls {@code select_nodes} for a job of one partition only when the limits pass (or the partition is down), so
     * after any failed limit {@code rc} keeps its initial {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}, which sets
     * {@code WAIT_PART_CONFIG} over the {@code WAIT_PRIORITY} {@code _top_priority} gave a job behind others: {@code
     * PartitionConfig}, behind other jobs or not (own cases mem2g g4, g7, mem3b b4, b5, mem3d d6 for
     * {@code MaxMemPerLimit}; probe c22k1 q1-q5 for CPUs and nodes, real 22.05.8). (Its {@code
     * _select_nodes_parts_resvs}, for a job of several partitions or reservations, does test the nodes after a failed
     * limit under the default {@code EnforcePartLimits=NO}: {@link SeveralPartitions}.) 24.11's and 26.05's {@code
     * _select_nodes_base} test the nodes after a failed limit, which leaves {@code Priority} on a job behind others
     * (mem3b b5, 26.05.5; 24.11.5 showed the next pass's {@code MaxMemPerLimit}, read after the pass) and the pass's
     * {@code MaxMemPerLimit} on one ahead of all, except that 26.05 skips the test after {@code WAIT_PART_CONFIG} and
     * {@code WAIT_PART_NODE_LIMIT}, where it words the job as 22.05 does ({@link PartitionCpuTotal}). A job past the
     * partition's node count waits {@code PartitionConfig} until a pass's {@code _job_runnable_test2} sets
     * {@code job_limits_check}'s own {@code WAIT_PART_NODE_LIMIT} (the policy's answer, {@code PartitionNodeLimit}).
     */
    @Override
    public String heldAtSubmit(Cluster cluster, JobRequest job, PendingReason held, boolean behindOthers) {
        return heldAtSubmit(options.slurmVersion(), held, behindOthers, nodeRangeOutsidePartition(cluster, job));
    }

    /**
     * The rule of {@link #heldAtSubmit(Cluster, JobRequest, PendingReason, boolean)} for release {@code v}: it is
     * {@code job_allocate}'s ({@code slurmctld/job_mgr.c}), before any topology plugin, so {@link SlurmBlockPolicy}
     * words a held job the same way. {@code rangeEmpty}: {@code get_node_cnts}' node range is empty
     * ({@link PartitionNodeRange}).
     */
    static String heldAtSubmit(SlurmVersion v, PendingReason held, boolean behindOthers, boolean rangeEmpty) {
        if (held == PendingReason.PARTITION_DOWN) {
            // the down partition's limits skip select_nodes' test-only pick, which passes: ESLURM_PARTITION_DOWN,
            // WAIT_PART_DOWN over 22.05's Priority too (own probe c18d1 b1, b5: PartitionDown in every release)
            return v == SlurmVersion.V22_05 || !behindOthers ? held.slurmName() : null;
        }
        if (held == PendingReason.PARTITION_TIME_LIMIT) {
            // 22.05 calls no select_nodes after a failed limit (PartitionConfig); 24.11 and 26.05 test the nodes,
            // which pass, and keep the limit's own reason (own probe c18d1 e1)
            return v == SlurmVersion.V22_05 ? PendingReason.PARTITION_CONFIG.slurmName()
                    : behindOthers ? null : held.slurmName();
        }
        if (held == PendingReason.PARTITION_NODE_LIMIT && v == SlurmVersion.V24_11) {
            // 24.11's test-only pick after the failed limit (_select_nodes_base): get_node_cnts' max_nodes (MaxNodes,
            // or the job's own maximum) below min_nodes (MinNodes, or the job's own) answers
            // ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE, which _select_nodes_parts words WAIT_PART_CONFIG over
            // _top_priority's WAIT_PRIORITY, behind others or not (own probe c18d1 a1, d1; lead's featfz16r f66, -p mix
            // -N2 -n1 sent as -N1 on MinNodes=2 behind pending jobs, 24.11.5); a range that meets runs the pick, whose
            // fit leaves Priority behind others and no reason ahead of all (c18d1 a2, -N1-3 on MaxNodes=2); a job
            // past the partition's node total is refused before this
            return rangeEmpty ? PendingReason.PARTITION_CONFIG.slurmName() : null;
        }
        boolean partLimit = held == PendingReason.PARTITION_CONFIG || held == PendingReason.PARTITION_NODE_LIMIT;
        if (held == PendingReason.MAX_MEM_PER_LIMIT && !v.atLeast(SlurmVersion.V24_11)
                || partLimit && v != SlurmVersion.V24_11) {
            return PendingReason.PARTITION_CONFIG.slurmName();
        }
        return behindOthers ? null : held.slurmName();
    }

    /**
     * Whether 22.05's "test 0" of {@code _job_test} ({@link AllCoresFreeTest}: every core free, the GPUs and memory
     * held as now) refuses {@code request} on {@code state}, which fails the pass whatever the free cores would give.
     * For policies that choose nodes their own way (the planner): the selection there is not monotone in the free
     * cores, so a node the free cores pass may fail with every core free (property seed 773, mem2c: with every core
     * of g1 free, {@code gres_select_filter_sock_core} of an enforce-binding job with GPUs without {@code Cores=}
     * requires both sockets, {@code req_cpus = sock_cnt = 2}, above the one CPU g1's free memory pays for at
     * {@code --mem-per-cpu=20000}). Always false for 24.11 and 26.05, which skip test 0.
     */
    public boolean failsWithEveryCoreFree(ClusterState state, JobRequest request) {
        if (options.slurmVersion() != SlurmVersion.V22_05 || state.running().isEmpty()) {
            return false;
        }
        // kept with test 0's state, of which it is a function: the planner reads its limits more than once per
        // suggestion, and a change that leaves the running jobs as they were keeps that state (t24z)
        return AllCoresFreeTest.stateOf(state).derived(new TestZeroVerdict(request, options), coresFree -> {
            Suggestion s = suggest(coresFree, request);
            return !(s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting);
        });
    }

    /** The key of {@link #failsWithEveryCoreFree}'s verdict on one state: a pure function of request and options. */
    private record TestZeroVerdict(JobRequest request, PolicyOptions options) {
    }

    /** The release of {@link PolicyOptions#slurmVersion()}: the replay reads its scheduler timing from it. */
    @Override
    public Optional<SlurmVersion> slurmRelease() {
        return Optional.of(options.slurmVersion());
    }

    /**
     * The placement on the state's own fabric as a {@code topology/tree}, or with {@code flat} as
     * {@code topology/flat} ({@link FlatSelector}).
     */
    Suggestion onTree(ClusterState state, JobRequest request, boolean flat) {
        return onTree(state, request, flat, null);
    }

    /** {@link #onTree(ClusterState, JobRequest, boolean)} keeping the list's lower node minimum on the job. */
    private Suggestion onTree(ClusterState state, JobRequest request, boolean flat, Integer listMinNodes) {
        SlurmVersion version = options.slurmVersion();
        // the select plugin's own GPU defaults (_set_gpu_defaults): DefCpuPerGPU as --cpus-per-gpu (DefCpuPerGpu),
        // marked on the job for the readers of the job's own cpus_per_gres alone
        boolean byDefault = DefCpuPerGpu.applies(state.cluster(), request);
        request = DefCpuPerGpu.applied(state.cluster(), request);
        // the figure ThreadsPerCore turns into whole cores, kept for the rules that read it (SlurmAllocation's task
        // count per socket)
        Integer threads = request.threadsPerCore();
        // sbatch's own changes come before slurmctld sees the job, and _job_create's pool (with -N too: NodeListPool)
        // before any scheduling
        NodeMemory.Verdict filtered = NodeMemory.beforeSelection(state.cluster(),
                NodeListPool.asCreated(state.cluster(), ContiguousNodeList.filled(state.cluster(),
                        SbatchNodeList.sent(request, version), version), version), version);
        if (filtered instanceof NodeMemory.Refused refused) {
            return new Suggestion.Impossible(refused.reason());
        }
        if (filtered instanceof NodeMemory.Held held) {
            return new Suggestion.Pending(PendingReason.MAX_MEM_PER_LIMIT, held.reason());
        }
        JobRequest asked = request;
        request = NodeListCount.asHeld(((NodeMemory.Usable) filtered).request(), state.cluster(), version);
        // 22.05 keeps the job's own -c and a per-node CPU minimum apart from it (MaxMemPer.perNodeMinimum22)
        int minCpusPerNode = version == SlurmVersion.V22_05 && threads == null
                ? MaxMemPer.perNodeMinimum22(state.cluster(), asked) : 0;
        // (and 24.11/26.05's sbatch sends a node count from -n and --ntasks-per-node: SbatchTaskNodeCount)
        // (and 22.05/24.11 keep sbatch's min_cpus for a --ntasks-per-gpu job: NtasksPerGpuMinCpus)
        // (and 24.11/26.05 lay out every task of an -O --gpus-per-task job: OvercommitTaskLayout)
        // (and get_node_cnts raises min_nodes to the partition's MinNodes, no maximum added: PartitionMinNodes)
        Function<JobRequest, SlurmJobSpec> specOf = r -> PartitionMinNodes.applied(state.cluster(),
                OvercommitTaskLayout.held(NtasksPerGpuMinCpus.held(
                        SbatchTaskNodeCount.sent(minCpusPerNode == 0 ? SlurmJobSpec.of(r).withThreadsPerCore(threads)
                                : SlurmJobSpec.of(r.toBuilder().cpusPerTask(asked.cpusPerTask()).build())
                                        .withMinCpusPerNode(minCpusPerNode), r, version), r, version),
                r, version)).withDefaultCpusPerGpu(byDefault).withListMinNodes(listMinNodes);
        SlurmJobSpec job = specOf.apply(request);
        Suggestion.Pending onInvalid = InvalidNodes.waiting(state.cluster(), version, request);
        if (onInvalid != null) {
            return onInvalid;
        }
        // nodes whose free memory cannot take the job now (memory consumable): not usable until memory frees; and
        // nodes 24.11/26.05 set INVALID for their gres.conf Cores= (InvalidNodes): never usable
        Set<String> shortNow = new LinkedHashSet<>(FreeMemory.shortOfFreeMemory(state, request, version));
        shortNow.addAll(InvalidNodes.of(state.cluster(), version).keySet());
        if (request.nodelist().stream().anyMatch(shortNow::contains)) {
            return new Suggestion.Pending(PendingReason.RESOURCES, "a node " + job.name() + " names lacks the free"
                    + " memory for it now");
        }
        SlurmJobSpec now = shortNow.isEmpty() ? job : specOf.apply(ExcludedNodes.added(request, shortNow));
        Cluster cluster = state.cluster();
        List<SlurmNode> nodes = SlurmNode.of(cluster);
        ClusterIndex index = ClusterIndex.of(cluster);
        for (String h : job.nodelist()) {
            if (index.number(h) < 0) {
                return new Suggestion.Impossible("Invalid node name specified: " + h);
            }
        }
        if (version != SlurmVersion.V24_11 && job.minNodes() > nodes.size()) {
            // own case frag f3a: 22.05.8 and 26.05.5 leave -N30 on a 24-node partition PENDING (PartitionConfig at
            // submission, heldAtSubmit; PartitionNodeLimit after a pass, probe c22k1 q5); 24.11.5 rejects it at
            // submit (the Impossible answer below)
            return new Suggestion.Pending(PendingReason.PARTITION_NODE_LIMIT,
                    job.name() + " asks for more nodes than the partition has");
        }
        SwitchTable table = flat ? null : SwitchTable.of(cluster, version);
        NodeChooser chooser = oneNodeShortcut(nodes, NodeChoiceEvaluation.around(flat ? new FlatSelector(nodes, version)
                : retried(new TreeSelector(nodes, table, version), version), nodes, version), version);
        NodeChooser submitTest = submitTestChooser(nodes, table, version);
        // memory the job cannot use: the GPUs past it held, a per-CPU figure's cap on each node's CPU count
        ClusterState served = FreeMemory.withGpusMemoryCannotServe(state, request);
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(state, request);
        // on a test 0 state (the planner's verdict asks its own) the selection is kept with the state: it is the one
        // that state's own test 0, and the real state's test 0, ask again (AllCoresFreeAttempt)
        SlurmAllocation alloc = version == SlurmVersion.V22_05 && AllCoresFreeTest.isOwnState(state)
                ? AllCoresFreeAttempt.on(state, request, now, flat, version, nodes, chooser)
                : SlurmAllocation.attempt(served, nodes, chooser, now, version, memory);
        // sbatch's test sees every node idle, with what its RealMemory cannot serve the job held the same way
        ClusterState idle = FreeMemory.withGpusMemoryCannotServe(ClusterState.empty(cluster), request);
        PerCpuMemory.Table idleMemory = FreeMemory.perCpuMemory(ClusterState.empty(cluster), request);
        if (alloc != null && pastMaxNodes(alloc, job, version)) {
            // _pick_best_nodes starts no pick of more nodes than max_nodes ("end of tests for this feature")
            alloc = null;
        }
        // the leaves of 22.05's test 0 pick when it spans more than --switches (0 when it does not, or no test 0)
        int testZeroLeaves = 0;
        if (alloc != null && version == SlurmVersion.V22_05 && !state.running().isEmpty()) {
            ClusterState coresFree = AllCoresFreeTest.stateOf(state);
            SlurmAllocation allFree = AllCoresFreeAttempt.on(coresFree, request, now, flat, version, nodes, chooser);
            if (allFree == null) {
                // 22.05's test 0 of _job_test: the job must fit with every core free and the GPUs as held now first
                alloc = null;
            } else if (job.switches() != null) {
                // _eval_nodes_topo sets best_switch on test 0's pick too, and _job_test stops there while it is
                // false ("test 0 fail: waiting for switches"): a job whose pick with every core free spans more
                // leaves than --switches waits out its wait, even when the pick on the free cores needs one leaf
                // (own case fuzz64 p3, 22.05.8: Resources at submit, a1 and q2 of leaf2 once the 5 s ran out)
                int spanned = org.topoplanner.allocator.replay.Leaves.of(cluster, allFree.placement(job.name()))
                        .size();
                testZeroLeaves = spanned > job.switches() ? spanned : 0;
            }
        }
        if (alloc != null && version.atLeast(SlurmVersion.V24_11) && alloc.gpuNodeWithoutCores(job)) {
            // 24.11 restores max_nodes after the first pass, so a -n1 job may be chosen on two nodes; the task
            // layout then leaves one without cores and the GPU pick fails the job for this scheduler pass. 26.05's
            // cons_tres has the same _set_used_cnts test (gres_select_filter.c); there slurmctld bounds max_nodes by
            // the tasks for good when -N is absent (job_mgr.c JOB_IMPLICIT_MAX_NODES), so no stored pick reaches it
            alloc = null;
        }
        if (alloc != null && !state.running().isEmpty() && socketsMayShift(job)
                && !acceptedAtSubmit(idle, idleMemory, nodes, submitTest, submitted(state, request, job), version)) {
            // sbatch tests the job with every core and GPU free first: a job refused there never runs, even where
            // busy cores would move the socket filter to sockets that fit (PlannerBindingPropertyTest: -N1 -c7
            // --gpus-per-node=3 enforce-binding on 2x4 cores with GPUs 3+1, socket 0's first core busy)
            return new Suggestion.Impossible(SubmitPickCode.refusal(idle, idleMemory, nodes, table,
                    submitted(state, request, job), version));
        }
        if (alloc != null && alloc.taskCountShort()) {
            // _dist_tasks_compute_c_b places fewer tasks than -n on the CPUs chosen (ESLURM_BAD_TASK_COUNT, 24.11 and
            // 26.05): the job fails this pass, after sbatch's test (which returns before the layout) accepted it
            return new Suggestion.Pending(PendingReason.RESOURCES, "the CPUs chosen for " + job.name()
                    + " hold fewer whole tasks than it has");
        }
        if (alloc != null && alloc.tasksShort()) {
            // _build_tasks_per_node_sock counts fewer tasks on a chosen node's cores than it was given (rem_tasks):
            // ESLURM_INVALID_GRES in the pass, after sbatch's test accepted the job
            return new Suggestion.Pending(PendingReason.RESOURCES, "the cores chosen for " + job.name()
                    + " count fewer tasks than it has, as Slurm counts a core's CPUs for its GPU pick");
        }
        if (alloc != null && alloc.gresBitsShort()) {
            // 26.05's _set_task_bits / _set_node_bits fail the pick (ESLURM_INVALID_GRES): not a topology error
            return new Suggestion.Pending(PendingReason.RESOURCES, "the GPUs of " + job.name()
                    + "'s tasks are not on their sockets (enforce-binding)");
        }
        if (alloc == null) {
            if (!acceptedAtSubmit(idle, idleMemory, nodes, submitTest, submitted(state, request, job), version)) {
                // never runnable: worded by the code of the test's last pick (SubmitPickCode)
                return new Suggestion.Impossible(SubmitPickCode.refusal(idle, idleMemory, nodes, table,
                        submitted(state, request, job), version));
            }
            if (!flat && testPickPastMaxNodes(state, idle, idleMemory, nodes, submitTest, job, version)) {
                return new Suggestion.Pending(PendingReason.REQ_NODE_NOT_AVAIL, "the tree's pick for " + job.name()
                        + " on the idle cluster has more nodes than its maximum");
            }
            PendingReason topo = flat ? null : treeFailure(served, memory, nodes, table, now, version);
            if (topo != null) {
                return new Suggestion.Pending(topo, "the tree cannot gather " + job.name() + " now: "
                        + topo.slurmName().replace('_', ' '));
            }
            return new Suggestion.Pending(PendingReason.RESOURCES,
                    "not enough free nodes, cores or GPUs for " + job.name() + " now");
        }
        Placement placement = alloc.placement(job.name());
        String overallocated = FreeMemory.overallocatedNode(state, request, placement);
        if (overallocated != null) {
            // _job_test's memory_allocated loop charges the whole cores the tasks got, past what the cap paid for
            return new Suggestion.Pending(PendingReason.RESOURCES, job.name() + " would overallocate "
                    + overallocated + "'s memory: its tasks' whole cores there cost more than the node has free",
                    Suggestion.Pending.Cause.PICK_FAILS_MEMORY);
        }
        List<String> leaves = org.topoplanner.allocator.replay.Leaves.of(cluster, placement);
        List<String> notes = new ArrayList<>();
        notes.add("leaves " + String.join(",", leaves));
        String shortGpus = ShortGpuGrant.note(request, placement, version);
        if (shortGpus != null) {
            notes.add(shortGpus);
        }
        if (job.switches() != null && Math.max(leaves.size(), testZeroLeaves) > job.switches()) {
            Duration wait = org.topoplanner.allocator.MaxSwitchWait.of(state.cluster()).grant(job.switchWait());
            return new Suggestion.Waiting(placement, wait, "the greedy choice spans "
                    + Math.max(leaves.size(), testZeroLeaves)
                    + " leaves, more than --switches=" + job.switches() + "; Slurm waits up to " + wait.toSeconds()
                    + " s, then runs it there");
        }
        return new Suggestion.Placed(placement, notes);
    }

    /**
     * The job as sbatch tests it: without the nodes that only the running {@code --exclusive=topo} jobs' base
     * blocks took from its map ({@link PartitionTopology#topoHeldNodes}); the test sees the idle cluster. Own case
     * yamlfz15 y15 ({@code -p tree2 --gpus=8} while y8 holds block b4 of h7, h8, p4): 26.05.5 accepts it and, as the
     * tree finds 7 GPUs outside b4 with every core free, leaves it waiting with
     * {@code Insufficient_resources_in_topology_unit} ({@link #failsWithAllCoresFree}). A held node the job's own
     * {@code -x} names is let in too: the request no longer tells the two apart (the test can only accept more).
     */
    private static SlurmJobSpec submitted(ClusterState state, JobRequest request, SlurmJobSpec job) {
        if (request.exclude().isEmpty()) {
            return job;
        }
        Set<String> held = PartitionTopology.topoHeldNodes(state);
        if (held.isEmpty()) {
            return job;
        }
        JobRequest.Builder test = request.toBuilder().exclude(request.exclude().stream()
                .filter(h -> !held.contains(h)).toList());
        if (job.minCpusPerNode() > 0) {
            test.cpusPerTask(job.cpusPerTask()); // 22.05's own -c beside its per-node minimum
        }
        SlurmJobSpec tested = SlurmJobSpec.of(test.build()).withMinCpusPerNode(job.minCpusPerNode())
                .withMinCpus(job.minCpus()).withDefaultCpusPerGpu(job.defaultCpusPerGpu());
        // the node count sbatch sent (SbatchTaskNodeCount) stays the job's
        return job.minNodes() > tested.minNodes() ? tested.withMinNodes(job.minNodes()) : tested;
    }

    /** {@code sbatch}'s test: the job placed on the idle cluster (or 26.05's acceptance without its GPU total). */
    private boolean acceptedAtSubmit(ClusterState idle, PerCpuMemory.Table memory, List<SlurmNode> nodes,
                                     NodeChooser submitTest, SlurmJobSpec job, SlurmVersion version) {
        Cluster cluster = idle.cluster();
        if (!idle.running().isEmpty()) {
            // memory holds part of the idle nodes' GPUs for this job alone (consumable memory): no shared verdict
            return SlurmAllocation.attempt(idle, nodes, submitTest, job, version, memory) != null
                    || acceptedWithoutGpuTotal(idle, nodes, submitTest, job, version, memory);
        }
        // on the idle cluster a per-CPU figure's caps are the cluster's and the figure's: kept under it
        Key key = new Key(cluster, job.withName(""), memory == null ? 0 : memory.perCpuMiB());
        synchronized (submitVerdicts) {
            Boolean known = submitVerdicts.get(key);
            if (known != null) {
                return known;
            }
        }
        boolean ok = SlurmAllocation.attempt(ClusterState.empty(cluster), nodes, submitTest, job, version, memory)
                != null || acceptedWithoutGpuTotal(idle, nodes, submitTest, job, version, memory);
        synchronized (submitVerdicts) {
            submitVerdicts.put(key, ok);
        }
        return ok;
    }

    /**
     * 22.05 and 24.11 take the plugin's pick only when it has no more nodes than {@code max_nodes}
     * ({@code _pick_best_nodes}); the tree's loop over the leaves already required ("Add additional resources for
     * already required leaf switches", {@code eval_nodes_tree.c}, 22.05 {@code _eval_nodes_topo}) does not count
     * against {@code max_nodes}, so its pick can be larger. 26.05 retries on fewer nodes instead (not modelled here).
     */
    private static boolean pastMaxNodes(SlurmAllocation alloc, SlurmJobSpec job, SlurmVersion version) {
        return !version.atLeast(SlurmVersion.V26_05) && job.maxNodes() != null
                && alloc.placement(job.name()).hosts().size() > job.maxNodes();
    }

    /**
     * The job waits with {@code ReqNodeNotAvail, May be reserved for other job}: after the pick for now fails,
     * {@code _pick_best_nodes} tests it with every resource free ({@code SELECT_MODE_TEST_ONLY}); that pick
     * succeeds ({@code runable_ever}) but with more nodes than {@code max_nodes} ({@code runable_avail} false), and
     * no node is busy ({@code nodes_busy}: no node of the job's node sets held whole, {@link NodesBusy}), so {@code ESLURM_NODE_NOT_AVAIL}; sbatch's own test
     * takes the same path, so the job is accepted. 22.05.8 and 24.11.5 on own case fuzz21 p31 ({@code -N3 -n6 -c6
     * --gpus-per-node=1}, enforce-binding: the weight-1 nodes p1 and s7 make leaf0 and leaf5 required, and the
     * required-leaf loop adds p2 and s1).
     */
    private static boolean testPickPastMaxNodes(ClusterState state, ClusterState idle, PerCpuMemory.Table memory,
                                                List<SlurmNode> nodes, NodeChooser submitTest, SlurmJobSpec job,
                                                SlurmVersion version) {
        if (version.atLeast(SlurmVersion.V26_05) || job.maxNodes() == null
                || NodesBusy.any(state, job)) {
            return false;
        }
        // the test's pick sees every node idle, its memory bounding the node's GPUs and CPUs as in sbatch's test
        SlurmAllocation onIdle = SlurmAllocation.attempt(idle, nodes, submitTest, job, version, memory);
        return onIdle != null && pastMaxNodes(onIdle, job, version);
    }

    /**
     * A submit verdict is the cluster's and the request's (by identity of the cluster, equality of the request), and
     * its per-CPU memory figure's (0: none).
     */
    private record Key(Cluster cluster, SlurmJobSpec job, long perCpuMiB) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.cluster == cluster && k.job.equals(job) && k.perCpuMiB == perCpuMiB;
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(cluster) * 31 + job.hashCode()) * 31 + Long.hashCode(perCpuMiB);
        }
    }

    /**
     * Jobs whose usable sockets the busy cores can change ({@link CoreFilter}: GPUs with binding, CPUs per GPU or
     * tasks); only for them can a busy node accept what the idle cluster refuses.
     */
    private static boolean socketsMayShift(SlurmJobSpec job) {
        return job.hasGpus() && !job.exclusive();
    }

    /**
     * 26.05 accepts at submit a one-node {@code --gpus=N} job that no node can ever give N GPUs (or not with
     * {@code enforce-binding}); it then waits with {@code Resources}, where 22.05 and 24.11 refuse it. Own case
     * fuzz01 f4 ({@code -x h7 -N1 --gpus=4 --gres-flags=enforce-binding}) and f7 ({@code -N2 -n1 -c4 --gpus=7},
     * one node after sbatch lowers {@code -N}). The tree takes the same path as block (26.05.5 source:
     * {@code topology_tree.c} {@code topology_p_allow_one_node} is true and {@code topology_p_eval_node} is
     * {@code common_test_node}, so {@code _get_one_res} runs): {@code gres_sched_init} once, then every tested
     * node's {@code gres_sched_add} adds to one per-job count, so the test passes on the node where the sum of the
     * usable nodes' GPUs reaches N ({@link SlurmBlockPolicy#oneNodeGpusAddUp}), and only there; fewer GPUs in the
     * whole partition are refused. The node must still hold the job's CPUs ({@code min_cpus}): jobs with
     * {@code -w} or their own {@code --cpus-per-gpu} are refused (cpumix m18, fuzz03 f22), so the rule is kept to jobs
     * that fit without their GPUs. A partition's {@code DefCpuPerGPU} raises no {@code min_cpus} (sbatch never sees
     * it) but cuts each node's share of the sum ({@link OneNodeSumGpus}, read with the idle nodes' {@code memory}):
     * own probe c26e1 and u26d's c26u1 m1 ({@code -p d3 -N1 --gpus=2 --mem-per-cpu=3000}: Resources in 26.05.5).
     * A per-GPU memory figure cuts the share too: {@code idle} holds the GPUs each node's memory cannot serve
     * ({@link FreeMemory#withGpusMemoryCannotServe}; own probe c27g2).
     */
    static boolean acceptedWithoutGpuTotal(ClusterState idle, List<SlurmNode> nodes, NodeChooser submitTest,
                                           SlurmJobSpec job, SlurmVersion version, PerCpuMemory.Table memory) {
        Cluster cluster = idle.cluster();
        if (!version.atLeast(SlurmVersion.V26_05) || job.gpusPerJob() == null || job.gpusPerNode() != null
                || job.gpusPerTask() != null || job.ownCpusPerGpu() != null || !job.nodelist().isEmpty()) {
            return false;
        }
        int maxNodes = PartitionMaxNodes.applied(cluster, job).maxNodesOr(nodes.size());
        if (job.boundingTasks() != null && job.ntasksPerNode() == null) {
            maxNodes = Math.min(maxNodes, Math.max(job.boundingTasks(), job.minNodes()));
        }
        if (maxNodes != 1) {
            return false;
        }
        if (job.ntasksPerGpu() != null && job.minCpus() != null
                && job.minCpus() > (long) job.ntasks() * job.cpusPerTask()) {
            // eval_nodes_select_cores holds a --ntasks-per-gpu job's node to num_tasks tasks, GPUs or not: a
            // min_cpus past their CPUs (sbatch's -n x -c, NtasksPerGpuMinCpus) fails every node (c12d1 d4, 26.05.5)
            return false;
        }
        SlurmJobSpec cpusOnly = job.toBuilder().noGpus().enforceBinding(false).build();
        return SlurmBlockPolicy.oneNodeGpusAddUp(idle, nodes, job, version, memory)
                && SlurmAllocation.attempt(ClusterState.empty(cluster), nodes, submitTest, cpusOnly, version) != null;
    }

    /**
     * 26.05's reason for a job the tree cannot place now. The scheduler's pick ({@code _pick_best_nodes},
     * {@code node_scheduler.c}) fails; its error becomes the job's reason text when it is a topology error
     * ({@code IS_TOPO_ERROR(avail_pick_code)}; {@code select_nodes} keeps {@code WAIT_RESOURCES} and sets the
     * description to it). cons_tres runs the pick on the cores and GPUs free now: the all-free "test 0" of
     * {@code _job_test} is skipped for a job that shares no row ({@code NODE_CR_ONE_ROW}, OverSubscribe=NO), so
     * test 1 decides and its {@code select_rc} is returned. That code is {@code SLURM_ERROR} (plain
     * {@code Resources}) when {@code _select_nodes} fails before the tree (fewer nodes with CPUs for the job than
     * {@code min_nodes}, {@link UsableNodes}; a job that may use one node only takes {@code _get_one_res}), and
     * otherwise the error of the tree's first evaluation without the first-pass restriction
     * ({@code common_topo_choose_nodes} returns {@code first_ec}): {@code ESLURM_TOPO_INSUFFICIENT_RESOURCES} or
     * {@code ESLURM_TOPO_MAX_NODE_LIMIT} ({@code eval_nodes_tree.c}). Own cases fuzz40 p8 and fuzz44 p37 ({@code -N3
     * --cpus-per-gpu=6 --gpus-per-node=4} enforce-binding: enough nodes with 4 free GPUs and 24 free CPUs, but the
     * socket filter leaves too few), fuzz43 p30 ({@code -N2 -n6 --ntasks-per-socket=2 --gpus-per-task=1}: the two
     * nodes hold four tasks, max_nodes 2 is reached), fuzz05 f45, fuzz07 f10; fuzz07 f35 ({@code -N3
     * --gpus-per-node=2}, two nodes with 2 free GPUs) keeps {@code Resources}. A job naming nodes ({@code -w})
     * keeps {@code Resources}: its required nodes are busy ({@code ESLURM_NODES_BUSY} comes first).
     */
    private static PendingReason treeFailure(ClusterState state, PerCpuMemory.Table memory, List<SlurmNode> nodes,
                                             SwitchTable table, SlurmJobSpec job, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V26_05) || !job.nodelist().isEmpty() || job.nodeChoice().spreadJob()
                || job.nodeChoice().contiguous()) {
            // (a spread or contiguous job never reaches eval_nodes_tree, whose codes these are: NodeChoiceEvaluation)
            return null;
        }
        int maxNodes = PartitionMaxNodes.applied(state.cluster(), job).maxNodesOr(nodes.size());
        if (job.boundingTasks() != null && job.ntasksPerNode() == null) {
            // slurmctld sets max_nodes to the task count when -N is not given (job_mgr.c, JOB_IMPLICIT_MAX_NODES)
            maxNodes = Math.min(maxNodes, Math.max(job.boundingTasks(), job.minNodes()));
        }
        if (maxNodes <= 1) {
            return null;
        }
        TreeSelector probe = new TreeSelector(nodes, table, version).failureProbe();
        // the same pick as the pass's: memory's GPU stand-in and per-CPU cap included
        if (SlurmAllocation.attempt(state, nodes, probe, job, version, memory) != null
                || probe.secondPassFailure() == null) {
            return null;
        }
        return switch (probe.secondPassFailure()) {
            case INSUFFICIENT -> PendingReason.TOPO_INSUFFICIENT;
            case MAX_NODE_LIMIT -> PendingReason.TOPO_MAX_NODE_LIMIT;
        };
    }

    /**
     * The selection sbatch's test runs ({@code SELECT_MODE_TEST_ONLY}), on {@code table}'s tree or, with no table,
     * flat. 24.11's submit test leaves the bound of the nodes by the tasks out, flat as on the tree (own case swless2
     * p38 under topology/default, {@code -n1 --gpus=10} with 8 GPUs a node: accepted and pending Resources in
     * 24.11.5); 22.05 and 26.05 keep it ({@code choose_nodes}: {@code max_nodes = MAX(num_tasks, min_nodes)}).
     */
    static NodeChooser submitTestChooser(List<SlurmNode> nodes, SwitchTable table, SlurmVersion version) {
        SlurmVersion taskBound = version != SlurmVersion.V24_11 ? version : null;
        return oneNodeSubmitTest(nodes, NodeChoiceEvaluation.around(table == null
                ? new FlatSelector(nodes, taskBound)
                : retried(new TreeSelector(nodes, table, version, version != SlurmVersion.V24_11), version),
                nodes, taskBound), version);
    }

    /** {@link #oneNodeShortcut} for the test of a job that cannot start now ({@link FirstFitOneNode#submitTest}). */
    static NodeChooser oneNodeSubmitTest(List<SlurmNode> nodes, NodeChooser topology, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) ? FirstFitOneNode.submitTest(nodes, topology) : topology;
    }

    /** The tree's evaluation with 22.05's and 24.11's passes and retry ({@link KnapsackRetry}). */
    static NodeChooser retried(TreeSelector tree, SlurmVersion version) {
        return KnapsackRetry.of(tree, tree::hopeless, version);
    }

    /** 26.05 sends jobs that may use one node only past the topology plugin ({@link FirstFitOneNode}). */
    static NodeChooser oneNodeShortcut(List<SlurmNode> nodes, NodeChooser topology, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) ? new FirstFitOneNode(nodes, topology) : topology;
    }
}
