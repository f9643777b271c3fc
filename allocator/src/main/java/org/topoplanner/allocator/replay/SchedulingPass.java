package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * One pass of {@code sched/builtin} over the queue ({@code schedule} in {@code slurmctld/job_scheduler.c}), with
 * the node map it keeps ({@code avail_node_bitmap}) and the partitions it blocks ({@code fail_by_part}). Its own
 * class because every step ends in one and the submission, the cancel and the clock all ask for it.
 */
final class SchedulingPass {
    private final ControllerState ctl;
    private final PlacementPolicy policy;
    private final Map<String, ReplayJob> queue;
    private final List<String> passStarted;
    private final Map<JobRequest, Suggestion> onEmptyCluster;
    private final NodesOutOfPass nodesOutOfPass;

    SchedulingPass(ControllerState ctl, UnseenStarts unseen) {
        this.ctl = ctl;
        this.policy = ctl.policy;
        this.queue = ctl.queue;
        this.passStarted = unseen.passStarted;
        this.onEmptyCluster = ctl.onEmptyCluster;
        this.nodesOutOfPass = new NodesOutOfPass(ctl);
    }

    /** {@code count} passes one after another: the further passes a timed run logged ({@link MeasuredRun#furtherPasses}). */
    void scheduleTimes(int count) {
        for (int i = 0; i < count; i++) {
            schedule();
        }
    }

    /**
     * One pass of {@code sched/builtin} over the queue ({@code schedule} in {@code slurmctld/job_scheduler.c}).
     * A job that cannot start blocks every later one ({@code fail_by_part}), except a job whose {@code -w}
     * nodes cover its node count: it only takes its nodes out of the pass ("Do not schedule more jobs on nodes
     * required by this job, but don't block the entire queue/partition"), so later jobs are looked at on the
     * other nodes.
     */
    void schedule() {
        schedule(Set.of());
    }

