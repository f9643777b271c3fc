package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Node choice on {@code topology/block} as Slurm makes it ({@code eval_nodes_block.c} of 24.11.5 and
 * 26.05, read in both; measured on {@code cases/block32}, {@code blocklv}, {@code blocklv-sizes}):
 *
 * <ul>
 * <li>The job's level and the lower level inside it come from {@link BlockLevels}. Without an enabled
 * level big enough, the whole cluster is one block.</li>
 * <li>Among the blocks of that level whose fullest lower-level groups (as many as the job needs) hold
 * the nodes: lowest node weight, then the fewest free nodes (best fit), ties to the last block. No
 * fallback to a bigger level: the job waits.</li>
 * <li>Inside it, base blocks one by one ({@code _choose_best_bblock}): first keep to lower-level groups
 * already used, then a group that fits the rest (the smallest), else the fullest group; then a base
 * block that fits the rest (the smallest), else the fullest; ties to the last. Nodes in index order.
 * Before that, node weights ({@link WeightFill}): the lighter weight groups are taken whole and the base
 * blocks of the nodes kept count as used (a node the task count turns down marks none); only nodes of the weight
 * groups reached are considered.</li>
 * <li>{@code --segment=S}: each segment of S nodes is placed on its own. 24.11 refuses a segment
 * bigger than the base block and several segments with {@code -w}; 26.05 allows both and ignores a segment
 * bigger than the job. One segment as big as the job takes its {@code -w} nodes as required ones.</li>
 * <li>CPUs ({@code -n} x {@code -c}) count as nodes do: a block whose free CPUs cannot hold them is passed
 * over, and nodes are added until both the node count and the CPU count are met, up to the node
 * maximum (own cases yamlfz03 y3, y30 and blockfz01 k8: {@code -n3 -c7} on 8-core nodes takes three nodes
 * of a base block).</li>
 * </ul>
 *
 */
final class BlockSelector implements NodeChooser {
    /** Why the last selection failed, in Slurm 26.05's words (24.11 says {@code Resources} for all). */
    enum Failure { NO_FIT, SEGMENT_NO_FIT, INSUFFICIENT, WEIGHT_NO_FIT }

    /**
     * What 26.05's retry loop does after a failed evaluation ({@code topo_eval->eval_action}): stop, drop the
     * weakest node the failed choice held ({@code EVAL_ACTION_RETRY_HINT}), or the weakest node left
     * ({@code EVAL_ACTION_RETRY_DEFAULT}).
     */
    private enum Action { BREAK, RETRY_HINT, RETRY_DEFAULT }

    private final List<SlurmNode> nodes;
    private final List<BitSet> bases;
    private final BlockLevels levels;
    private final BitSet blocked;
    private final SlurmVersion version;
    private final boolean nodesBoundByTasks;
    /** Whether 26.05's retry loop first asks {@link #gpusOutOfReach} (off only to test the bound against the loop). */
    private boolean gpuBound = true;
    private Failure failure = Failure.INSUFFICIENT;
    private boolean topologyCode;
    private Action action = Action.BREAK;
    /** The nodes the last failed evaluation had chosen ({@code topo_eval->node_map} at its end). */
    private BitSet failMap = new BitSet();
    private boolean reachedPlugin;
    /** Slurm's {@code NO_VAL}: a job's {@code max_cpus} when it sets no limit. */
    private static final long NO_VAL = 0xfffffffeL;
    /** The usable nodes of the block the last {@link #place} chose. */
    private BitSet lastBlock = new BitSet();
    /** The usable nodes of the base blocks the last {@link #place} made required (lighter weights, -w). */
    private BitSet lastRequired = new BitSet();
    /** How many nodes the last {@link #place} took as required or lighter-weight nodes before its base-block fill. */
    private int lastLighter;

    BlockSelector(List<SlurmNode> nodes, List<BitSet> bases, List<Integer> blockSizes, BitSet blocked,
                  SlurmVersion version) {
        this(nodes, bases, blockSizes, blocked, version, true);
    }

    /**
     * {@code nodesBoundByTasks} false: the submit-time test, which (as with the tree in 24.11) leaves out the
     * bound of no more nodes than tasks, so a {@code --gpus=N} job may take further nodes of its block for its
     * GPUs. Own case blockfz03 k15 ({@code --gpus=7}, one task, 4-GPU nodes in blocks of two) is accepted and
     * queued by 24.11.5 and 26.05.5; blockfz01 k26 ({@code --gpus=10}, no two-node block holds 10) is refused.
     */
    BlockSelector(List<SlurmNode> nodes, List<BitSet> bases, List<Integer> blockSizes, BitSet blocked,
                  SlurmVersion version, boolean nodesBoundByTasks) {
        this.nodes = nodes;
        this.bases = bases;
        this.levels = BlockLevels.of(bases, blockSizes);
        this.blocked = blocked;
        this.version = version;
        this.nodesBoundByTasks = nodesBoundByTasks;
    }

    /** This selector running 26.05's retry loop to its end, without the bound that ends it early. */
    BlockSelector withoutGpuBound() {
        gpuBound = false;
        return this;
    }

    Failure failure() {
        return failure;
    }

    /**
     * Whether the last {@link #select} met one of {@code _eval_nodes_block}'s {@code
     * ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE} refusals that {@code _pick_best_nodes} keeps ("Requested topology
     * configuration is not available"): 26.05's named nodes fewer than a job of several segments ("requires less
     * nodes than job size with segment are not supported", which {@code common_topo_choose_nodes} returns at once),
     * and, 24.11 and 26.05, named nodes over more lower-level blocks than the job's size allows ("requires nodes
     * exceed maximum llblock limit due to required nodes", {@code max_llblock < 0}). Words only: the evaluation goes
     * on as before.
     */
    boolean metTopologyCode() {
        return topologyCode;
    }

