package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * Whether a job the pass cannot start waits {@code ReqNodeNotAvail} for nodes out of the pass ({@code
 * ESLURM_NODE_NOT_AVAIL}) instead of blocking its partition: its own rule of {@code _pick_best_nodes}, apart from the
 * pass because it tests the job on a state of its own (the nodes left, as if idle).
 */
final class NodesOutOfPass {
    private final ControllerState ctl;
    private final PlacementPolicy policy;

    NodesOutOfPass(ControllerState ctl) {
        this.ctl = ctl;
        this.policy = ctl.policy;
    }

    /**
     * The reason of a job that cannot start in this pass because nodes of its partition are out of it ({@code
     * avail_node_bitmap} lost them to a blocked partition or a pending {@code -w} job), or null. {@code
     * _pick_best_nodes} ({@code node_scheduler.c}, the same in 22.05, 24.11 and 26.05) tests the job on the nodes
     * left as if idle ({@code SELECT_MODE_TEST_ONLY}); when it cannot run there ({@code runable_avail} false) and no
     * node left was passed over as busy ({@code nodes_busy}: a node not idle for an {@code --exclusive} job, a node
     * held whole by one for the others), the answer is {@code ESLURM_NODE_NOT_AVAIL}, which {@code select_nodes}
     * words from the nodes out of the pass ({@link PlacementPolicy#requiredNodesOutOfPass}) and {@code schedule}
     * ({@code job_scheduler.c}) does not count as {@code fail_by_part}. Own case mem4a m9 ({@code -N2
     * --gpus-per-node=2}, every GPU node in partition lim, whose head job waits): real 22.05.8 "ReqNodeNotAvail,
     * UnavailableNodes:g[1-3]", and m10 behind it is looked at ({@code Resources}, not {@code Priority}).
     */
    String reason(JobRequest spec, SlurmPartition part, Set<String> out) {
        if (out.isEmpty() || SchedulingPass.holdsOnlyItsNodes(spec)) {
            return null;
        }
        Cluster cluster = ctl.state.cluster();
        List<String> missing = new ArrayList<>();
        List<HostAllocation> gone = new ArrayList<>();
        for (String h : cluster.hostNames()) {
            if (part != null && !part.holds(h)) {
                continue;
            }
            if (out.contains(h)) {
                missing.add(h);
                gone.add(HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()));
            } else if (passedOverAsBusy(spec, h)) {
                return null;
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        Suggestion onIdle = spec.exclusiveTopo()
                ? policy.suggest(ClusterState.empty(cluster), testOnlyOfExclusiveTopo(spec, missing))
                : policy.suggest(ClusterState.empty(cluster).with(new Placement(" out of the pass", gone),
                        ClusterState.Hold.WHOLE_NODES), spec);
        if (onIdle instanceof Suggestion.Placed || onIdle instanceof Suggestion.Waiting
                || testOnlyPickAccepts(cluster, spec, missing)) {
            return null;
        }
        return policy.requiredNodesOutOfPass(missing);
    }

    /**
     * Whether {@code _pick_best_nodes}' {@code runable_avail} test ({@code select_g_job_test} in {@code
     * SELECT_MODE_TEST_ONLY} on the job's node sets and {@code avail_node_bitmap}, {@code node_scheduler.c}) passes
     * though no placement fits there: the policy, asked on the idle cluster with the nodes out of the pass excluded,
     * keeps the job {@code Resources} (its pick for now fails, its test-only pick, sbatch's, accepts). That test is
     * only the node selection; 26.05's one-node shortcut ({@code _get_one_res}, {@code select/cons_tres/job_test.c})
     * counts a per-job GPU total on from node to node, so it passes on nodes none of which holds the total
     * ({@code FirstFitOneNode}). Then {@code ESLURM_NODES_BUSY} ({@code Resources}) and {@code fail_by_part}, not
     * {@code ESLURM_NODE_NOT_AVAIL}. Lead's case featfz22 f73 under 26.05.5: {@code -p fat,short -N1 -n6 -c2
     * --gpus=7}, fat's record blocks fat (a1-a4 out of the pass), short's is tested on b3, b4, c2 (4 GPUs each),
     * whose test passes 4 + 3: {@code Resources}, and short blocked keeps f78 ({@code -w b3}) out ("ReqNodeNotAvail,
     * May be reserved for other job").
     */
    private boolean testOnlyPickAccepts(Cluster cluster, JobRequest spec, List<String> missing) {
        Suggestion onLeft = policy.suggest(ClusterState.empty(cluster),
                spec.toBuilder().exclude(excludedWith(spec, missing)).build());
        return onLeft instanceof Suggestion.Pending p && p.reason() == PendingReason.RESOURCES;
    }

    /**
     * The test-only pick of an {@code --exclusive=topo} job on the nodes left in the pass, as the job without the
     * option and with the other nodes excluded. cons_tres {@code job_test} ({@code select/cons_tres/job_test.c},
     * 26.05 {@code _job_test}) returns from its test 0 in {@code SELECT_MODE_TEST_ONLY} before {@code
     * _block_by_topology}, the only step where {@code WHOLE_TOPO} acts (it takes the base blocks of running jobs out
     * of the node map), and a node out of the pass is only absent from the map given to the test, not a job's node:
     * so the base block of a node left in the pass is usable there whatever runs beside it. Own case yamlfz43 y12
     * ({@code -p blk -N1 --gpus-per-node=1 --exclusive=topo} behind y10, whose blocked blk2 takes every node of blk
     * but d3 out of the pass; d3 runs y8, its base block b2 also holds d2): real 26.05.5 {@code Resources}
     * ({@code ESLURM_NODES_BUSY}: {@code runable_avail} true), not {@code ReqNodeNotAvail}.
     */
    private static JobRequest testOnlyOfExclusiveTopo(JobRequest spec, List<String> missing) {
        return spec.toBuilder().exclusiveTopo(false).exclude(excludedWith(spec, missing)).build();
    }

    /** The job's own {@code -x} nodes, then the nodes out of the pass, each once: the test-only pick's exclusions. */
    private static List<String> excludedWith(JobRequest spec, List<String> missing) {
        Set<String> excluded = new LinkedHashSet<>(spec.exclude());
        excluded.addAll(missing);
        return List.copyOf(excluded);
    }

    /**
     * {@code _pick_best_nodes}' {@code nodes_busy}: the node filtered out by {@code idle_node_bitmap} or {@code
     * share_node_bitmap}.
     */
    private boolean passedOverAsBusy(JobRequest spec, String host) {
        for (Map.Entry<String, Placement> e : ctl.state.running().entrySet()) {
            boolean there = e.getValue().hosts().stream().anyMatch(a -> a.host().equals(host));
            if (there && (spec.exclusive() || ctl.state.hold(e.getKey()) == ClusterState.Hold.WHOLE_NODES)) {
                return true;
            }
        }
        return false;
    }
}