    /**
     * One pass while {@code completing} nodes are still COMPLETING (a cancelled job's epilog has not ended):
     * {@code _pick_best_nodes} ({@code node_scheduler.c}) leaves them out of every job's node sets.
     */
    void schedule(Set<String> completing) {
        // partitions whose queue a waiting job blocked (PART_FLAG_SCHED_FAILED), and the nodes out of this pass:
        // those of a blocked partition and those a pending -w job keeps (avail_node_bitmap)
        Set<String> failed = new HashSet<>();
        Set<String> out = new HashSet<>();
        ClusterState pass = completing.isEmpty() ? ctl.state : ctl.state.with(new Placement(" completing",
                completing.stream().sorted().map(h -> HostAllocation.of(h, List.of(),
                        org.topoplanner.model.cpu.CpuSet.empty())).toList()), ClusterState.Hold.WHOLE_NODES);
        List<Partitions.QueueRecord> records = Partitions.queueRecords(ctl.state.cluster(), queue.keySet(),
                k -> queue.get(k).spec, (r, p) -> policy.keptToPartition(ctl.state.cluster(), r, p));
        Set<Partitions.QueueRecord> heldRecords = limitsOfSeveralPartitions(records);
        for (Partitions.QueueRecord r : records) {
            if (!queue.containsKey(r.job())) {
                continue; // started by its record in another partition (schedule: "started in other part/qos")
            }
            if (heldRecords.contains(r)) {
                continue; // build_job_queue made no record for it (limitsOfSeveralPartitions)
            }
            ReplayJob j = queue.get(r.job());
            if (j.heldForGood) {
                continue; // priority 0: no queue record, the reason kept (TopologyNeverRunnableHold)
            }
            JobRequest spec = r.spec();
            SlurmPartition part = Partitions.of(ctl.state.cluster(), spec);
            String partName = part == null ? "" : part.name();
            String limit = heldByLimit(spec);
            if (limit != null) {
                // build_job_queue (job_scheduler.c, all three releases) leaves out a job job_limits_check holds, and
                // _job_runnable_test2 sets the limit's own reason, whatever blocked its partition (own probe c26l1
                // b1, b2, b5: PartitionNodeLimit or PartitionConfig behind the pending p1, 26.05.5)
                j.reason = limit;
                continue;
            }
            if (failed.contains(partName)) {
                // schedule() (job_scheduler.c, 22.05 _failed_partition, 24.11 and 26.05 PART_FLAG_SCHED_FAILED) words
                // the job Priority only over WAIT_NO_REASON and WAIT_RESOURCES (a topology plugin's or "Nodes
                // required ..." text is WAIT_RESOURCES with a state_desc) and "retains previous scheduling Reason"
                // otherwise: a partition limit another record's build left (own probes c26l7, c26l8 m9: -p gpu,cpu
                // -N3 with gpu blocked ends PartitionNodeLimit, cpu's limit, in all three releases)
                if (!ReasonText.keptByBlockedPartition(j.reason)) {
                    j.reason = PendingReason.PRIORITY.slurmName();
                }
                continue;
            }
            if (RequiredNodesStillOut.skips(j.reason, spec.nodelist(), out)) {
                continue;
            }
            int minNodes = spec.minNodes() == null ? 1 : spec.minNodes();
            // a job larger than its partition waits for its limit before this (job_limits_check: PartitionConfig)
            if (availableIn(part, out) < minNodes && minNodes <= availableIn(part, Set.of())) {
                // too few of the partition's nodes are left in this pass: job_scheduler.c names the cause and
                // blocks the partition (own cases yamlfz02 y24, yamlfz05 y27: a tree-partition job behind a
                // block-partition job that waits on the same nodes, 26.05.5)
                j.reason = PendingReason.NODES_UNAVAILABLE.slurmName();
                pass = leaveOut(pass, failed, out, partName, part);
                continue;
            }
            if (j.spec.partitions().size() > 1 && !Partitions.holdsRequiredNodes(ctl.state.cluster(), spec)) {
                // a record in a partition without the job's -w nodes: select_nodes' _nodes_in_sets fails and jumps to
                // cleanup before _pick_best_nodes could answer ESLURM_NODE_NOT_AVAIL for nodes out of the pass, so
                // schedule() logs it "non-runnable in partition" and the job keeps the reason its other record left
                // (node_scheduler.c select_nodes, job_scheduler.c schedule; 22.05, 24.11, 26.05). Own case featfz7
                // f14 (22.05.8): -w a4 -p mix,fat with a4 busy and outside mix waits Resources from fat, not
                // "ReqNodeNotAvail, UnavailableNodes:a4". Its -w nodes still leave the pass (schedule's last test).
                pass = withoutItsNodes(pass, r.job(), spec, out);
                continue;
            }
            List<String> taken = spec.nodelist().stream().filter(out::contains).toList();
            String notAvail = taken.isEmpty() ? null : policy.requiredNodesOutOfPass(taken);
            if (notAvail != null) {
                // ESLURM_NODE_NOT_AVAIL: the job is not looked at, blocks nothing, and its nodes stay out
                j.reason = notAvail;
                if (holdsOnlyItsNodes(spec)) {
                    out.addAll(spec.nodelist());
                }
                continue;
            }
            // A blocked queue head is asked again on every event; when neither the state nor the clock moved
            // (a submission behind it), the answer cannot have changed: policies are pure functions of both.
            Suggestion s = j.askedIn == pass && j.askedAt == ctl.now && j.askedFor == spec ? j.asked
                    : policy.suggest(pass, spec);
            j.asked = s;
            j.askedFor = spec;
            j.askedIn = pass;
            j.askedAt = ctl.now;
            JobRequest ranIn = Partitions.ranIn(j.spec, spec);
            if (s instanceof Suggestion.Placed p) {
                start(r.job(), j, p.placement(), ranIn);
                pass = pass == ctl.state ? ctl.state : Partitions.started(pass, p.placement(), j.hold(),
                        policy.memoryHeldBy(pass.cluster(), ranIn, p.placement()), ranIn, false);
                queue.remove(r.job());
            } else if (s instanceof Suggestion.Waiting w && ctl.now - j.submitted >= w.maxWait().toMillis() / 1000.0) {
                start(r.job(), j, w.placement(), ranIn);
                pass = pass == ctl.state ? ctl.state : Partitions.started(pass, w.placement(), j.hold(),
                        policy.memoryHeldBy(pass.cluster(), ranIn, w.placement()), ranIn, false);
                queue.remove(r.job());
            } else {
                j.reason = s instanceof Suggestion.Pending p ? p.reason().slurmName()
                        : PendingReason.RESOURCES.slurmName();
                if (s instanceof Suggestion.Pending p && !p.reason().blocksJobsBehind()) {
                    continue;
                }
                if (TopologyNeverRunnableHold.holds(policy, s)) {
                    // 24.11's last error branch of schedule(): FAIL_BAD_CONSTRAINTS, priority 0, no fail_by_part
                    j.reason = TopologyNeverRunnableHold.REASON;
                    j.heldForGood = true;
                    continue;
                }
                boolean nonRunnableInPart = s instanceof Suggestion.Impossible && j.spec.partitions().size() > 1;
                String outOfPass = nonRunnableInPart ? null : nodesOutOfPass.reason(spec, part, out);
                if (outOfPass != null) {
                    // ESLURM_NODE_NOT_AVAIL: not fail_by_part, so the job blocks nothing behind it
                    j.reason = outOfPass;
                    continue;
                }
                if (holdsOnlyItsNodes(spec)) {
                    pass = withoutItsNodes(pass, r.job(), spec, out);
                } else if (nonRunnableInPart) {
                    // a record in a partition that never holds the job (ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE with
                    // part_ptr_list) is only logged "non-runnable in partition" by schedule() (job_scheduler.c, 22.05,
                    // 24.11, 26.05): no fail_by_part, so the jobs behind it still run there (own probe c16b1 b9)
                    continue;
                } else {
                    pass = leaveOut(pass, failed, out, partName, part);
                }
            }
        }
    }

