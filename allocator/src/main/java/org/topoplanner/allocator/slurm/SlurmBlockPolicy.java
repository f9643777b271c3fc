package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 * {@code slurm-block}: Slurm's {@code topology/block} as 24.11.5 and 26.05.5 behave ({@link BlockSelector},
 * {@link BlockLevels}); cores and GPUs on each node as in {@link SlurmTreePolicy} for the same release.
 * 26.05 sends one-node jobs past the plugin ({@link FirstFitOneNode}) and names why a job waits
 * ({@code No_suitable_topology_unit_found}, ...). 22.05 has no block plugin (it arrived in 23.11; the real
 * 22.05.8 refuses {@code TopologyPlugin=topology/block} at start), so under 22.05 every job is impossible.
 */
public final class SlurmBlockPolicy implements PlacementPolicy {
    private final PolicyOptions options;
    private final SlurmVersion version;

    public SlurmBlockPolicy(PolicyOptions options) {
        this.options = options;
        this.version = options.slurmVersion();
    }

    @Override
    public String id() {
        return "slurm-block";
    }

    /** The release of {@link PolicyOptions#slurmVersion()}: the replay reads its scheduler timing from it. */
    @Override
    public Optional<SlurmVersion> slurmRelease() {
        return Optional.of(version);
    }

    /**
     * The submission of a job {@code job_limits_check} holds, worded as on a tree
     * ({@link SlurmTreePolicy#heldAtSubmit}): {@code job_allocate} and {@code _select_nodes_parts}
     * ({@code slurmctld/job_mgr.c}) come before any topology plugin, and 26.05's {@code _select_nodes_base} skips
     * {@code select_nodes} after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT}, so the job reads
     * {@code PartitionConfig}, behind other jobs or not, until a queue build's {@code _job_runnable_test2} sets
     * {@code PartitionNodeLimit} for a node count. Own probes c26l2 (a {@code topology.yaml} block partition) and
     * c26l3, c26l4 ({@code topology/block}), read right after sbatch under 26.05.5: {@code PartitionConfig} where no
     * pass or {@code sched/builtin} run came between; blocklv l1_73n's stored {@code PartitionNodeLimit} is a look
     * after one (section v26l of src/test/resources/oracle/PROVENANCE.md).
     */
    @Override
    public String heldAtSubmit(Cluster cluster, JobRequest job, PendingReason held, boolean behindOthers) {
        return SlurmTreePolicy.heldAtSubmit(version, held, behindOthers, nodeRangeOutsidePartition(cluster, job));
    }

