package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The core filter's verdicts for one pass of {@link SlurmAllocation} ({@code _select_cores} /
 * {@code eval_nodes_select_cores} on every usable node, the required ones first with the GPUs before them credited),
 * and the whole node an {@code --exclusive} job gets.
 */
final class PassFilter {
    private PassFilter() {
    }

    /**
     * The core filter's verdict for every node of {@code nodeMap} in one pass: the required nodes first, then the
     * others with the GPUs the required ones gave counted (24.11).
     */
    static CoreFilter.Result[] filtered(StateUsage usage, List<SlurmNode> nodes, SlurmJobSpec job,
                                        SlurmVersion version, NodeUse[] uses, BitSet nodeMap, BitSet required,
                                        boolean firstPass, FirstPassAvailCpus carried) {
        CoreFilter.Result[] results = new CoreFilter.Result[nodes.size()];
        Map<NodeUse, Map<NodeLayout, CoreFilter.Result>> shared = new IdentityHashMap<>();
        long taken = 0;
        int counted = 0;
        // the required nodes are looked at one by one in node order, each after the GPUs of those before it were
        // credited (_eval_nodes_topo's first loop: _select_cores / eval_nodes_select_cores, then gres_sched_add; own
        // case fuzz45 p14, -w p1,h10 -N2 --gpus=5, in 22.05.8 too); 24.11 and 26.05 also count the nodes off
        // (min_rem_nodes) and credit the filter's total_cnt: own cases fuzz37 p11 (-w p5,p4,g2 -N3 --gpus=8: g2 6, p4
        // 1, p5 1 in 24.11.5 and 26.05.5) and fuzz43 p24 (-w p6,p4,p7 --gpus=5 enforce-binding: p4 3, then p6 and p7
        // one each, so each keeps only the socket of one GPU, 26.05.5)
        boolean inTurn = version.atLeast(SlurmVersion.V24_11);
        for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
            if (!nodeMap.get(i)) {
                continue;
            }
            SlurmNode n = nodes.get(i);
            results[i] = job.exclusive() ? exclusive(n, uses[i], job, firstPass, version)
                    : CoreFilter.select(n, uses[i], job, firstPass, job.enforceBinding(), version, taken,
                            inTurn ? Math.max(1, job.minNodes() - counted) : 0,
                            firstPass || carried == null ? CoreFilter.NO_VAL : carried.availResCpus(i));
            taken += NodeGpuCredit.requiredCredit(n, job, uses[i], results[i], taken, inTurn);
            counted++;
        }
        // the other nodes come after every required one (min_rem_nodes less all of them; 0: the job's count)
        int restNodes = inTurn && counted > 0 ? Math.max(1, job.minNodes() - counted) : 0;
        // 22.05 and 24.11 look at the other nodes with the GPUs the required ones gave already counted (own case
        // cpufrag u1: -w g1 -n4 -c6 --gpus=8, g1 gives 2, so g2 may give 6: 3 tasks, 9+9 cores)
        long gresTaken = taken;
        NodeUse runUse = null;
        NodeLayout runLayout = null;
        CoreFilter.Result runResult = null;
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            SlurmNode n = nodes.get(i);
            if (required.get(i)) {
                continue;
            } else if (job.exclusive()) {
                results[i] = exclusive(n, uses[i], job, firstPass, version);
            } else if (usage.idle(n.host())) {
                // idle nodes of one layout get the same cores: compute once (CoreFilter is pure); a run of
                // them reuses the last one's result without the map look-ups
                NodeLayout l = NodeLayout.of(n);
                if (uses[i] != runUse || !l.equals(runLayout)) {
                    boolean fp = firstPass;
                    runResult = shared.computeIfAbsent(uses[i], k -> new HashMap<>()).computeIfAbsent(l,
                            k -> CoreFilter.select(n, uses[n.index()], job, fp, job.enforceBinding(), version,
                                    gresTaken, restNodes, CoreFilter.NO_VAL));
                    runUse = uses[i];
                    runLayout = l;
                }
                results[i] = runResult;
            } else {
                results[i] = CoreFilter.select(n, uses[i], job, firstPass, job.enforceBinding(), version,
                        gresTaken, restNodes, CoreFilter.NO_VAL);
            }
        }
        if (!firstPass && carried != null && !job.exclusive()) {
            // the other nodes the failed first pass added start from what it left them, as the required ones above
            return carried.refiltered(results, (i, cpus) -> required.get(i) ? results[i] : CoreFilter.select(
                    nodes.get(i), uses[i], job, false, job.enforceBinding(), version, gresTaken, restNodes, cpus));
        }
        return results;
    }

    /** Node {@code n}'s verdict for a job that may take it, with no required node ({@code -w}) before it. */
    static CoreFilter.Result filterOne(SlurmNode n, NodeUse u, SlurmJobSpec job, boolean firstPass,
                                       SlurmVersion version) {
        return job.exclusive() ? exclusive(n, u, job, firstPass, version)
                : CoreFilter.select(n, u, job, firstPass, job.enforceBinding(), version, 0);
    }

    /**
     * An {@code --exclusive} job's verdict on {@code n}: the whole node; a GPU job only where the core filter
     * passes. {@code _can_job_run_on_node} (cons_tres
     * {@code job_test.c}, 22.05, 24.11, 26.05) builds the job's GRES socket list for a whole-node job too
     * ({@code _build_sock_gres_by_topo}: a socket short of the per-socket count offers none, {@link PerSocketGres}) and
     * fails the node when too few sockets are left ({@code gres_select_filter_remove_unusable}, which gets
     * {@code whole_node} only to keep the cores); own probe c20e1 e2 (refused), e3, e4, e10 in all three releases.
     * The eval_nodes functions call {@code _select_cores} (22.05 {@code job_test.c}; 24.11 and 26.05
     * {@code eval_nodes_select_cores}) on a whole node too, whose {@code ntasks_per_tres} branch wants every task on
     * a one-node minimum in 22.05 ({@link NtasksPerGpu#taskLimits}): lead case featfz10 f69 ({@code --gpus=5
     * --ntasks-per-gpu=3 -c4 --exclusive}, 60 CPUs for nodes of 32) refused by 22.05.8 only. The cores and GPUs are
     * then the node's all ({@code _cpus_to_use} returns for {@code whole_node}, {@code gres_ctld_job_select_whole_node}).
     * An {@code --gpus-per-task} job is filtered too: {@code eval_nodes_select_cores} (24.11/26.05
     * {@code topology/common/eval_nodes.c}) sets {@code max_tasks_this_node} to the whole node's CPUs over {@code -c},
     * and {@code gres_filter_sock_core} ({@code topology/common/gres_filter.c}) cuts the node's GPUs to
     * {@code max_tasks_this_node x gres_per_task}, all {@code gres_sched_add} credits: own probes c25e1 (tree, 24.11.5
     * and 26.05.5) and c25e2 (blocks, 24.11.5) on one-socket 6-core 2-GPU nodes, where {@code -n3 -c4
     * --gpus-per-task=1 --exclusive} needs three whole nodes and {@code -N2} refuses it.
     * Every exclusive GPU job is counted so ({@link ExclusiveGpuCount}: the filter's CPUs, the node's cores), once the
     * node's CPUs cover {@code --cpus-per-gpu} for all its GPUs ({@link WholeNodeGres}); a job without GPUs keeps the
     * whole node unfiltered; every exclusive job meets its partition's MaxCPUsPerNode
     * ({@link #whole(SlurmNode, SlurmJobSpec)}).
     */
    static CoreFilter.Result exclusive(SlurmNode n, NodeUse u, SlurmJobSpec job, boolean firstPass,
                                       SlurmVersion version) {
        if (!WholeNodeGres.fits(n.gpus().size(), job, n.cores() * n.threadsPerCore())) {
            return null; // every GPU of the idle node is the job's, each with its CPUs (WholeNodeGres)
        }
        if (!job.hasGpus()) {
            return whole(n, job); // _allocate_sc alone: eval_nodes_select_cores filters GRES jobs only
        }
        CoreFilter.Result filtered = CoreFilter.select(n, u, job, firstPass, job.enforceBinding(), version, 0);
        if (filtered == null) {
            return null;
        }
        CoreFilter.Result whole = whole(n, job);
        if (whole == null) {
            return null;
        }
        // the eval_nodes functions count what _select_cores and gres_select_filter_sock_core left the node (its CPUs
        // and tasks, num_tasks over min_nodes for --ntasks-per-gpu, the whole node's CPUs over -c for --gpus-per-task,
        // and the GPUs those tasks take) before the whole
        // node is given (the cores kept whole: the allocation's CPUs and GPUs stay the node's all): own probe c20h1 h1, h2, h5 (-N2 --gpus=5 --ntasks-per-gpu=1 --exclusive: two tasks and two GPUs a
        // node reach four of five, refused or ReqNodeNotAvail as without --exclusive, h3), h4 (--gpus=4) whole nodes.
        // The same count decides 26.05's one-node test (ExclusiveGpuCount)
        return ExclusiveGpuCount.counted(whole, filtered);
    }

    /**
     * Node {@code n} whole for an {@code --exclusive} job, or {@code null} when its partition refuses it whole
     * ({@code _allocate_sc}: more CPUs than {@code MaxCPUsPerNode}, {@link PartitionCpuCap#refusesWhole}).
     */
    static CoreFilter.Result whole(SlurmNode n, SlurmJobSpec job) {
        return PartitionCpuCap.refusesWhole(n, job) ? null : whole(n);
    }

    static CoreFilter.Result whole(SlurmNode n) {
        BitSet all = new BitSet();
        all.set(0, n.cores());
        return new CoreFilter.Result(all, n.cores() * n.threadsPerCore());
    }
}