    /**
     * {@code build_job_queue}'s limit test of each job of several partitions ({@code job_scheduler.c}, 22.05, 24.11 and
     * 26.05 alike): for each partition of its {@code part_ptr_list}, in {@code PriorityTier} order, it sets
     * {@code part_ptr} and runs {@code _job_runnable_test2}, whose {@code job_limits_check} failing sets that limit as
     * the job's reason and leaves the partition without a queue record, and passing clears only a partition reason
     * ({@code part_policy_job_runnable_state} in 22.05, {@code JSR_PART} in 24.11 and 26.05: {@code
     * PartitionNodeLimit}, not {@code PartitionConfig}) to none. So the last partition decides: {@code -p gpu,cpu -N3}
     * with two nodes in cpu waits {@code PartitionNodeLimit} into the pass, {@code -p cpu,gpu -N3} with none. Returns
     * the records left out.
     */
    private Set<Partitions.QueueRecord> limitsOfSeveralPartitions(List<Partitions.QueueRecord> records) {
        Set<Partitions.QueueRecord> held = new HashSet<>();
        for (Partitions.QueueRecord r : records) {
            ReplayJob j = queue.get(r.job());
            if (j == null || j.spec.partitions().size() < 2 || r.spec() == j.spec) {
                continue;
            }
            PendingReason limit = policy.partitionLimit(ctl.state.cluster(), r.spec());
            if (limit != null) {
                j.reason = limit.slurmName();
                held.add(r);
            } else if (ReasonText.partitionState(j.reason)) {
                j.reason = null;
            }
        }
        return held;
    }