    /**
     * With partitions or {@code topology.yaml}, the job's partition decides the nodes and the
     * topology ({@link PartitionTopology}): a tree or flat topology is placed as
     * {@link SlurmTreePolicy} places it, a block one here.
     */
    /** {@code job_limits_check} of the job kept to one partition ({@link JobLimitsCheck}). */
    @Override
    public PendingReason partitionLimit(Cluster cluster, JobRequest request) {
        JobRequest job = SbatchNodeCount.sent(request);
        return JobLimitsCheck.of(cluster, EmptyPartitionList.given(job) ? EmptyPartitionList.inDefaultPartition(job)
                : job, version);
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
        String taskCount = TasksBelowMinNodes.refusal(state.cluster(), SbatchNodeCount.sent(asked), version);
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
            Suggestion refused = EmptyPartitionList.refusal(version);
            return refused != null ? refused
                    : suggest(state, EmptyPartitionList.inDefaultPartition(request), listRecord);
        }
        // -p a,a names one partition: a job of that partition alone (SeveralPartitions.folded)
        request = SeveralPartitions.folded(request);
        if (SeveralPartitions.applies(state.cluster(), request)) {
            // -p a,b: each partition in Slurm's order, as a job of that partition alone (SeveralPartitions)
            return SeveralPartitions.suggest(state.cluster(), request, version,
                    one -> listed(state, one, true));
        }
        // _build_node_list's configuration filter words a refusal before any pick (NodeConfigFilter)
        return NodeConfigFilter.worded(state.cluster(), request, inOnePartition(state, request, listRecord));
    }

    /**
     * {@link #suggest} for a job of one partition (or none), sbatch's node range already applied; {@code listRecord}:
     * a record of a job of several.
     */
    private Suggestion inOnePartition(ClusterState state, JobRequest request, boolean listRecord) {
        if (!version.hasBlockTopology()) {
            return new Suggestion.Impossible("Slurm " + version.label() + " has no topology/block (it arrived in 23.11)");
        }
        // MinNodes raises the job's node count before any test (PartitionMinNodes)
        request = PartitionMinNodes.raised(state.cluster(), request);
        String notAvailable = PartitionLimits.submissionRefusal(state.cluster(), request);
        if (notAvailable != null) {
            // a partition that takes no submissions (State=DRAIN or INACTIVE): refused (PartitionLimits)
            return new Suggestion.Impossible(notAvailable);
        }
        // (-O with --ntasks-per-node and --gpus-per-task are emulated on blocks as on a tree: own probe c23o1)
        String refusal = EarlyRefusal.onBlocks(request, version);
        if (refusal != null) {
            return new Suggestion.Impossible(refusal);
        }
        Suggestion overcommit = Overcommit.verdict(state.cluster(), request, version, true);
        if (overcommit != null) {
            // -O -c N past the nodes: 24.11/26.05 lay every task out on one task's CPUs a node (Overcommit)
            return overcommit;
        }
        Suggestion untested = NodesOutsidePartition.held(state.cluster(), request, version, listRecord);
        if (untested != null) {
            // -w outside the partition past its limits, where the release runs no node test (NodesOutsidePartition)
            return untested;
        }
        PartitionTopology p = PartitionTopology.resolve(DomainBlocks.asBlocks(state), request, version);
        if (p.refusal() != null) {
            return new Suggestion.Impossible(p.refusal());
        }
        if (PartitionCpuTotal.exceeded(state.cluster(), request, version)) {
            // job_limits_check before any node test (PartitionCpuTotal)
            return new Suggestion.Pending(PendingReason.PARTITION_CONFIG,
                    request.name() + " asks for more CPUs than its partition has");
        }
        Suggestion past = JobLimitsCheck.beyond(state.cluster(), request, version);
        if (past != null) {
            // MaxCPUsPerNode, MinNodes, MaxNodes, MaxTime or State=DOWN (JobLimitsCheck.beyond); past MaxTime,
            // 24.11 and 26.05 refuse a job their test-only pick never fits (PastMaxTimeTest)
            ClusterState idle = ClusterState.empty(state.cluster());
            return PastMaxTimeTest.verdict(past, request, version, r -> suggest(idle, r));
        }
        String pastMaxNodes = PartitionMaxNodes.refusal(state.cluster(), request, version);
        if (pastMaxNodes != null) {
            // more CPUs than MaxNodes of the partition's nodes hold: never runnable (PartitionMaxNodes)
            return new Suggestion.Impossible(pastMaxNodes);
        }
        if (p.kind() != null && !"block".equals(p.kind())) {
            return new SlurmTreePolicy(options).onTree(p.state(), p.request(), "flat".equals(p.kind()));
        }
        return onBlocks(p.state(), p.request(), version);
    }

    /** The placement on the blocks of the state's own fabric, as {@code version} places it. */
    static Suggestion onBlocks(ClusterState state, JobRequest request, SlurmVersion version) {
        // the select plugin's own GPU defaults (_set_gpu_defaults): DefCpuPerGPU as --cpus-per-gpu (DefCpuPerGpu),
        // marked on the job for the readers of the job's own cpus_per_gres alone
        boolean byDefault = DefCpuPerGpu.applies(state.cluster(), request);
        request = DefCpuPerGpu.applied(state.cluster(), request);
        String perSocket = PerSocketGpuRefusal.onBlocks(request);
        if (perSocket != null) {
            return new Suggestion.Impossible(perSocket);
        }
        // the figure ThreadsPerCore turns into whole cores, kept for SlurmAllocation's task count per socket
        Integer threads = request.threadsPerCore();
        if (request.nodeChoice().contiguous()) {
            // _job_create's bit_fill_gaps and then its pool of a list longer than min_nodes (ContiguousNodeList): the
            // only mark --contiguous leaves on blocks, whose eval_nodes_block runs before the consecutive evaluation
            // (trump_others). Own probe c28y4 c4 (-w n01,n03 --contiguous: n01-n02), 24.11.5 and 26.05.5
            request = NodeListPool.asCreated(state.cluster(), ContiguousNodeList.filled(state.cluster(), request,
                    version), version);
        }
        NodeMemory.Verdict filtered = NodeMemory.beforeSelection(state.cluster(), request, version);
        if (filtered instanceof NodeMemory.Refused refused) {
            return new Suggestion.Impossible(refused.reason());
        }
        if (filtered instanceof NodeMemory.Held held) {
            return new Suggestion.Pending(PendingReason.MAX_MEM_PER_LIMIT, held.reason());
        }
        request = ((NodeMemory.Usable) filtered).request();
        // 24.11/26.05 set a node whose gres.conf Cores= splits a socket INVALID: it takes no job (InvalidNodes)
        Suggestion.Pending onInvalid = InvalidNodes.waiting(state.cluster(), version, request);
        if (onInvalid != null) {
            return onInvalid;
        }
        request = ExcludedNodes.added(request, InvalidNodes.of(state.cluster(), version).keySet());
        // with the node count 24.11/26.05's sbatch sends from -n and --ntasks-per-node (SbatchTaskNodeCount)
        // get_node_cnts raises min_nodes to the partition's MinNodes, no maximum added (PartitionMinNodes)
        // 24.11 keeps sbatch's min_cpus for a --ntasks-per-gpu job, as on a tree (NtasksPerGpuMinCpus): own probe
        // c25e2 p3 (-N1 --gpus=2 --ntasks-per-gpu=1 -c2 --exclusive) is refused by 24.11.5, run by 26.05.5
        SlurmJobSpec job = PartitionMinNodes.applied(state.cluster(), OvercommitTaskLayout.gpuTasksHeld(
                NtasksPerGpuMinCpus.held(SbatchTaskNodeCount.sent(SlurmJobSpec.of(request).withThreadsPerCore(threads),
                        request, version), request, version), request, version)).withDefaultCpusPerGpu(byDefault);
        // where memory is consumable, the nodes whose free memory cannot take the job now wait, as on a tree
        Set<String> shortNow = FreeMemory.shortOfFreeMemory(state, request, version);
        if (request.nodelist().stream().anyMatch(shortNow::contains)) {
            return new Suggestion.Pending(PendingReason.RESOURCES, "a node " + job.name() + " names lacks the free"
                    + " memory for it now");
        }
        SlurmJobSpec now = shortNow.isEmpty() ? job
                : PartitionMinNodes.applied(state.cluster(), OvercommitTaskLayout.gpuTasksHeld(
                        NtasksPerGpuMinCpus.held(SbatchTaskNodeCount.sent(SlurmJobSpec.of(ExcludedNodes.added(request,
                                shortNow)).withThreadsPerCore(threads), request, version), request, version), request,
                        version)).withDefaultCpusPerGpu(byDefault);
        Cluster cluster = state.cluster();
        if (cluster.fabric().blocks().isEmpty()) {
            // slurmctld refuses to start topology/block without a block ("Block not contains any nodes"),
            // so not even a one-node job (which 26.05 places past the plugin) runs
            return new Suggestion.Impossible("the cluster defines no blocks for topology/block");
        }
        boolean byName = version.atLeast(SlurmVersion.V26_05);
        BlockTable table = BlockTable.of(cluster, byName);
        List<SlurmNode> nodes = table.nodes();
        List<BitSet> bases = table.bases();
        List<Integer> sizes = cluster.fabric().blockSizes();
        BlockSelector emptyBlocks = new BlockSelector(nodes, bases, sizes, new BitSet(), version);
        String never = emptyBlocks.impossible(job);
        if (never != null && version == SlurmVersion.V24_11
                && !reachesPluginOnIdle(cluster, request, nodes, bases, sizes, job, version)) {
            // 24.11 tests the segment inside eval_nodes_block (ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE); a job that
            // cons_tres' _select_nodes stops first, fewer than -N nodes with resources for it, fails SLURM_ERROR and
            // is worded "node" by _pick_best_nodes (SubmitPickCode)
            never = SubmitPickCode.NODE;
        }
        if (never != null) {
            return new Suggestion.Impossible(never);
        }
        if (version.atLeast(SlurmVersion.V26_05) && job.minNodes() > nodes.size()) {
            return new Suggestion.Pending(PendingReason.PARTITION_NODE_LIMIT,
                    job.name() + " asks for more nodes than the partition has");
        }
        BitSet blocked = table.blocked(state, byName);
        // with topology.yaml an --exclusive=topo job is widened by its own partition's topology, not by this one's
        Set<String> ownTopo = version.atLeast(SlurmVersion.V26_05)
                ? PartitionTopology.topoHeldByOwnTopology(state) : null;
        if (ownTopo != null) {
            blocked = new BitSet();
            for (SlurmNode n : nodes) {
                if (ownTopo.contains(n.name())) {
                    blocked.set(n.index());
                }
            }
        }
        if (job.exclusiveTopo()) {
            blocked = withBusyBases(blocked, state, nodes, bases);
        }
        BlockSelector blocks = new BlockSelector(nodes, bases, sizes, blocked, version);
        // the held base blocks leave the node map before cons_tres picks (_block_by_topology), so 26.05's one-node
        // shortcut never sees them either (own case blockfz10 k14: -N1 --exclusive=topo takes h11 of the only free
        // base block, 26.05.5)
        NodeChooser shortcut = SlurmTreePolicy.oneNodeShortcut(nodes, retried(blocks, version), version);
        BitSet out = blocked;
        NodeChooser chooser = (nodeMap, required, j, demand, minCpus) -> {
            BitSet usable = (BitSet) nodeMap.clone();
            usable.andNot(out);
            return shortcut.select(usable, required, j, demand, minCpus);
        };
        SlurmAllocation alloc = SlurmAllocation.attempt(FreeMemory.withGpusMemoryCannotServe(state, request), nodes,
                chooser, now, version, FreeMemory.perCpuMemory(state, request));
        if (alloc != null && !state.running().isEmpty() && !acceptedAtSubmit(state, table, sizes, job, version,
                byName, request)) {
            // sbatch's test comes first and sees every node's resources free: a job it refuses never runs, even where
            // the busy nodes would let it fit now
            return new Suggestion.Impossible("Requested node configuration is not available");
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
            // the submit test runs the block plugin without the bound of no more nodes than tasks
            BlockSelector idleBlocks = new BlockSelector(nodes, bases, sizes, new BitSet(), version, false);
            NodeChooser empty = retried(idleBlocks, version);
            // sbatch's test reads each node's memory for jobs as free (test_only), as a pass reads what is free now
            IdleMemory idleMemory = IdleMemory.of(cluster, request);
            SlurmAllocation onIdle = SlurmAllocation.attempt(idleMemory.state(), nodes, empty, job, version,
                    idleMemory.perCpu());
            if (onIdle == null && !oneNodeGpusAddUp(idleMemory.state(), nodes, job, version,
                    idleMemory.perCpu())) {
                // "topology" where the block plugin refused the named nodes (BlockSelector#metTopologyCode)
                return new Suggestion.Impossible(idleBlocks.metTopologyCode()
                        ? SubmitPickCode.TOPOLOGY : SubmitPickCode.NODE);
            }
            if (onIdle != null && version.atLeast(SlurmVersion.V26_05) && FirstFitOneNode.applies(job)
                    && !acceptedAtSubmit(state, table, sizes, job, version, byName, request)) {
                // 26.05's test sends a one-node job to _get_one_res as the pick does, not to the block plugin: own
                // probe yamlfz28p (-N1 --gpus=5 --cpus-per-gpu=5, idle): refused though d1 alone holds it
                return new Suggestion.Impossible("Requested node configuration is not available");
            }
            if (onIdle != null && pickPastMaxNodes(state, onIdle, job, version)) {
                return new Suggestion.Pending(PendingReason.REQ_NODE_NOT_AVAIL, "the block pick for " + job.name()
                        + " on the idle cluster has more nodes than its maximum");
            }
            String why = "no block of the level " + job.name() + " needs has enough free nodes";
            if (!version.atLeast(SlurmVersion.V26_05) || FirstFitOneNode.applies(job)
                    || fewerUsableNodesThanAsked(state, job, nodes) || !blocks.reachedPlugin()
                    || namedNodesHideTheReason(state, job)) {
                return new Suggestion.Pending(PendingReason.RESOURCES, why);
            }
            return new Suggestion.Pending(switch (blocks.failure()) {
                case NO_FIT -> PendingReason.TOPO_NO_FIT;
                case SEGMENT_NO_FIT -> PendingReason.TOPO_SEGMENT_NO_FIT;
                case INSUFFICIENT -> PendingReason.TOPO_INSUFFICIENT;
                case WEIGHT_NO_FIT -> PendingReason.TOPO_WEIGHT_NO_FIT;
            }, why);
        }
        Placement p = alloc.placement(job.name());
        String overallocated = FreeMemory.overallocatedNode(state, request, p);
        if (overallocated != null) {
            // _job_test's memory_allocated loop runs after the block plugin as after the tree (SlurmTreePolicy)
            return new Suggestion.Pending(PendingReason.RESOURCES, job.name() + " would overallocate "
                    + overallocated + "'s memory: its tasks' whole cores there cost more than the node has free",
                    Suggestion.Pending.Cause.PICK_FAILS_MEMORY);
        }
        List<String> notes = new ArrayList<>();
        notes.add("blocks " + String.join(",", org.topoplanner.allocator.replay.Leaves.of(cluster, p)));
        String shortGpus = ShortGpuGrant.note(request, p, version);
        if (shortGpus != null) {
            notes.add(shortGpus);
        }
        return new Suggestion.Placed(p, notes);
    }

    /**
     * Whether sbatch's test of {@code job} on the idle cluster reaches the block plugin ({@link
     * BlockSelector#reachedPlugin}): at least {@code -N} nodes, the named ones among them, have resources for it.
     * Lead's blockfz cases under 24.11.5 (blk12k33 k24 {@code -N10 --gpus-per-node=3 --segment=5}, blockfz21 k4, ...):
     * a segment that does not divide the job, refused "node" where too few nodes hold the GPUs.
     */
    private static boolean reachesPluginOnIdle(Cluster cluster, JobRequest request, List<SlurmNode> nodes,
                                               List<BitSet> bases, List<Integer> sizes, SlurmJobSpec job,
                                               SlurmVersion version) {
        BlockSelector probe = new BlockSelector(nodes, bases, sizes, new BitSet(), version, false);
        IdleMemory idle = IdleMemory.of(cluster, request);
        // _select_nodes tests the node count once, before the first pass: the retry's later evaluations run on fewer
        // nodes by design (own case blockfz47 k30, -p half -N5 --segment=3: eight nodes hold it, "topology")
        boolean[] reached = {false};
        NodeChooser firstPass = (map, required, j, demand, minCpus) -> {
            NodePick pick = probe.select(map, required, j, demand, minCpus);
            if (demand.firstPass()) {
                reached[0] = probe.reachedPlugin();
            }
            return pick;
        };
        SlurmAllocation.attempt(idle.state(), nodes, firstPass, job, version, idle.perCpu());
        return reached[0];
    }

    /**
     * sbatch's test of a job: {@code _slurm_rpc_submit_batch_job} calls {@code job_allocate} with {@code allocate}
     * false (24.11.5 and 26.05.5 alike), so {@code select_nodes} only tests ({@code _pick_best_nodes},
     * {@code SELECT_MODE_TEST_ONLY}, the resources of the nodes it is given all free) and the job starts in the
     * scheduler pass the submission queues. A job that fails the test is refused ({@code never runnable in partition})
     * whatever the busy state would allow. On the idle cluster the lightest weight groups are taken whole and can make
     * the job span more lower-level blocks than its level allows ({@code requires nodes exceed maximum llblock limit
     * due to node weights}); the retry drops the weakest nodes and may never reach a fit, while on a busy cluster the
     * light nodes are used and the job fits. Own case blockfz22 k26, k29, k31 ({@code -N8 --gpus-per-node=1}, {@code -N6
     * --gpus-per-node=2}, {@code -N6 --gpus-per-node=1}, {@code BlockSizes=2,4,16}; 26.05.5 refuses each at submit
     * after 36 evaluations on the idle node map, {@code DebugFlags=SelectType}, probe {@code blockfz22p}).
     * <p>
     * The test is two tests: {@code _pick_best_nodes} first gives the plugin the node sets after
     * {@code bit_and(share_node_bitmap)} (or {@code idle_node_bitmap} for a job that shares nothing), so the nodes an
     * {@code --exclusive} job holds are left out, and only when that fails the partition's whole node map
     * ({@code runable_avail} / {@code runable_ever}). Leaving nodes out changes the weight groups, so the first test
     * can pass where the whole map fails: own case blockfz24 k35 ({@code -N16 --gpus-per-node=1}, k28 {@code -N2
     * --exclusive} on m4 and s6) runs in 24.11.5 and 26.05.5 while the idle probe blockfz24p refuses it; a debug run
     * (26.05.5, {@code DebugFlags=SelectType}) shows k35's submit test weighing 19 nodes, m4 and s6 absent.
     */
    private static boolean acceptedAtSubmit(ClusterState state, BlockTable table, List<Integer> sizes,
                                            SlurmJobSpec job, SlurmVersion version, boolean byName,
                                            JobRequest request) {
        // the test reads each node's memory for jobs as free (test_only): IdleMemory
        IdleMemory memory = IdleMemory.of(state.cluster(), request);
        BlockSubmitVerdicts verdicts = BlockSubmitVerdicts.of(state.cluster());
        // the same verdict either way round; the whole map first, as its verdict depends on the request only
        BitSet none = new BitSet();
        if (verdicts.accepted(job, version, none, memory.key(),
                () -> submitTest(memory, table, sizes, job, version, none))) {
            return true;
        }
        BitSet leftOut = table.leftOutOfSubmitTest(state, byName, job.exclusive());
        return !leftOut.isEmpty() && verdicts.accepted(job, version, leftOut, memory.key(),
                () -> submitTest(memory, table, sizes, job, version, leftOut));
    }

    /** sbatch's test on the nodes outside {@code leftOut}, every resource of them free, their memory too. */
    private static boolean submitTest(IdleMemory memory, BlockTable table, List<Integer> sizes, SlurmJobSpec job,
                                      SlurmVersion version, BitSet leftOut) {
        List<SlurmNode> nodes = table.nodes();
        // the test takes the same path as a placement: 26.05 sends a one-node job to _get_one_res here too
        NodeChooser shortcut = SlurmTreePolicy.oneNodeShortcut(nodes,
                retried(new BlockSelector(nodes, table.bases(), sizes, leftOut, version, false), version), version);
        NodeChooser chooser = (nodeMap, required, j, demand, minCpus) -> {
            BitSet usable = (BitSet) nodeMap.clone();
            usable.andNot(leftOut);
            return shortcut.select(usable, required, j, demand, minCpus);
        };
        return SlurmAllocation.attempt(memory.state(), nodes, chooser, job, version, memory.perCpu()) != null
                || (leftOut.isEmpty() && oneNodeGpusAddUp(memory.state(), nodes, job, version, memory.perCpu()));
    }

    /**
     * 26.05 names the plugin's failure only where {@code _pick_best_nodes} (node_scheduler.c) passes it on: with
     * {@code -w} (a required node bitmap, no preemption) only for a job that shares no node ({@code --exclusive},
     * {@code _resolve_shared_status} 0) whose named nodes are all idle; a sharing job with {@code -w} leaves
     * {@code error_code} unset, which becomes {@code ESLURM_NODES_BUSY}, and an exclusive one whose named nodes are not
     * idle gets {@code ESLURM_NODES_BUSY} too: plain {@code Resources}. Own case blockfz19 k31 ({@code -w c1 -n3
     * -c8}, c1's block partner s5 full): {@code Resources} at submit, and through two later passes in probe
     * {@code blockfz19p} (26.05.5), where the plugin itself fails for want of CPUs in the base block.
     */
    private static boolean namedNodesHideTheReason(ClusterState state, SlurmJobSpec job) {
        if (job.nodelist().isEmpty()) {
            return false;
        }
        return !job.exclusive() || job.nodelist().stream().anyMatch(h -> !state.isIdle(h));
    }

    /** The block plugin's evaluation with 24.11's passes and retry ({@link KnapsackRetry}). */
    static NodeChooser retried(BlockSelector blocks, SlurmVersion version) {
        return KnapsackRetry.of(blocks, blocks::hopeless, version);
    }
    /**
     * 26.05 accepts a one-node {@code --gpus=N} job no node can hold when the nodes it may use hold N GPUs together:
     * {@code _get_one_res} calls {@code gres_sched_init} once and then tests node after node, and each test's
     * {@code gres_sched_add} adds that node's GPUs to the same per-job count, so {@code gres_sched_test} passes on
     * the node where the sum reaches N. The submit test passes; the job then waits with {@code Resources} for good.
     * Own cases blockfz08 k4 ({@code -N1 --gpus=10}), blockfz09 k28 ({@code -N1 --gpus=7}), blockfz10 k33
     * ({@code -N1 --gpus=9}) on 4-GPU nodes, 26.05.5. {@code idle} is the idle cluster with the GPUs its memory
     * cannot serve held ({@link FreeMemory#withGpusMemoryCannotServe}), {@code memory} its per-CPU caps.
     */
    static boolean oneNodeGpusAddUp(ClusterState idle, List<SlurmNode> nodes, SlurmJobSpec job, SlurmVersion version,
                                    PerCpuMemory.Table memory) {
        if (!version.atLeast(SlurmVersion.V26_05) || !FirstFitOneNode.applies(job) || job.gpuTotal() == null) {
            return false;
        }
        if (job.ownCpusPerGpu() != null && job.ownCpusPerGpu() > 0) {
            // with its own CPUs per GPU the one node must give all the job's CPUs, GPUs x CPUs per GPU (min_cpus, one node
            // left in eval_nodes_cpus_to_use), while the GPU filter (_foreach_gres_filter_sock_core) keeps only the
            // cores of the GPUs that node gives: a node short of the GPU total is short of the CPUs too, so no node
            // passes and the sum never completes. Own cases blockfz19 k40 (-N1 --gpus=5 --cpus-per-gpu=5), yamlfz23
            // y1 and probe yamlfz23p (-N1 --gpus=6 with 2 or 1 CPUs per GPU, --gpus=5 with 2: refused by 26.05.5 at
            // submit; with SlurmctldDebug=debug every node is checked and fails, s4 and m1 offering 2 + 4 GPUs). The
            // partition's DefCpuPerGPU raises no min_cpus (sbatch never sees it): each node passes and adds its
            // share (OneNodeSumGpus; own probe c26e1, 26.05.5: -p d3 -N1 --gpus=3 waits, with --cpus-per-gpu=2 refused)
            return false;
        }
        if (job.ntasksPerGpu() != null) {
            // with --ntasks-per-gpu and a fixed node count eval_nodes_select_cores asks each node for num_tasks /
            // min_nodes tasks (all GPU tasks on the one node), and _foreach_gres_filter_sock_core lets a node no more
            // than its GPUs x ntasks_per_gres tasks; its rounding to a multiple of task_cnt_incr (that minimum) then
            // leaves a node short of the GPU total no tasks at all, so no node passes and the sum never starts.
            // Own case featfz6 f26 (-p mix -N1 --gpus=6 --ntasks-per-gpu=3 enforce-binding on 4-GPU nodes): refused by
            // 26.05.5 at submit, as by 22.05.8 and 24.11.5
            return false;
        }
        BitSet[] heldForMemory = FreeMemory.gpusHeldForMemory(idle, nodes);
        long sum = 0;
        for (SlurmNode n : nodes) {
            if (job.exclude().contains(n.name()) || (!job.nodelist().isEmpty() && !job.nodelist().contains(n.name()))) {
                continue;
            }
            sum += OneNodeSumGpus.of(n, job, memory, heldForMemory == null ? null : heldForMemory[n.index()], version);
        }
        return sum >= job.gpuTotal();
    }

    /**
     * 24.11: the test with every resource free ({@code _pick_best_nodes}, {@code SELECT_MODE_TEST_ONLY}) succeeds, but
     * its pick holds more nodes than {@code max_nodes} ({@code eval_nodes_block}'s loop over the required base blocks
     * does not look at it), so {@code runable_avail} stays false; with no node held whole ({@code nodes_busy}) the
     * result is {@code ESLURM_NODE_NOT_AVAIL}: sbatch accepts the job, which waits with {@code ReqNodeNotAvail, May be
     * reserved for other job} and blocks nothing (as {@code SlurmTreePolicy} for the tree). 26.05 retries on fewer
     * nodes instead. Own case blockfz05 k31 ({@code -N2 --gpus=8} on 2-GPU nodes, 24.11.5).
     */
    private static boolean pickPastMaxNodes(ClusterState state, SlurmAllocation onIdle, SlurmJobSpec job,
                                            SlurmVersion version) {
        return !version.atLeast(SlurmVersion.V26_05) && job.maxNodes() != null
                && onIdle.placement(job.name()).hosts().size() > job.maxNodes()
                && !NodesBusy.any(state, job);
    }

    /**
     * An {@code --exclusive=topo} job takes only base blocks no other job uses (cons_tres {@code
     * _block_by_topology}: every running job's nodes, widened to their base blocks, leave the job's node map). Own
     * case blockfz10 k7 ({@code -N2 --gpus-per-node=2 --exclusive=topo}, a one-CPU job on h1): 26.05.5 runs it on
     * h4, h5 of block b2, not on h2, h3 beside h1.
     */
    private static BitSet withBusyBases(BitSet blocked, ClusterState state, List<SlurmNode> nodes, List<BitSet> bases) {
        BitSet out = (BitSet) blocked.clone();
        for (BitSet base : bases) {
            for (int k = base.nextSetBit(0); k >= 0; k = base.nextSetBit(k + 1)) {
                if (!state.isIdle(nodes.get(k).name())) {
                    out.or(base);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * 26.05 names the block plugin's failure ({@code No_suitable_topology_unit_found}, ...) only when the plugin
     * ran: {@code _pick_best_nodes} (node_scheduler.c) calls it on the nodes usable now (not excluded, and idle
     * for an {@code --exclusive} job, else not held whole by an {@code --exclusive} job) only when they are at
     * least {@code -N}; otherwise the job waits with plain {@code Resources}. Own cases blockfz02 k7 and
     * blockfz04 k7 ({@code -N2 --exclusive} with fewer than two idle nodes), blockfz03 k10, yamlfz03 y34.
     */
    private static boolean fewerUsableNodesThanAsked(ClusterState state, SlurmJobSpec job, List<SlurmNode> nodes) {
        int usable = 0;
        for (SlurmNode n : nodes) {
            String h = n.name();
            if (job.exclude().contains(h)) {
                continue;
            }
            if (job.exclusive() ? state.isIdle(h) : !state.heldWhole(h)) {
                usable++;
            }
        }
        return usable < job.minNodes();
    }
}
