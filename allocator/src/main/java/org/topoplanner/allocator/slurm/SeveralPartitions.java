package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job submitted to several partitions ({@code -p a,b}), as slurmctld places it in 22.05, 24.11 and 26.05 alike.
 *
 * <p>{@code get_part_list} ({@code partition_mgr.c}) splits the list at commas, drops a repeated name and sorts the
 * partitions by {@code priority_sort_part_tier} (higher {@code PriorityTier} first; {@code list_sort} keeps the order
 * given among equal tiers); a name that is not a partition refuses the whole job ({@code _get_job_parts},
 * {@code ESLURM_INVALID_PARTITION_NAME}). {@code _select_nodes_parts} ({@code job_mgr.c}; 22.05 through
 * {@code _select_nodes_resvs}, 24.11 and 26.05 through {@code _foreach_select_nodes_part_list} and
 * {@code _select_nodes_base}) then tries each partition in that order: the first that can start the job now wins;
 * a partition whose nodes are busy ({@code ESLURM_NODES_BUSY}) is kept as {@code rc_best} (the first such) while the
 * search goes on for one that starts it now; one that can never hold the job ({@code
 * ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}) is passed over. Without a partition to start it, the job waits for the
 * first busy one's reason, else it gets the last partition's answer.
 */
final class SeveralPartitions {
    private SeveralPartitions() {
    }

    /**
     * True when {@code -p} is a list (a repeated name too: {@code -p gpu,gpu} is the job of {@code gpu}, as
     * {@code get_part_list} reads it) on a cluster that declares partitions.
     */
    static boolean applies(Cluster cluster, JobRequest request) {
        return request.partition() != null && request.partition().indexOf(',') >= 0 && !request.partitions().isEmpty()
                && !PartitionTable.of(cluster).partitions().isEmpty();
    }

    /**
     * {@code request} as the job of its one partition when its {@code -p} list names only one ({@code -p gpu,gpu}):
     * {@code get_part_list} ({@code partition_mgr.c}) drops the repeated name, and a list left with one partition is
     * freed ({@code _get_job_parts} in 22.05.8, {@code get_part_list} itself in 26.05.5), so the job has
     * {@code part_ptr} and no {@code part_ptr_list}: a job of one partition, which 22.05 holds past a limit without
     * testing its nodes ({@link NodesOutsidePartition}). Own probe c27a1 q6, q7, q8, q20 ({@code -w c2 -p short,short
     * --time=60}, {@code -w a1 -p mix,mix -N1}, ...): held as q1, q2, q4 in 22.05.8.
     */
    static JobRequest folded(JobRequest request) {
        List<String> names = request.partitions();
        return names.size() == 1 && !names.get(0).isEmpty() && !names.get(0).equals(request.partition())
                ? request.toBuilder().partition(names.get(0)).build() : request;
    }