    /**
     * The reason {@code job_limits_check} holds the job with for good (a partition limit the policy answers on the
     * empty cluster: more CPUs or nodes than the partition, or memory past {@code MaxMemPer*}), or null.
     */
    private String heldByLimit(JobRequest spec) {
        Suggestion onEmpty = onEmptyCluster.get(spec.withName(""));
        if (onEmpty instanceof Suggestion.Pending p && (p.reason() == PendingReason.PARTITION_CONFIG
                || p.reason().partitionState() || p.reason() == PendingReason.MAX_MEM_PER_LIMIT)) {
            return p.reason().slurmName();
        }
        return null;
    }

    /** How many of the partition's nodes (every node without partitions) are still in the pass. */
    private int availableIn(SlurmPartition part, Set<String> out) {
        int n = 0;
        for (String h : ctl.state.cluster().hostNames()) {
            if ((part == null || part.holds(h)) && !out.contains(h)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Blocks a partition for the rest of the pass ({@code fail_by_part}): its later jobs wait with
     * {@code Priority}, and its nodes leave the pass for jobs of other partitions ({@code bit_and_not(
     * avail_node_bitmap, part_ptr->node_bitmap)}).
     */
    private ClusterState leaveOut(ClusterState pass, Set<String> failed, Set<String> out,
                                  String partName, SlurmPartition part) {
        failed.add(partName);
        List<HostAllocation> gone = new ArrayList<>();
        for (String h : ctl.state.cluster().hostNames()) {
            if ((part == null || part.holds(h)) && out.add(h)) {
                gone.add(HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()));
            }
        }
        return gone.isEmpty() || part == null ? pass
                : pass.with(new Placement(" blocked " + partName, gone), ClusterState.Hold.WHOLE_NODES);
    }

    /**
     * The pass after a failed record of a job whose {@code -w} nodes cover its node count ({@link #holdsOnlyItsNodes}):
     * schedule() takes those nodes out of {@code avail_node_bitmap} after any failure, the record of a partition that
     * never holds the job too, so the job's later records find them out of the pass (own case featfz1 f57, {@code -w b1
     * -p fat,all} with b1 outside fat: ReqNodeNotAvail for good). Unchanged for any other job, or when they are out.
     */
    private static ClusterState withoutItsNodes(ClusterState pass, String key, JobRequest spec,
            Set<String> out) {
        if (!holdsOnlyItsNodes(spec) || out.containsAll(spec.nodelist())) {
            return pass;
        }
        out.addAll(spec.nodelist());
        return pass.with(new Placement(" -w " + key, spec.nodelist().stream()
                .map(h -> HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()))
                .toList()), ClusterState.Hold.WHOLE_NODES);
    }

    /**
     * A pending job that blocks only its {@code -w} nodes: they cover its node count ({@code min_nodes}), as
     * slurmctld has it: sbatch lowers {@code -N} to {@code -n} when there are fewer tasks than nodes ("can't run 1
     * processes on 2 nodes, setting nnodes to 1", {@code sbatch/opt.c} {@code _opt_verify}, 22.05.8, 24.11.5 and
     * 26.05.5). Own probe c24h2 (cmx2 up to m50, real 24.11.5): m45 {@code -w b1 -N2 -n1} waits on b1 and the jobs
     * behind it (m47-m50) start in the same pass.
     */
    static boolean holdsOnlyItsNodes(JobRequest spec) {
        int minNodes = spec.minNodes() == null ? 1 : spec.minNodes();
        if (spec.ntasks() != null && spec.ntasks() < minNodes) {
            minNodes = spec.ntasks();
        }
        return !spec.nodelist().isEmpty() && spec.nodelist().size() >= minNodes;
    }

    /** Starts the job at {@code p} in the partition of the record that placed it ({@code ranIn}, Partitions.ranIn). */
    private void start(String name, ReplayJob j, Placement p, JobRequest ranIn) {
        passStarted.add(name);
        j.placement = p;
        j.reason = null;
        j.forgetAnswer();
        // the topology of its partition widens an --exclusive=topo job's nodes for every other job (PartitionTopology)
        ctl.state = Partitions.started(ctl.state, p, j.hold(), policy.memoryHeldBy(ctl.state.cluster(), ranIn, p),
                ranIn, true);
    }
}
