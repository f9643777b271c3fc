package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test of a job at submission ({@code job_allocate} with {@code allocate == 0}, so {@code select_nodes}
 * test-only): whether it passes on the nodes usable now, and the reason it leaves on a job that is not started.
 * Apart from the pass because it sees the nodes as the test does, not as they are.
 */
final class SubmitTest {
    private final ControllerState ctl;
    private final PlacementPolicy policy;
    private final Map<String, ReplayJob> jobs;
    private final Set<String> startedUnseen;
    private final Map<JobRequest, Suggestion> onEmptyCluster;

    SubmitTest(ControllerState ctl, UnseenStarts unseen) {
        this.ctl = ctl;
        this.policy = ctl.policy;
        this.jobs = ctl.jobs;
        this.startedUnseen = unseen.startedUnseen;
        this.onEmptyCluster = ctl.onEmptyCluster;
    }

    /**
     * The reason sbatch refuses the job with ("never runnable", {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}), or
     * null when it accepts it. A batch job is only ever tested at submission: {@code job_allocate} ({@code
     * slurmctld/job_mgr.c}) sets {@code test_only} for {@code allocate == 0} (22.05.8 and 24.11.5; 26.05 {@code
     * !allocate}) and hands it on as {@code no_alloc} through {@code _select_nodes_parts} and {@code select_nodes} to
     * {@code _pick_best_nodes}, whose picks are then all {@code SELECT_MODE_TEST_ONLY}, top priority or not: never one
     * on the nodes as they are now. So the job is refused when the test fails on the nodes usable now ({@link
     * #passesOnUsableNodes}) and on the whole map (the empty cluster's answer {@code onEmpty}: {@code Impossible}).
     * Until r20d the replay also accepted a job of an empty queue that the busy cluster places (a pick Slurm makes only
     * in its pass), for blockfz07 k7 ({@code -N3 --gpus=10}, 24.11.5 and 26.05.5); that k7 is accepted without it, and
     * no stored line moves.
     */
    String refusal(Suggestion onEmpty, JobRequest spec) {
        return onEmpty instanceof Suggestion.Impossible imp && !passesOnUsableNodes(spec) ? imp.reason() : null;
    }

    /**
     * Whether sbatch's test passes on the nodes usable now though the whole map refuses the job. {@code
     * _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, 22.05.8, 24.11.5 and 26.05.5 alike) first tests the job
     * ({@code SELECT_MODE_TEST_ONLY}, every resource free) on its node sets after {@code bit_and(avail_bitmap,
     * share_node_bitmap)} (for an {@code --exclusive} job {@code idle_node_bitmap}), so without the nodes an {@code
     * --exclusive} job holds, and returns success there before it ever tries the whole map ({@code total_bitmap},
     * {@code runable_ever}); only when both fail is the job "never runnable". Leaving nodes out changes the node
     * weight groups the block plugin takes whole ({@code eval_nodes_block}'s {@code req2_nodes_bitmap}, {@code
     * max_llblock}), so the first test can pass where the whole map fails: own case yamlfz44 y6 ({@code -p blk -x p2
     * -N11 -n11 -c4 --gpus-per-node=1}, y1 {@code -N5 --exclusive} on base block b1): real 26.05.5 runs it at
     * submission on b2, b3 and b5, behind pending jobs, where on the idle map the eleven weight-1 nodes span four base
     * blocks and {@code max_llblock} (3) leaves at most nine: own probe c19y1 (26.05.5) refuses a1, the same request,
     * on the idle cluster and accepts a4 beside an {@code --exclusive} job on b1. False when nothing runs (the whole
     * map is then the only test).
     */
    private boolean passesOnUsableNodes(JobRequest spec) {
        if (ctl.state.running().isEmpty()) {
            return false;
        }
        Suggestion s = policy.suggest(ctl.state.seenBySubmitTest(spec.exclusive(), spec.nodelist()), spec);
        return s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting;
    }