    /**
     * The answer for a job of several partitions under {@code version}: {@code inOne} answers the job kept to one
     * partition (the request with that partition alone), tried in Slurm's order.
     *
     * <p>22.05 tests the nodes of a partition whose limits fail: its {@code _select_nodes_parts_resvs}
     * ({@code job_mgr.c}) calls {@code select_nodes} test-only after a failed {@code job_limits_check} under the default
     * {@code EnforcePartLimits=NO}, and for more nodes or CPUs than the partition has, {@code _pick_best_nodes}
     * ({@code node_scheduler.c}) finds the job never runnable there ({@code runable_ever} false:
     * {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}). So a job past every partition it names is refused at
     * submission ({@code job_allocate}: "Requested node configuration is not available"), where a job of one such
     * partition is held {@code PartitionConfig} (that path calls {@code select_nodes} only when the limits pass). Own
     * probe c26l8 m10 ({@code -p cpu,gpu -N4} on two and three nodes): refused by 22.05.8, held by 26.05.5, whose
     * {@code _select_nodes_base} skips the node test after those limits.
     */
    static Suggestion suggest(Cluster cluster, JobRequest request, SlurmVersion version,
                              Function<JobRequest, Suggestion> inOne) {
        List<String> order = slurmOrder(cluster, request);
        if (order == null) {
            // _get_job_parts (job_mgr.c, 22.05 to 26.05) sends back the first name that is no partition as err_msg
            return new Suggestion.Impossible("Invalid partition name specified: invalid partition specified: "
                    + unknownName(cluster, request));
        }
        // _get_job_parts: _alt_part_test drops a partition that takes no submissions (State=DRAIN or INACTIVE) from
        // the list, and refuses the job when none is left (own probe c18d1 b4, -p dr,cpu runs in cpu)
        order = order.stream().filter(n -> PartitionLimits.of(cluster, partitionNamed(cluster, n)).state()
                .takesSubmissions()).toList();
        if (order.isEmpty()) {
            return new Suggestion.Impossible(PartitionLimits.NOT_AVAILABLE);
        }
        Suggestion busy = null;
        Suggestion last = null;
        Suggestion lastTested = null;
        Suggestion heldRunnable = null;
        for (String name : order) {
            JobRequest one = keptTo(cluster, request, name);
            Suggestion s = neverRunnableAfterLimit(cluster, one, version)
                    ? new Suggestion.Impossible("Requested node configuration is not available")
                    : inOne.apply(one);
            if (one.minNodes() != null && request.minNodes() == null && !version.atLeast(SlurmVersion.V26_05)) {
                // held by the list's node minimum (keptTo): 22.05 and 24.11 still run the test-only pick, on
                // get_node_cnts' range (this partition's MinNodes, no maximum); one that ever fits ends the search
                // ("can run now" or busy under test_only), though no pass ever starts the job here: a later
                // partition's pass record may, but one that never holds it no longer refuses it
                Suggestion picked = inOne.apply(request.toBuilder().partition(name).build());
                if (picked instanceof Suggestion.Impossible) {
                    s = picked;
                } else if (heldRunnable == null) {
                    heldRunnable = s;
                }
            }
            boolean skipped = skipsNodeTest(cluster, one, version);
            if (skipped) {
                // 26.05 keeps the rc of the last partition whose nodes it tested (skipsNodeTest)
                s = lastTested instanceof Suggestion.Impossible ? lastTested : s;
            } else {
                lastTested = s;
            }
            if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
                return s;
            }
            if (s instanceof Suggestion.Pending p && p.reason() == PendingReason.PARTITION_TIME_LIMIT) {
                s = neverRunnableThere(one, inOne, s);
            }
            if (s instanceof Suggestion.Pending p && p.reason().partitionState()) {
                // a partition reason holds the job out of this partition, not busy nodes: MaxNodes or MinNodes past
                // the job's node count (get_node_cnts' max_nodes below min_nodes, ESLURM_REQUESTED_PART_CONFIG_
                // UNAVAILABLE, passed over as a partition that never holds the job), MaxTime or State=DOWN (the
                // test-only pick passes and ends the submission's search, but no pass ever starts the job there: the
                // pass's record of the next partition does; the submission's own word is SubmitTest.submitTestOfParts).
                // Own probe c18d1 a5 (-p gpu,cpu -N3) refused by 22.05.8 and 24.11.5, b5 (-p dn,cpu) and e3 (-p
                // tl,cpu --time=20) started in cpu, every release
                last = s;
                continue;
            }
            if (skipped) {
                // no select_nodes ran, so no ESLURM_NODES_BUSY became rc_best: a later partition's tested rc decides
                // (skipsNodeTest; own case featfz17 f69, 26.05.5)
                last = s;
                continue;
            }
            if (s instanceof Suggestion.Pending && busy == null) {
                busy = s;
            }
            last = s;
        }
        if (busy == null && last instanceof Suggestion.Impossible && heldRunnable != null) {
            return heldRunnable;
        }
        return busy != null ? busy : last;
    }

    /**
     * The job as the record of one of its partitions: {@code -p name}, with the node minimum {@code _valid_job_part}
     * ({@code job_mgr.c}, 22.05.8, 24.11.5 and 26.05 alike) gave the whole job. For a job of several partitions it
     * takes the lowest {@code min_nodes_orig} of the list ({@code MIN} over {@code part_ptr_list}; a partition without
     * {@code MinNodes} counts 1) and sets a job without {@code -N} to it; {@code job_limits_check} then tests that one
     * {@code details->min_nodes} against each partition's {@code MinNodes} ({@code _part_access_check}, 24.11/26.05
     * {@code _qos_part_check}: {@code ESLURM_INVALID_NODE_COUNT}, {@code WAIT_PART_NODE_LIMIT}), so a partition whose
     * {@code MinNodes} is above the list's lowest never runs the job. Such a record carries that minimum as its
     * {@code -N}, which {@link JobLimitsCheck} holds; any other record is the job with {@code -p name}. Lead's case
     * featfz16 f76 ({@code -p mix,short -n6 -c5 --gpus-per-task=1}, mix {@code MinNodes=2}, short past its
     * {@code MaxCPUsPerNode}): never started, {@code PartitionConfig} (short's, the last record) in every release. A
     * {@code -w} job's minimum is its node count: featfz26 f48 ({@code -w a3 -p all,mix}, a3 outside mix): mix's record
     * is held, so no failed record takes a3 out of the pass ({@code schedule}), and all's starts it in every release.
     */
    static JobRequest keptTo(Cluster cluster, JobRequest request, String name) {
        JobRequest one = request.toBuilder().partition(name).build();
        if (request.minNodes() != null) {
            return one;
        }
        int listMin = Integer.MAX_VALUE;
        for (String n : request.partitions()) {
            SlurmPartition p = partitionNamed(cluster, n);
            if (p == null) {
                return one;
            }
            listMin = Math.min(listMin, Math.max(1, PartitionLimits.of(cluster, p).minNodes()));
        }
        // sbatch sends -w's node count as the job's minimum (_opt_verify, sbatch/opt.c: min_nodes = hl_cnt), which
        // _valid_job_part raises to the list's lowest only when below it
        int min = Math.max(listMin, (int) request.nodelist().stream().distinct().count());
        int own = PartitionLimits.of(cluster, partitionNamed(cluster, name)).minNodes();
        return min < own ? one.toBuilder().nodes(min, null).build() : one;
    }

    /**
     * Whether 22.05's test-only pick after a failed {@code job_limits_check} finds the job never runnable in this
     * partition: {@code _select_nodes_parts_resvs} ({@code job_mgr.c}) calls {@code select_nodes} test-only after any
     * failed limit (default {@code EnforcePartLimits=NO}), and for more CPUs than the partition has, more nodes than
     * it has, or more CPUs than {@code MaxCPUsPerNode} times its nodes, {@code _pick_best_nodes}
     * ({@code node_scheduler.c}; the cap held a node by {@code _allocate_sc}, {@code cons_common.c}) never fits
     * {@code min_cpus}: {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}, passed over, and the job is refused when no
     * other partition takes it. Lead's case featfz12 f5 ({@code -p short,mix -n6 -c2 --gpus=1 --exclusive}: 12 CPUs
     * on short's three nodes of {@code MaxCPUsPerNode=2}, mix never holds an {@code --exclusive} job past its cap) and
     * f30, featfz11 f78 ({@code -p short,fat -N3 -n12 -c2}): refused by 22.05.8. (24.11 refuses the cap on one
     * partition too, {@link JobLimitsCheck#beyond}; 26.05 skips the pick, {@link #skipsNodeTest}.)
     */
    private static boolean neverRunnableAfterLimit(Cluster cluster, JobRequest one, SlurmVersion version) {
        return version == SlurmVersion.V22_05 && (JobLimitsCheck.pastTotals(cluster, one, version) != null
                || JobLimitsCheck.beyondLimits(cluster, one, version) == PendingReason.PARTITION_CONFIG);
    }

    /**
     * Whether 26.05 tests no nodes in this partition: its {@code _select_nodes_base} ({@code job_mgr.c}) skips
     * {@code select_nodes} after {@code job_limits_check}'s {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT},
     * leaving {@code job_node_select->rc} as the last partition tested set it (its initial
     * {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE} when none was). So after a partition that never holds the job
     * ({@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}) such a partition answers with that error, and when it is the
     * last, {@code _select_nodes_parts} returns it and {@code job_allocate} refuses the job. Lead's case featfz12 under
     * 26.05.5: f5 and f30 ({@code -p short,mix ... --exclusive}: mix, tried first, never holds an exclusive job past
     * its cap; short is past its {@code MaxCPUsPerNode}) and f37 ({@code -w b1 -p fat,short}: b1 is not in fat) are
     * refused; a job of short alone waits {@code PartitionConfig} (f19, f73). Such a partition tried first is no busy
     * one either ({@code rc_best} is set only by a tested {@code ESLURM_NODES_BUSY}): a later partition that never
     * holds the job leaves its {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE} as {@code rc}. Lead's case featfz17 f69
     * ({@code -w c1 -p short,all -N1 --gpus=5 --ntasks-per-gpu=2 -c4}: 40 CPUs past short's {@code MaxCPUsPerNode=8},
     * five GPUs on c1's four): refused at submission by 26.05.5, as by 22.05.8 and 24.11.5.
     */
    private static boolean skipsNodeTest(Cluster cluster, JobRequest one, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V26_05)) {
            return false;
        }
        PendingReason limit = JobLimitsCheck.of(cluster, one, version);
        return limit == PendingReason.PARTITION_CONFIG || limit == PendingReason.PARTITION_NODE_LIMIT;
    }

    /**
     * A partition whose {@code MaxTime} the job is past still gets the test-only pick: {@code _select_nodes_parts_resvs}
     * (22.05) and {@code _select_nodes_base} (24.11, 26.05; in 26.05 for every limit but {@code PartitionConfig} and
     * {@code PartitionNodeLimit}) call {@code select_nodes} test-only after the failed {@code job_limits_check}, and a
     * partition that never holds the job ({@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}, e.g. past its
     * {@code MaxCPUsPerNode} on one node) is passed over like one without a limit. So the answer for that partition is
     * the job's without its {@code --time} when that never runs, else {@code held}. Lead's case featfz9 f53
     * ({@code -p fat,short -N1 -n7 -c4 --time=20}: 28 CPUs on one node past fat's cap of 12 and short's 16, short's
     * MaxTime 10) is refused at submission by 22.05.8, 24.11.5 and 26.05.5.
     */
    private static Suggestion neverRunnableThere(JobRequest one, Function<JobRequest, Suggestion> inOne,
                                                 Suggestion held) {
        List<String> notes = one.notes().stream().filter(n -> !n.startsWith("--time=")).toList();
        Suggestion untimed = inOne.apply(one.toBuilder().notes(notes).build());
        return untimed instanceof Suggestion.Impossible ? untimed : held;
    }

    private static SlurmPartition partitionNamed(Cluster cluster, String name) {
        return PartitionTable.of(cluster).named(name);
    }

    /**
     * The request kept to the partition the placed job runs in: the first in Slurm's order whose nodes hold every
     * placed host (the one {@link #suggest} chose, as no earlier one could start it). The request as given when it
     * names one partition or none.
     */
    static JobRequest runningIn(Cluster cluster, JobRequest request, Placement placement) {
        if (!applies(cluster, request)) {
            return request;
        }
        List<String> order = slurmOrder(cluster, request);
        if (order == null) {
            return request;
        }
        PartitionTable table = PartitionTable.of(cluster);
        for (String name : order) {
            SlurmPartition p = table.named(name);
            if (placement.hosts().stream().map(HostAllocation::host).allMatch(h -> table.holds(p, h))) {
                return request.toBuilder().partition(name).build();
            }
        }
        return request;
    }

    /**
     * Whether the submission's test of this job ends on a partition whose node range is empty ({@link
     * PartitionNodeRange}): 24.11.5's {@code _select_nodes_parts} ({@code slurmctld/job_mgr.c}) tries every partition
     * in Slurm's order through {@code _select_nodes_base}, which calls {@code select_nodes} test-only after a failed
     * {@code job_limits_check} too; a partition that never holds the job ({@code
     * ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}) or whose range is empty ({@code get_node_cnts}: {@code
     * ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}) neither runs nor is busy, so the search goes on and, with no
     * {@code rc_best}, {@code _select_nodes_parts} words the last partition's {@code rc}: {@code WAIT_PART_CONFIG} when
     * that is an empty range, over {@code _top_priority}'s reason and over the {@code WAIT_RESOURCES} an earlier
     * partition's error branch wrote ({@code job_allocate} keeps the job). Lead's case featfz24 f4 ({@code -p fat,mix
     * -N2 -n1 -c5 --gpus-per-node=4 --exclusive}, sent as {@code -N1}: fat, tier 3, never holds an {@code --exclusive}
     * job on 32-CPU nodes past {@code MaxCPUsPerNode=24}; mix, tier 2, {@code MinNodes=2}): {@code PartitionConfig}
     * at submission in 24.11.5 (and 22.05.8). {@code neverHolds} answers a job kept to one partition.
     */
    static boolean endsOnEmptyNodeRange(Cluster cluster, JobRequest request, Predicate<JobRequest> neverHolds) {
        List<String> order = slurmOrder(cluster, request);
        if (order == null) {
            return false;
        }
        order = order.stream().filter(n -> PartitionLimits.of(cluster, partitionNamed(cluster, n)).state()
                .takesSubmissions()).toList();
        for (int i = 0; i < order.size(); i++) {
            JobRequest one = keptTo(cluster, request, order.get(i));
            boolean emptyRange = PartitionNodeRange.empty(cluster, one);
            if (i == order.size() - 1) {
                return emptyRange;
            }
            if (!emptyRange && !neverHolds.test(one)) {
                return false;
            }
        }
        return false;
    }

    /** The first name of {@code -p} that is no partition of the cluster. */
    static String unknownName(Cluster cluster, JobRequest request) {
        List<SlurmPartition> all = PartitionTable.of(cluster).partitions();
        return request.partitions().stream().filter(n -> all.stream().noneMatch(p -> p.name().equals(n)))
                .findFirst().orElse(request.partition());
    }

    /**
     * The partitions in the order slurmctld tries them (higher {@code PriorityTier} first, the order given among
     * equals); null when one of them is not a partition of the cluster.
     */
    static List<String> slurmOrder(Cluster cluster, JobRequest request) {
        List<SlurmPartition> all = PartitionTable.of(cluster).partitions();
        List<String> names = new ArrayList<>();
        for (String name : request.partitions()) {
            if (all.stream().noneMatch(p -> p.name().equals(name))) {
                return null;
            }
            names.add(name);
        }
        Map<String, String> keys = cluster.slurm().keys();
        // List.sort is stable, as glibc's merge-sorting qsort under list_sort
        names.sort(Comparator.comparingInt((String n) -> SlurmPartition.priorityTier(keys, n)).reversed());
        return names;
    }
}