    /**
     * Whether the last {@link #select} reached the block plugin's evaluation: cons_tres calls it only when at
     * least {@code -N} nodes have resources for the job (and the named ones are among them); otherwise the
     * selection fails before it and 26.05 gives plain {@code Resources}, not the plugin's reason. Own cases
     * yamlfz06 y8 ({@code -p blk -N2 --gpus-per-node=2}, one node with two free GPUs), blockfz06 k14.
     */
    boolean reachedPlugin() {
        return reachedPlugin;
    }

    /** Why a request can never be placed here ({@code null} when it can be). */
    String impossible(SlurmJobSpec job) {
        Integer s = job.segment();
        if (s == null) {
            return null;
        }
        int n = job.minNodes();
        if (s < 1) {
            return "Requested topology configuration is not available";
        }
        if (version.atLeast(SlurmVersion.V26_05)) {
            return s <= n && n % s != 0 ? "Requested topology configuration is not available" : null;
        }
        // 24.11.5 eval_nodes_block: named nodes are refused with more than one segment only ("requires nodes with
        // segment are not supported"); a segment as big as the job takes them as any job does
        if (s > levels.baseSize() || n % s != 0 || (!job.nodelist().isEmpty() && n / s > 1)) {
            return "Requested topology configuration is not available";
        }
        return null;
    }

    /** The segment size in force: 26.05 ignores one bigger than the job. */
    private Integer segment(SlurmJobSpec job) {
        Integer s = job.segment();
        if (s == null || (version.atLeast(SlurmVersion.V26_05) && s > job.minNodes())) {
            return null;
        }
        return s;
    }