    /**
     * The reason a job behind pending ones shows at submission: {@code job_allocate} only tests it
     * ({@code select_nodes} with {@code test_only}), yet that test runs on the nodes usable now
     * ({@code _pick_best_nodes}: idle ones for an {@code --exclusive} job, else those no {@code --exclusive} job
     * holds), each with all its resources; when the job does not fit there the reason is {@code Resources}
     * (26.05: the topology plugin's reason when it ran and failed) instead of {@code Priority}. Own cases
     * blockfz02 k22, k23 ({@code -N2 --exclusive} and {@code -N1 --exclusive} with too few idle nodes, 24.11.5 and
     * 26.05.5), blockfz04 k27 under 26.05.5 ({@code No_suitable_topology_unit_found_for_segment}), and jobs naming
     * a node an {@code --exclusive} job holds (fuzz02 f45, blockfz06 k16). Asked only for a job the empty cluster
     * places: one it keeps waiting passed Slurm's own test (else sbatch had refused it), which the emulation cannot
     * repeat on the usable nodes (cpumix m18 under 24.11.5 shows {@code Priority}). The replay starts every job the
     * pass can start before the next submission; when the real pass ran later than that, the job shows
     * {@code Priority} on nodes still free (fuzz04 f10, f23): the jobs that pass started are left out of the test
     * ({@link UnseenStarts#startedUnseen}; blockfz04 k34 under 26.05.5 but not 24.11.5 stays a race of the
     * harness's look).
     */
    String submitTest(JobRequest spec) {
        // the jobs the replay's own pass started just before have mostly not started yet in slurmctld
        ClusterState seen = ctl.state;
        for (String k : startedUnseen) {
            ReplayJob j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null) {
                seen = seen.without(k);
            }
        }
        ClusterState test = seen.seenBySubmitTest(spec.exclusive(), spec.nodelist());
        List<Partitions.QueueRecord> records = Partitions.queueRecords(ctl.state.cluster(), List.of(spec.name()),
                k -> spec, (r, p) -> policy.keptToPartition(ctl.state.cluster(), r, p));
        if (records.size() > 1) {
            return submitTestOfParts(test, records, spec);
        }
        Suggestion s = policy.suggest(test, spec);
        if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
            return PendingReason.PRIORITY.slurmName();
        }
        return s instanceof Suggestion.Pending p ? p.reason().slurmName() : PendingReason.RESOURCES.slurmName();
    }

    /**
     * sbatch's test of a job of several partitions: {@code _select_nodes_parts} ({@code job_mgr.c}) in test-only mode
     * tries the partitions in {@code PriorityTier} order and stops at the first that can run the job now (the test
     * passes) or whose nodes are busy ({@code ESLURM_NODES_BUSY}: "if (test_only) return SLURM_SUCCESS", 24.11 and
     * 26.05 {@code _select_nodes_base}, 22.05 {@code _select_nodes_parts_resvs}), so a busy first partition leaves
     * {@code Resources} even where a later one is free; a partition that can never hold the job is passed over. A
     * partition limit ({@code job_limits_check}) is tested test-only in 22.05 and 24.11 and so stops there too, but
     * for a node range outside the partition's {@code MinNodes}..{@code MaxNodes} ({@code get_node_cnts}), which
     * leaves {@code PartitionNodeLimit} and goes on;
     * 26.05 skips the node test after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT} and goes on. Own
     * probes c26l8 m1, m5, m6 (22.05.8, 24.11.5).
     *
     * <p>A partition that can never hold the job ({@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}) is passed over,
     * but its {@code select_nodes} has already written {@code WAIT_RESOURCES} on the job (the last {@code else} of
     * its error branch, {@code node_scheduler.c}, all three releases), and a later partition that passes the test
     * leaves that reason as it is ({@code if (test_only) { error_code = SLURM_SUCCESS; goto cleanup; }}), as does
     * {@code _select_nodes_parts} on success: so the harness reads {@code Resources} at submission, over
     * {@code _top_priority}'s {@code Priority} too, and the pass the submission queued starts the job (own probe
     * c12g1 a4, {@code -p cpu,gpu -N1 --gpus=2} with cpu's nodes without GPUs, all three releases). Not so a
     * partition without the job's {@code -w} nodes: {@code select_nodes}' {@code _nodes_in_sets} test fails there and
     * jumps to {@code cleanup} before that error branch (22.05, 24.11, 26.05), so it writes no reason (own case
     * featfz1 f57, {@code -w b1 -p fat,all} with b1 outside fat: {@code ReqNodeNotAvail} at submission in every
     * release).
     */
    private String submitTestOfParts(ClusterState test, List<Partitions.QueueRecord> records, JobRequest spec) {
        boolean skipsLimits = policy.slurmRelease().map(v -> v.atLeast(org.topoplanner.model.slurm.SlurmVersion.V26_05))
                .orElse(true);
        String passedOver = null;
        for (Partitions.QueueRecord r : records) {
            // each record is tried as a partition of the job's part_ptr_list (PlacementPolicy.suggestRecord)
            Suggestion s = policy.suggestRecord(test, r.spec());
            if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
                return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
            }
            if (s instanceof Suggestion.Impossible && Partitions.holdsRequiredNodes(test.cluster(), r.spec())) {
                passedOver = PendingReason.RESOURCES.slurmName();
            }
            if (s instanceof Suggestion.Pending p && p.reason() == PendingReason.PARTITION_TIME_LIMIT) {
                // the test-only pick after a failed MaxTime runs on the nodes usable now (_select_nodes_base, 24.11
                // and 26.05; 22.05 _select_nodes_parts_resvs): one that fits ends the search as "can run now" (own
                // probe c18d1 e3, -p tl,cpu --time=20: no reason at submission, started in cpu by the pass); busy
                // nodes (ESLURM_NODES_BUSY) end it as rc_best, "if (test_only) return SLURM_SUCCESS", and
                // _select_nodes_parts words WAIT_RESOURCES (lead's case featfz25 f46, -w b3 -p fat,short --time=60
                // with b3 held by the --exclusive f5: Resources at submission in 24.11.5 and 26.05.5); one that
                // never fits is passed over
                Suggestion picked = policy.suggestRecord(test, policy.pastMaxTimePick(r.spec()));
                if (picked instanceof Suggestion.Placed || picked instanceof Suggestion.Waiting) {
                    return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
                }
                if (picked instanceof Suggestion.Pending busy) {
                    return busy.reason().slurmName();
                }
                if (Partitions.holdsRequiredNodes(test.cluster(), r.spec())) {
                    passedOver = PendingReason.RESOURCES.slurmName();
                }
                continue;
            }
            if (s instanceof Suggestion.Pending p && p.reason() == PendingReason.RESOURCES
                    && passesTestNeverRuns(r.spec())) {
                // the policy's Slurm accepts the job in this partition though no pick there ever starts it (26.05's
                // _get_one_res sums a one-node job's GPUs over the nodes it tests, SlurmBlockPolicy.oneNodeGpusAddUp):
                // the test-only pick succeeds, so _select_nodes_parts stops here with success and no reason, and the
                // pass the submission queued tries the later partitions (own case featfz5 f36, -p all,mix -N1
                // --gpus=8 with mix's nodes of 4 GPUs: RUNNING at submission on a2 of all, 26.05.5)
                return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
            }
            JobRequest plain = spec.toBuilder().partition(r.spec().partition()).build();
            if (!skipsLimits && s instanceof Suggestion.Pending p && p.reason() == PendingReason.PARTITION_NODE_LIMIT
                    && !Objects.equals(plain.minNodes(), r.spec().minNodes())) {
                // held by the list's node minimum (keptToPartition): the test-only pick after the failed limit runs
                // on get_node_cnts' range (the partition's MinNodes, no maximum): one that fits now ends the search
                // without a reason, a busy one with Resources, one that never fits is passed over (22.05
                // _select_nodes_parts_resvs, 24.11 _select_nodes_base; lead's case featfz16 f48, -p mix,all:
                // Priority at submission in 22.05.8); the job keeps the list's minimum as its own there
                // (PlacementPolicy.suggestPastListMinimum: own probe c28f1 p1, -p all,mix --gpus=6 --ntasks-per-gpu=1
                // -c2 on the idle cluster, never runnable in mix, so Resources at submission in 22.05.8)
                Suggestion picked = policy.suggestPastListMinimum(test, plain, r.spec().minNodes());
                if (picked instanceof Suggestion.Placed || picked instanceof Suggestion.Waiting) {
                    return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
                }
                if (picked instanceof Suggestion.Pending) {
                    return PendingReason.RESOURCES.slurmName();
                }
                if (Partitions.holdsRequiredNodes(test.cluster(), plain)) {
                    // a pick that never fits is passed over, but select_nodes' error branch has written
                    // WAIT_RESOURCES over _top_priority's WAIT_PRIORITY, and a later partition whose test passes
                    // leaves it (the c12g1 a4 rule below, here after the failed limit; lead's case featfz16r f27,
                    // -p mix,all --gpus=8 --exclusive with all's a4 idle: Resources at submission in 24.11.5)
                    passedOver = PendingReason.RESOURCES.slurmName();
                }
                continue;
            }
            if (s instanceof Suggestion.Pending p) {
                boolean limit = p.reason() == PendingReason.PARTITION_CONFIG
                        || p.reason() == PendingReason.PARTITION_NODE_LIMIT;
                if (!limit) {
                    return p.reason().slurmName();
                }
                if (!skipsLimits && policy.nodeRangeOutsidePartition(test.cluster(), r.spec())) {
                    // the test-only pick after the failed limit stops in get_node_cnts: select_nodes writes
                    // WAIT_PART_NODE_LIMIT and answers ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE, which neither runs
                    // nor is busy, so the search goes on and a later partition whose test passes leaves that reason
                    // (22.05 _select_nodes_parts_resvs, 24.11 _select_nodes_base; own case featfz12 f85, -p all,fat
                    // -N3 with fat MaxNodes=2 tried first: PartitionNodeLimit at submission in 22.05.8 and 24.11.5,
                    // started in all by the next pass)
                    passedOver = PendingReason.PARTITION_NODE_LIMIT.slurmName();
                    continue;
                }
                if (!skipsLimits) {
                    return PendingReason.RESOURCES.slurmName();
                }
            }
        }
        return PendingReason.RESOURCES.slurmName();
    }

    /**
     * Whether sbatch's test of this job of several partitions runs a pick in a partition the list's node minimum holds
     * ({@link PlacementPolicy#keptToPartition} gave a record a {@code -N} of its own): 22.05's
     * {@code _select_nodes_parts_resvs} and 24.11's {@code _select_nodes_base} ({@code job_mgr.c}) call
     * {@code select_nodes} test-only after the failed {@code job_limits_check} ({@code WAIT_PART_NODE_LIMIT}, default
     * {@code EnforcePartLimits=NO}), so the submission is worded by that pick ({@link #submitTestOfParts}: "can run
     * now" leaves {@code _top_priority}'s reason, {@code Priority} behind others and none ahead of all; busy nodes
     * {@code Resources}), not as a job one partition's limit holds ({@code heldAtSubmit}, whose 22.05
     * {@code PartitionConfig} is the path of a job of one partition, which calls no {@code select_nodes} after a failed
     * limit). 26.05's {@code _select_nodes_base} skips the pick after {@code WAIT_PART_NODE_LIMIT}: false there.
     * Lead's case featfz16 f54 and f81 ({@code -p mix,short} and {@code -p short,mix}, mix {@code MinNodes=2}, behind
     * pending jobs): {@code Priority} at submission in 22.05.8.
     */
    boolean picksAfterListMinimum(JobRequest spec) {
        if (policy.slurmRelease().map(v -> v.atLeast(org.topoplanner.model.slurm.SlurmVersion.V26_05)).orElse(true)
                || spec.minNodes() != null) {
            return false;
        }
        List<Partitions.QueueRecord> records = Partitions.queueRecords(ctl.state.cluster(), List.of(spec.name()),
                k -> spec, (r, p) -> policy.keptToPartition(ctl.state.cluster(), r, p));
        return records.size() > 1 && records.stream().anyMatch(r -> r.spec().minNodes() != null);
    }

    /**
     * Whether sbatch's test of this job of several partitions, held on the empty cluster by a partition's
     * {@code MaxTime} ({@code onEmpty}), runs a pick on the nodes usable now: 24.11's and 26.05's
     * {@code _select_nodes_base} ({@code job_mgr.c}) call {@code select_nodes} test-only after the failed
     * {@code WAIT_PART_TIME_LIMIT}, so busy nodes there leave {@code Resources} ({@link #submitTestOfParts}), not
     * {@code _top_priority}'s {@code Priority}. 22.05 words such a job {@code PartitionConfig}
     * ({@code heldAtSubmit}). Lead's case featfz25 f46 (24.11.5, 26.05.5).
     */
    boolean picksPastMaxTime(JobRequest spec, Suggestion onEmpty) {
        if (!(onEmpty instanceof Suggestion.Pending p) || p.reason() != PendingReason.PARTITION_TIME_LIMIT
                || !policy.slurmRelease().map(v -> v.atLeast(SlurmVersion.V24_11)).orElse(false)) {
            return false;
        }
        return Partitions.queueRecords(ctl.state.cluster(), List.of(spec.name()), k -> spec,
                (r, part) -> policy.keptToPartition(ctl.state.cluster(), r, part)).size() > 1;
    }

    /**
     * Whether the policy accepts {@code spec} (one partition of a job of several) yet leaves it waiting
     * {@code Resources} on the empty cluster: Slurm's test-only pick passes there, no pick ever starts it. Asked as a
     * job of that partition alone, the key of the submissions' cache: a record answers otherwise only when 22.05 tests
     * the nodes of a record past a limit ({@code PlacementPolicy.suggestRecord}), which then never waits
     * {@code Resources} on the busy cluster either, so this is not asked for it.
     */
    private boolean passesTestNeverRuns(JobRequest spec) {
        Suggestion onEmpty = onEmptyCluster.computeIfAbsent(spec.withName(""),
                r -> policy.suggest(ClusterState.empty(ctl.state.cluster()), spec));
        return onEmpty instanceof Suggestion.Pending p && p.reason() == PendingReason.RESOURCES;
    }

    /**
     * Whether sbatch's test is asked ({@link #submitTest}): for a job the empty cluster places, and for one whose pick
     * there has more nodes than its maximum (the policy's {@code ReqNodeNotAvail}), which that test on the usable
     * nodes repeats.
     */
    static boolean testedAtSubmit(Suggestion onEmpty) {
        return onEmpty instanceof Suggestion.Placed
                || onEmpty instanceof Suggestion.Pending p && p.reason() == PendingReason.REQ_NODE_NOT_AVAIL;
    }
}