    /**
     * {@code common_topo_choose_nodes}: the evaluation on every node, and in 26.05's second pass, when it fails,
     * again on fewer nodes "to avoid a possible knapsack problem": after a failure that keeps its choice
     * ({@code RETRY_HINT}) the weakest node of that choice leaves, else the weakest node left, weakest by
     * available CPUs times GPUs (a stable sort, so index order among equals), never a required node, until the
     * node count falls to {@code -N}. The reason reported is the first failure's. Own case blockfz10 k0
     * ({@code -N4 --gpus-per-node=1} on blocks of three with uneven weights, {@code BlockSizes=3,12}): the block's
     * lightest nodes reach three base blocks, more than the level allows, and 26.05.5 runs it on h5, h7, h8, h9
     * once h2 and h4 are dropped. Each round starts the nodes from the CPUs the evaluations before it left them
     * ({@link RoundCarry}).
     */
    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        topologyCode = false;
        if (!version.atLeast(SlurmVersion.V26_05)) {
            // one evaluation: 24.11's passes and retry are KnapsackRetry's, which wraps this selector
            return selectOnce(nodeMap, required, job, demand, minCpus);
        }
        RoundCarry carry = RoundCarry.forPass(job, demand, version);
        Demand seen = carry == null ? demand : carry.view();
        NodePick first = selectOnce(nodeMap, required, job, seen, minCpus);
        if (first != null || demand.firstPass()) {
            return first;
        }
        if (gpuBound && gpusOutOfReach(nodeMap, required, job, demand)) {
            // every round would fail: the loop's end keeps the first failure's reason, as here
            return null;
        }
        Failure reason = failure;
        boolean plugin = reachedPlugin;
        BitSet orig = (BitSet) nodeMap.clone();
        int rem = orig.cardinality();
        WeakestFirstDrops drops = null;
        while (drops == null || !drops.exhausted()) {
            if (action == Action.BREAK || rem <= job.minNodes()) {
                break;
            }
            if (drops == null) {
                drops = new WeakestFirstDrops(orig, required, job, demand);
                if (drops.isEmpty()) {
                    break;
                }
            }
            if (!drops.drop(action == Action.RETRY_HINT ? failMap : null)) {
                break;
            }
            rem--;
            if (drops.exhausted()) {
                break;
            }
            if (carry != null) {
                carry.beforeRound();
            }
            NodePick found = selectOnce(orig, required, job, seen, minCpus);
            if (found != null) {
                return found;
            }
        }
        failure = reason;
        reachedPlugin = plugin;
        return null;
    }

    /**
     * Whether no evaluation on a subset of {@code nodeMap} can gather the job's GPU total ({@code --gpus=N}, or
     * {@code -n} x {@code --gpus-per-task}), so that every round of 26.05's retry loop fails ({@code enoughJobGpus}
     * sums {@code gpusFor} over the choice, and the demand is fixed for the pass), and every round of 24.11's
     * {@link KnapsackRetry} too (its evaluations lower CPUs only). Only where a choice provably holds at most the
     * job's node maximum: no segment, no required node (those are added past it), and either the bound of no more
     * nodes than tasks (the submit test's extra nodes of the lighter groups' base blocks are then not added) or one
     * weight among the usable nodes (no lighter group, so no such base block). Then the
     * {@code max_nodes} largest offers of the usable nodes falling short of the total ends the loop at once
     * (issue 15: {@code -N64 --gpus=1000} on 8-GPU nodes took 4-7 s of rounds, one per usable node).
     */
    private boolean gpusOutOfReach(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand) {
        if (job.gpuTotal() == null || segment(job) != null || !required.isEmpty()) {
            return false;
        }
        int[] offers = new int[nodeMap.cardinality()];
        int k = 0;
        Long weight = null;
        boolean oneWeight = true;
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (blocked.get(i) || demand.availCpus(i) <= 0) {
                continue;
            }
            oneWeight &= weight == null || demand.weight(i) == weight;
            weight = demand.weight(i);
            offers[k++] = Math.max(0, demand.gpusFor(i));
        }
        if (!oneWeight && (!nodesBoundByTasks || version.atLeast(SlurmVersion.V26_05))) {
            // a lighter node's base block may add nodes past max_nodes for the GPUs (moreNodesForGpus): in the
            // submit test, and from 26.05 on in the run too (RetryGpuBoundPropertyTest seed -1269568018: -N2
            // --gpus=7 runs on three nodes), so the capped sum below is no bound there
            return false;
        }
        Arrays.sort(offers, 0, k);
        long reach = 0;
        for (int t = k - 1, max = maxNodes(job); t >= 0 && t >= k - max; t--) {
            reach += offers[t];
        }
        return reach < job.gpuTotal();
    }

    /**
     * Whether no evaluation of 24.11's retry ({@link KnapsackRetry}) can succeed on any part of {@code map}
     * ({@link #gpusOutOfReach}: the evaluations lower CPUs only, never the GPUs a node offers).
     */
    boolean hopeless(BitSet map, BitSet required, SlurmJobSpec job, Demand demand) {
        return gpuBound && gpusOutOfReach(map, required, job, demand);
    }

    /**
     * Whether a node with {@code freeCpus} free CPUs passes cons_tres's {@code _can_job_run_on_node} for a
     * {@code --cpus-per-gpu} job: {@code gres_select_filter_remove_unusable} caps the node's GPUs at its free CPUs over
     * {@code cpus_per_gres} and refuses the node when that is below the per-node GPU count, so the node is not in the
     * plugin's node map at all. Own case blockfz12 k25 ({@code -N2 --gpus-per-node=4 --cpus-per-gpu=5 --segment=2},
     * 26.05.5): g13 with 8 free CPUs does not count for its base block, which therefore is not the best fit.
     */
    private static boolean gpuCpusFit(SlurmJobSpec job, int freeCpus) {
        if (job.cpusPerGpu() == null || job.cpusPerGpu() <= 0) {
            return true;
        }
        int perNode = job.gpusPerNode() != null ? job.gpusPerNode() : 1;
        return freeCpus / job.cpusPerGpu() >= Math.max(1, perNode);
    }

    /** One evaluation of {@code eval_nodes_block} on {@code nodeMap}; {@code null} when it fails. */
    NodePick selectOnce(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        action = Action.BREAK;
        failMap = new BitSet();
        // The block is chosen on the plugin's node map, the nodes are then taken among those this pass's core
        // filter leaves usable (eval_nodes_select_cores). The map holds a GPU job's node whose free cores all sit
        // away from its free GPUs, which the first pass's filter drops (own case yamlfz04 y34: q15, socket 0 busy,
        // counts for its block, so the block of three free nodes is the best fit).
        boolean gpus = job.gpusPerNode() != null || job.gpuTotal() != null;
        BitSet mapped = new BitSet();
        BitSet usable = new BitSet();
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (blocked.get(i)) {
                continue;
            }
            if (demand.availCpus(i) > 0) {
                usable.set(i);
                mapped.set(i);
            } else if (gpus && demand.freeCpus(i) >= job.cpusPerTask() && gpuCpusFit(job, demand.freeCpus(i))
                    && WholeNodeGres.fits(nodes.get(i).gpus().size(), job,
                            nodes.get(i).cores() * nodes.get(i).threadsPerCore())) {
                // (a whole node without CPUs for all its GPUs is out of the map too: blockfz47 k10 under 26.05.5
                // finds no block, "No suitable topology unit found", as b4's g1 and g2 do not count)
                mapped.set(i);
            }
        }
        int n = job.minNodes();
        BitSet requiredMapped = (BitSet) required.clone();
        requiredMapped.andNot(mapped);
        reachedPlugin = mapped.cardinality() >= n && requiredMapped.isEmpty();
        Integer seg = segment(job);
        if (seg == null) {
            Taken taken = new Taken(nodes.size(), countsTasks(job));
            Need need = new Need(n, minCpus, maxNodes(job), demand, job, taken, CpusToUse.initialBudget(job, minCpus, n));
            BitSet one = place(need, mapped, usable, required, demand, false,
                    job.gpuTotal() == null ? 0 : job.gpuTotal());
            if (one != null) {
                one = moreNodesForGpus(one, job, demand, taken, need);
            }
            return one == null || !enoughJobGpus(one, job, demand, taken) ? null : taken.pick(one);
        }
        boolean several = n / seg > 1;
        if (several && !required.isEmpty()) {
            BitSet absent = (BitSet) required.clone();
            absent.andNot(mapped);
            if (version.atLeast(SlurmVersion.V26_05) && absent.isEmpty() && n > required.cardinality()) {
                topologyCode = true;
            }
            // 26.05: several segments are cut out of the named nodes (24.11 refused this at submit)
            usable.and(required);
            mapped.and(required);
        }
        // one segment as big as the job keeps its named nodes as required ones, as a job without a segment does
        // (eval_nodes_block sets req_nodes_bitmap unless segment_cnt > 1, 24.11.5 and 26.05): own case yamlfz39
        // y44 (-p blk2 -w u1,f2 -N5 --segment=5) is accepted by 26.05.5 and waits
        BitSet segmentRequired = several ? new BitSet() : required;
        BitSet chosen = new BitSet();
        int segments = n / seg;
        // the tasks per node of a segmented job are not counted here: no measured line
        Taken taken = new Taken(nodes.size(), false);
        for (int placed = 0; placed < n; placed += seg) {
            // each segment asks for its share of the CPUs and of the node maximum
            // rem_max_cpus of a segment is the job's max_cpus (NO_VAL without a limit) over the segment count: the
            // nodes give all they offer (own cases blockfz03 k9, yamlfz02 y1: 2 tasks on each node, 24.11 and 26.05)
            Need need = new Need(seg, minCpus / segments, Math.max(seg, maxNodes(job) / segments), demand, job, taken,
                    NO_VAL / segments);
            boolean emptied = placed > 0 && mapped.isEmpty();
            BitSet part = place(need, mapped, usable, segmentRequired, demand, several, 0);
            if (part == null) {
                if (emptied) {
                    // a later segment finds no node left: 26.05 retries with the segments placed so far dropped
                    action = Action.RETRY_HINT;
                }
                failMap.or(chosen);
                return null;
            }
            chosen.or(part);
            usable.andNot(part);
            mapped.andNot(part);
        }
        return enoughJobGpus(chosen, job, demand, taken) ? taken.pick(chosen) : null;
    }

    /**
     * Further nodes of the chosen block, in table order, until the job's GPU total ({@code --gpus=N}, or
     * {@code -n} x {@code --gpus-per-task}) is met: {@code eval_nodes_block} goes on adding the block's nodes
     * while the GPUs are not sufficient, up to the job's node maximum, which is no more nodes than tasks
     * outside the submit test. Own case blockfz05 k7 ({@code -n4 -c3 --gpus-per-task=1} on 2-GPU nodes) runs
     * on s9 and s10, k4 ({@code -x s6 -n5 -c1 --gpus-per-task=1}) on s5, s7 and s8 (24.11.5, 26.05.5).
     */
    /**
     * The job's node maximum: {@code -N MIN-MAX}, and with {@code -n} no more nodes than tasks outside the submit
     * test (each node needs a task: {@code eval_nodes_set_max_tasks}; 26.05's {@code job_mgr.c} also sets
     * {@code max_nodes} to the task count). Without {@code -N} and {@code -n} there is no bound: own case yamlfz01
     * y23 ({@code --gpus=9}, no {@code -n}) runs on g8 and q4 under 26.05.5.
     */
    private int maxNodes(SlurmJobSpec job) {
        int max = job.maxNodes() == null ? Integer.MAX_VALUE : job.maxNodes();
        if (nodesBoundByTasks && job.boundingTasks() != null) {
            max = Math.min(max, Math.max(job.boundingTasks(), job.minNodes()));
        }
        return max;
    }

    private BitSet moreNodesForGpus(BitSet chosen, SlurmJobSpec job, Demand demand, Taken taken, Need need) {
        if (job.gpuTotal() == null) {
            return chosen;
        }
        BitSet out = (BitSet) chosen.clone();
        long gpus = 0;
        for (int i = out.nextSetBit(0); i >= 0; i = out.nextSetBit(i + 1)) {
            gpus += credited(i, job, demand, taken);
        }
        int max = maxNodes(job);
        boolean runTakesThem = version.atLeast(SlurmVersion.V26_05);
        if ((!nodesBoundByTasks || runTakesThem) && lastLighter < max) {
            // "additional resources for already required base block": that loop of eval_nodes_block never looks at
            // max_nodes, so on an idle cluster a -N2 --gpus=8 job takes all four nodes of a base block whose lighter
            // node made it required, and the submit test passes (own case blockfz05 k31, 2-GPU nodes, accepted by
            // 24.11.5 and 26.05.5). 26.05.5 runs such a pick: own case yamlfz28 y38 (-p blk -N3 --gpus=9
            // enforce-binding) on l6, l7, l8, p4 (test RequiredBaseBlockFillIgnoresMaxNodesTest). The
            // lighter nodes themselves stop at max_nodes (ESLURM_TOPO_MAX_NODE_LIMIT: blockfz10 k33, -N1 --gpus=9, is
            // refused by 24.11.5). 24.11 makes the same pick and then counts it against max_nodes: the job waits
            // with ReqNodeNotAvail (SlurmBlockPolicy, _pick_best_nodes' runable_avail), so its run keeps -N.
            for (int i = lastRequired.nextSetBit(0); i >= 0 && gpus < job.gpuTotal(); i = lastRequired.nextSetBit(i + 1)) {
                gpus += addedForGpus(i, out, job, demand, taken, need);
            }
        }
        for (int i = lastBlock.nextSetBit(0); i >= 0 && gpus < job.gpuTotal() && out.cardinality() < max;
                i = lastBlock.nextSetBit(i + 1)) {
            gpus += addedForGpus(i, out, job, demand, taken, need);
        }
        return out;
    }

    /**
     * Adds node {@code i} to {@code out} for the job's GPU total where it gives some, and returns the GPUs it gives.
     * A {@code --ntasks-per-gpu} job's node goes through {@code eval_nodes_cpus_to_use} and {@code eval_nodes_gres}
     * as every node {@code eval_nodes_block} adds does ({@link Need#add}): it is counted for the tasks still left
     * and gives the GPUs they use, or is skipped where they use none. Own probe c26b1 u7 ({@code --gpus=1
     * --ntasks-per-gpu=2 -c2}, 24.11.5 REJECTED; a second node credited all its GPUs ran it on g1 and g2).
     */
    private long addedForGpus(int i, BitSet out, SlurmJobSpec job, Demand demand, Taken taken, Need need) {
        if (out.get(i) || credited(i, job, demand, taken) <= 0) {
            return 0;
        }
        if (job.ntasksPerGpu() != null && taken.tasks != null && !need.add(i, out)) {
            return 0;
        }
        out.set(i);
        return credited(i, job, demand, taken);
    }

    /**
     * {@code eval_nodes_block} picks the block by weight and node count alone and then fills it; a job-wide GPU
     * count ({@code --gpus=N}) the block's nodes cannot give fails there ({@code gres_sched_test}), no other
     * block is tried. Own case blockfz01 k6 ({@code -N2 --gpus=8}: no base block of two nodes holds 8 GPUs)
     * and k26 ({@code --gpus=10}, one node) are refused at submit by 24.11.5 and 26.05.5.
     */
    private boolean enoughJobGpus(BitSet chosen, SlurmJobSpec job, Demand demand, Taken taken) {
        if (job.gpuTotal() == null) {
            return true;
        }
        long gpus = 0;
        for (int i = chosen.nextSetBit(0); i >= 0; i = chosen.nextSetBit(i + 1)) {
            gpus += credited(i, job, demand, taken);
        }
        if (gpus < job.gpuTotal()) {
            failure = Failure.INSUFFICIENT;
            action = Action.RETRY_HINT;
            failMap = (BitSet) chosen.clone();
            return false;
        }
        return true;
    }

    /**
     * {@code eval_nodes_block} for the nodes and CPUs {@code need} asks: the block chosen on {@code mapped} (the
     * plugin's node map), its nodes taken out of {@code usable} ({@code jobGpus}: the
     * job's GPU total, 0 for none); {@code null} when they do not fit.
     */
    private BitSet place(Need need, BitSet mapped, BitSet usable, BitSet required, Demand demand, boolean segmented,
                         long jobGpus) {
        int rem = need.nodes;
        int count = bases.size();
        int lv = levels.level(rem);
        int ll = levels.lowerLevel(rem);
        int perBlock = lv < 0 ? count : 1 << lv;
        int blockCount = lv < 0 ? 1 : (count + perBlock - 1) / perBlock;
        int perLl = 1 << ll;
        int maxLl = (rem + perLl * levels.baseSize() - 1) / (perLl * levels.baseSize());
        boolean useLl = perBlock != perLl * maxLl;
        int llCount = (count + perLl - 1) / perLl;
        int[] free = new int[count];
        for (int b = 0; b < count; b++) {
            free[b] = cardinality(bases.get(b), mapped);
        }
        int best = -1;
        long bestWeight = Long.MAX_VALUE;
        int bestFree = 0;
        for (int i = 0; i < blockCount; i++) {
            int first = i * perBlock;
            int last = Math.min(count, first + perBlock);
            BitSet blockNodes = new BitSet();
            int bnc = 0;
            for (int b = first; b < last; b++) {
                blockNodes.or(bases.get(b));
                bnc += free[b];
            }
            blockNodes.and(mapped);
            if (!required.isEmpty()) {
                // with named nodes the first block holding one is the block; weights and fit are not compared
                if (blockNodes.intersects(required)) {
                    best = i;
                    break;
                }
                continue;
            }
            int avail = bnc;
            if (useLl) {
                List<Integer> groups = new ArrayList<>();
                for (int g = first / perLl; g < Math.min(llCount, (first + perBlock) / perLl); g++) {
                    int sum = 0;
                    for (int b = g * perLl; b < Math.min(count, (g + 1) * perLl); b++) {
                        sum += free[b];
                    }
                    groups.add(sum);
                }
                groups.sort((x, y) -> y - x);
                avail = groups.stream().limit(maxLl).mapToInt(Integer::intValue).sum();
            }
            if (avail < rem || need.cpus - need.cpusOf(required) > need.mappedCpusOf(blockNodes)) {
                // rem_cpus > block_cpus: the block's free CPUs cannot hold the job's (-n x -c)
                continue;
            }
            long weight = Long.MAX_VALUE;
            for (int k = blockNodes.nextSetBit(0); k >= 0; k = blockNodes.nextSetBit(k + 1)) {
                weight = Math.min(weight, demand.weight(k));
            }
            if (best == -1 || weight < bestWeight || (weight == bestWeight && bnc <= bestFree)) {
                best = i;
                bestWeight = weight;
                bestFree = bnc;
            }
        }
        if (best == -1) {
            failure = segmented ? Failure.SEGMENT_NO_FIT : Failure.NO_FIT;
            action = Action.BREAK;
            return null;
        }
        failure = Failure.INSUFFICIENT;
        int first = best * perBlock;
        int last = Math.min(count, first + perBlock);
        BitSet inBlock = new BitSet();
        for (int b = first; b < last; b++) {
            inBlock.or(bases.get(b));
        }
        BitSet chosen = new BitSet();
        BitSet missing = (BitSet) required.clone();
        missing.andNot(inBlock);
        missing.or(andNot(required, usable));
        if (!missing.isEmpty()) {
            action = Action.BREAK;
            return null;
        }
        BitSet candidates = (BitSet) inBlock.clone();
        candidates.and(usable);
        lastBlock = (BitSet) candidates.clone();
        if (candidates.cardinality() < rem) {
            action = Action.RETRY_DEFAULT;
            return null;
        }
        boolean[] taken = new boolean[count];
        for (int k = required.nextSetBit(0); k >= 0; k = required.nextSetBit(k + 1)) {
            if (!need.add(k, chosen)) {
                // "insufficient resources on required node": the evaluation ends (26.05: EVAL_ACTION_BREAK)
                action = Action.BREAK;
                return null;
            }
        }
        int lastLl = Integer.MIN_VALUE;
        // eval_nodes_block (24.11 and 26.05) marks the required nodes' base blocks (bblock_required) and counts their
        // lower-level blocks against max_llblock only when it keeps nodes_on_llblock, i.e. when the level's block is
        // not max_llblock lower-level blocks exactly ("(i < block_record_cnt) && nodes_on_llblock"): otherwise the
        // weight loop below counts the lower-level blocks of the lighter nodes alone. Lead case blockfz47 k33
        // (-w u3,m6 -N22 on 8 base blocks of 3: level 3, two lower-level blocks of 4): runs on 22 nodes over b1-b8 in
        // 24.11.5, accepted at submission by 26.05.5 (the replay counted b3 twice and refused it)
        for (int b = first; b < last && useLl; b++) {
            if (bases.get(b).intersects(required)) {
                taken[b] = true;
                if (lastLl == Integer.MIN_VALUE || (lastLl >> ll) != (b >> ll)) {
                    maxLl--;
                    lastLl = b;
                }
            }
        }
        if (maxLl < 0) {
            // "requires nodes exceed maximum llblock limit due to required nodes": ESLURM_REQUESTED_TOPO_CONFIG_
            // UNAVAILABLE (eval_nodes_block, 24.11.5 and 26.05); 26.05's common_topo_choose_nodes returns it at once,
            // 24.11's retry meets it again in every round (the required nodes never leave, the block loop stops at
            // their block first), so the last code is it too: "Requested topology configuration is not available"
            topologyCode = true;
            action = Action.BREAK;
            return null;
        }
        WeightFill fill = WeightFill.of(andNot(candidates, required), need.nodes, need.cpus,
                jobGpus - gpus(required, demand), demand);
        if (fill == null) {
            // not sufficient: EVAL_ACTION_RETRY_DEFAULT
            action = Action.RETRY_DEFAULT;
            return null;
        }
        // the lighter weight groups are taken whole, as required nodes; their base blocks count as used
        candidates = fill.reached();
        // every later loop, the one adding nodes for the job's GPU total too, walks best_nodes_bitmap: the groups
        // reached, not the whole block
        lastBlock = (BitSet) candidates.clone();
        // req2_nodes_bitmap loses a lighter node eval_nodes_cpus_to_use turns down ("bit_clear(req2_nodes_bitmap, i)")
        // before its base blocks are marked (24.11.5 and 26.05 eval_nodes_block, the same loop): only the kept ones,
        // and those the max_nodes bound left unvisited, mark theirs
        BitSet marking = (BitSet) fill.lighter().clone();
        for (int k = fill.lighter().nextSetBit(0); k >= 0 && need.room(chosen); k = fill.lighter().nextSetBit(k + 1)) {
            if (!need.add(k, chosen)) {
                marking.clear(k);
            }
        }
        int lastLight = Integer.MIN_VALUE;
        for (int b = first; b < last; b++) {
            if (taken[b]) {
                lastLight = b;
            } else if (bases.get(b).intersects(marking)) {
                taken[b] = true;
                if (lastLight == Integer.MIN_VALUE || (lastLight >> ll) != (b >> ll)) {
                    maxLl--;
                    lastLight = b;
                }
            }
        }
        if (maxLl < 0) {
            // the lighter weight groups span more lower-level blocks than the level allows
            // (ESLURM_TOPO_WEIGHT_NO_FIT, EVAL_ACTION_RETRY_DEFAULT)
            failure = Failure.WEIGHT_NO_FIT;
            action = Action.RETRY_DEFAULT;
            failMap = (BitSet) chosen.clone();
            return null;
        }
        lastLighter = chosen.cardinality();
        lastRequired = new BitSet();
        for (int b = first; b < last; b++) {
            if (taken[b]) {
                lastRequired.or(bases.get(b));
            }
        }
        lastRequired.and(candidates);
        for (int b = first; b < last && !need.met(); b++) {
            if (taken[b]) {
                take(bases.get(b), candidates, chosen, need, false);
            }
        }
        int[] onBase = new int[count];
        int[] onLl = new int[llCount];
        for (int b = first; b < last; b++) {
            if (!taken[b]) {
                onBase[b] = cardinality(bases.get(b), candidates);
                onLl[b / perLl] += onBase[b];
            }
        }
        // the loop stops when a base block added no node (Slurm: "Stalled"), or nodes and CPUs are met
        int prev = need.nodes + 1;
        while (!need.met() && prev != need.nodes) {
            prev = need.nodes;
            Choice c = new Choice();
            for (int b = first; b < last; b++) {
                if (!taken[b]) {
                    c.consider(b, need.nodes, onBase, useLl ? onLl : null, ll, taken);
                }
            }
            if (c.best == -1 || (maxLl <= 0 && !c.sameLl)) {
                break;
            }
            taken[c.best] = true;
            take(bases.get(c.best), candidates, chosen, need, false);
            if (!c.sameLl) {
                maxLl--;
            }
        }
        if (!need.met()) {
            action = Action.RETRY_HINT;
            failMap = (BitSet) chosen.clone();
            return null;
        }
        return chosen;
    }

    /**
     * What {@code eval_nodes_block} still wants: nodes ({@code rem_nodes}), CPUs ({@code rem_cpus}, each node
     * added gives its available CPUs) and room under the job's node maximum ({@code max_nodes}).
     */
    private final class Need {
        int nodes;
        int cpus;
        final int max;
        private final Demand demand;
        private final SlurmJobSpec job;
        private final Taken taken;
        /** {@code rem_max_cpus}: what {@code eval_nodes_cpus_to_use} lets the next node give. */
        private long budget;
        /** {@code maxtasks}: the tasks still to place ({@code eval_nodes_set_max_tasks}), as the tree's evaluation. */
        private long taskBudget;

        Need(int nodes, int cpus, int max, Demand demand, SlurmJobSpec job, Taken taken, long budget) {
            this.nodes = nodes;
            this.cpus = cpus;
            this.max = max;
            this.demand = demand;
            this.job = job;
            this.taken = taken;
            this.budget = budget;
            // eval_nodes_set_max_tasks: -O keeps max_cpus as the task count, as on a tree (TreeEvaluation)
            this.taskBudget = GresTaskCount.maxTasks(job, budget);
        }

        boolean met() {
            return nodes <= 0 && cpus <= 0;
        }

        boolean room(BitSet chosen) {
            return chosen.cardinality() < max;
        }

        /**
         * Adds node {@code k} as {@code eval_nodes_block} does: {@code eval_nodes_cpus_to_use} first, so a node
         * gives no more CPUs than the job still needs after one per further node (own case blockfz06 k9,
         * {@code -n5 -c4 --gpus-per-task=1}: h3, added first, gives 16 CPUs for four tasks and h4 the last 4), and
         * never fewer than the node's {@code gres_min_cpus} (24.11 and 26.05: the cores its GPUs need; the lowered
         * count is what 24.11's retry drops by; test {@code BlockCpusToUseGresMinCpusTest}).
         */
        boolean add(int k, BitSet chosen) {
            int offered = demand.availCpus(k);
            int given = CpusToUse.limit(offered, budget, nodes, job, BlockSelector.this.nodes.get(k),
                    demand.gresMinCpus(k));
            demand.gave(k, offered, given);
            if (taken.tasks != null) {
                GresTaskCount count = GresTaskCount.of(job, taskBudget, nodes, given, demand.gresMaxTasks(k));
                if (count.unused()) {
                    // eval_nodes_gres' use_node false: eval_nodes_cpus_to_use returns it and eval_nodes_block's loops
                    // skip the node ("continue") with no count lowered, while avail_res->avail_cpus = 0 stays for
                    // the later evaluations, as on a tree (TreeProgress.take). Own probe c26b1 u7 (--gpus=1
                    // --ntasks-per-gpu=2 -c2, min_cpus 2 so maxtasks 1: no node gives a GPU), 24.11.5 REJECTED
                    demand.refused(k);
                    return false;
                }
                taskBudget -= taken.counted(k, count);
            }
            taken.add(k, given);
            chosen.set(k);
            nodes--;
            cpus -= given;
            budget -= given;
            return true;
        }

        int cpusOf(BitSet set) {
            int c = 0;
            for (int k = set.nextSetBit(0); k >= 0; k = set.nextSetBit(k + 1)) {
                c += demand.availCpus(k);
            }
            return c;
        }

        /**
         * {@code block_cpus}: the block's CPUs as the plugin's node map counts them, {@code avail_res->avail_cpus}
         * of {@code _can_job_run_on_node}: a GPU job's node gives every free CPU, not only those its free GPUs' cores
         * leave after {@code eval_nodes_select_cores}, and not rounded to whole tasks: {@code _allocate_sc} cuts only a
         * job without GRES to {@code cpus_per_task} multiples, and with {@code CR_Core} nothing rounds them later
         * (24.11.5 and 26.05.5 alike, {@code eval_nodes_block.c} sums {@code avail_res_array[j]->avail_cpus}; test
         * {@code BlockCpusCountEveryFreeCpuTest}). Own case yamlfz06 y12 ({@code -p blk2 -n5 -c2
         * --gpus-per-task=1}, one free GPU on each of q4, q5): 26.05.5 picks their block and finds too few GPUs
         * ({@code Insufficient_resources_in_topology_unit}), where counting two CPUs per node passed every block over.
         */
        int mappedCpusOf(BitSet set) {
            if (job.gpusPerNode() == null && job.gpuTotal() == null) {
                return cpusOf(set);
            }
            int c = 0;
            for (int k = set.nextSetBit(0); k >= 0; k = set.nextSetBit(k + 1)) {
                c += Math.max(demand.availCpus(k), demand.freeCpus(k));
            }
            return c;
        }
    }

    /** The nodes in the order the selection added them and the CPUs each gave ({@link NodePick}). */
    private static final class Taken {
        private final List<Integer> order = new ArrayList<>();
        private final int[] cpus;
        /** The tasks each node was counted for ({@link #countTasks}); null where none are counted. */
        private final int[] tasks;
        /**
         * The GPUs a {@code --ntasks-per-gpu} job's counted tasks leave each node ({@link #countTasks}),
         * {@link Long#MAX_VALUE} where they leave all; null where no tasks are counted.
         */
        private final long[] taskGpus;

        Taken(int nodeCount, boolean countTasks) {
            cpus = new int[nodeCount];
            tasks = countTasks ? new int[nodeCount] : null;
            taskGpus = countTasks ? new long[nodeCount] : null;
            if (taskGpus != null) {
                Arrays.fill(taskGpus, Long.MAX_VALUE);
            }
        }

        /**
         * Records node {@code k}'s {@code eval_nodes_gres} count ({@link GresTaskCount}), which
         * {@code eval_nodes_block} reaches through {@code eval_nodes_cpus_to_use} as the tree plugin does;
         * {@code gres_select_util_get_task_limit} ({@code cons_tres/job_test.c}) hands the tasks to
         * {@code dist_tasks} as the node's {@code gres_task_limit}. Own case yamlfz41 y9 ({@code -p blkh -n6 -c4
         * --gpus-per-task=1} enforce-binding on g3 and d4, 26.05.5): g3, first in the table, counts 4 tasks and d4
         * the last 2, so d4 runs 2 tasks with GPUs 0 and 4, not 3 with 0, 1 and 4. Own probe c25e2 p3 ({@code -N1
         * --gpus=2 --ntasks-per-gpu=1 -c2 --exclusive}): 24.11's min_cpus is one task, so the one node credits one
         * GPU and the job is refused (24.11.5); 26.05's min_cpus holds both tasks (s1, 26.05.5). Returns the tasks
         * counted.
         */
        long counted(int k, GresTaskCount count) {
            taskGpus[k] = count.gpus();
            tasks[k] = count.tasks();
            return count.tasks();
        }

        void add(int k, int given) {
            order.add(k);
            cpus[k] = given;
        }

        /** The pick of {@code chosen}: nodes added without a limit (more nodes for GPUs) come last, unlimited. */
        NodePick pick(BitSet chosen) {
            List<Integer> all = new ArrayList<>(order);
            chosen.stream().filter(k -> !order.contains(k)).forEach(all::add);
            return new NodePick(chosen, all.stream().mapToInt(Integer::intValue).toArray(), cpus.clone(),
                    tasks == null ? null : tasks.clone());
        }
    }

    /**
     * The GPUs node {@code k} gives the job's total: all it offers, but for a 24.11/26.05 {@code -O
     * --gpus-per-task} job the tasks it was counted for times {@code --gpus-per-task}, one task for a node counted
     * for none (one added for the GPUs). {@code eval_nodes_block} reaches {@code eval_nodes_gres} through
     * {@code eval_nodes_cpus_to_use} as the tree does; under overcommit that keeps at least one task a node and
     * {@code _reduce_res_core_by_task_cnt} -> {@code _reduce_res_cores} drops the node's {@code sock_gres->total_cnt}
     * to {@code maxtasks x gres_per_task}, all {@code gres_sched_add} credits ({@link OvercommitTaskLayout},
     * {@link TreeProgress}). Own probe c23o1 p2 ({@code -n2 --gpus-per-task=2 -O}: g1 and g2 GPUs 0,1 each, 24.11.5
     * and 26.05.5), p3 (24.11.5: {@code -n2 -c2 --gpus-per-task=1 -O} on g1 and g2), p4 (24.11.5: {@code -N1 -n2
     * --gpus-per-task=1 -O} refused at submission, one node credits one task's GPU).
     */
    private long credited(int k, SlurmJobSpec job, Demand demand, Taken taken) {
        long all = demand.gpusFor(k);
        if (taken != null && taken.taskGpus != null && job.ntasksPerGpu() != null) {
            return Math.min(all, taken.taskGpus[k]);
        }
        if (taken == null || taken.tasks == null || job.overcommitTasks() == null || job.gpusPerTask() == null
                || !version.atLeast(SlurmVersion.V24_11)) {
            return all;
        }
        return Math.min(all, (long) Math.max(1, taken.tasks[k]) * job.gpusPerTask());
    }

    /** Whether the selection counts tasks per node ({@link Taken#countTasks}): the tree evaluation's condition. */
    private boolean countsTasks(SlurmJobSpec job) {
        // an --exclusive --ntasks-per-gpu job too, as on a tree (TreeProgress, g24c): eval_nodes_block reaches
        // eval_nodes_gres as the tree plugin does (24.11.5 and 26.05 topology/block/eval_nodes_block.c)
        return version.atLeast(SlurmVersion.V24_11) && job.gpuTotal() != null && GresTaskCount.countsTasks(job);
    }

    /** {@code _choose_best_bblock}: the next base block of the chosen block. */
    private static final class Choice {
        int best = -1;
        boolean fit;
        boolean sameLl = true;

        void consider(int i, int rem, int[] onBase, int[] onLl, int ll, boolean[] taken) {
            boolean fits = onBase[i] >= rem;
            if (onLl != null && (best == -1 || (best >> ll) != (i >> ll))) {
                boolean same = false;
                for (int j = (i >> ll) << ll; j < Math.min(taken.length, ((i >> ll) + 1) << ll); j++) {
                    if (taken[j]) {
                        same = true;
                        break;
                    }
                }
                if (best == -1 || (same && !sameLl)) {
                    set(i, fits, same);
                    return;
                }
                if (!same && sameLl) {
                    return;
                }
                int bestGroup = onLl[best >> ll];
                int group = onLl[i >> ll];
                boolean groupFits = group >= rem;
                boolean bestGroupFits = bestGroup >= rem;
                if (groupFits != bestGroupFits) {
                    if (groupFits) {
                        set(i, fits, same);
                    }
                    return;
                }
                if (groupFits ? group < bestGroup : group > bestGroup) {
                    set(i, fits, same);
                    return;
                }
                if (group != bestGroup) {
                    return;
                }
            }
            if (best == -1 || (fits && !fit) || (!fits && !fit && onBase[i] >= onBase[best])
                    || (fits && onBase[i] <= onBase[best])) {
                best = i;
                fit = fits;
            }
        }

        private void set(int i, boolean fits, boolean same) {
            best = i;
            fit = fits;
            sameLl = same;
        }
    }

    private static long gpus(BitSet set, Demand demand) {
        long g = 0;
        for (int k = set.nextSetBit(0); k >= 0; k = set.nextSetBit(k + 1)) {
            g += demand.gpusFor(k);
        }
        return g;
    }

    private static void take(BitSet base, BitSet candidates, BitSet chosen, Need need, boolean pastMax) {
        for (int k = base.nextSetBit(0); k >= 0 && !need.met() && (pastMax || need.room(chosen));
                k = base.nextSetBit(k + 1)) {
            if (candidates.get(k) && !chosen.get(k)) {
                need.add(k, chosen);
            }
        }
    }

    private static int cardinality(BitSet a, BitSet b) {
        BitSet c = (BitSet) a.clone();
        c.and(b);
        return c.cardinality();
    }

    private static BitSet andNot(BitSet a, BitSet b) {
        BitSet c = (BitSet) a.clone();
        c.andNot(b);
        return c;
    }
}
