package org.topoplanner.app.plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.replay.RunningPartition;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;

/**
 * The running state of the plans last asked about, and of each without one of its jobs, made once per plan
 * (plans are immutable, so the same instance is the same state). The window asks the same plan for the state
 * without a job from several threads at once (the selected job's check, six rows of the every-policy table, the
 * ghost): each used to replay every placement into a fresh state, whose tables (usage, eligible hosts,
 * fragmentation, each policy's free capacity per domain) were then made again from nothing. Now the state
 * without a job is the plan's state minus that job, so a table made on the plan's state (by
 * {@link PolicyWarmUp#prepare(Plan)}) is updated for that job's hosts alone, and every asker of one plan and
 * job shares one state and its tables.
 */
final class PlanStates {
    /** Plans kept: the newest few, so an edit's new plan does not drop the tables of the one still shown. */
    private static final int PLANS_KEPT = 2;
    /** States without one job kept per plan: the selected job's, the previous selection's, the listed jobs' checks. */
    private static final int JOBS_KEPT = 8;

    /** One plan's states. */
    private static final class Entry {
        final Plan plan;
        final ClusterState all;
        final Map<String, ClusterState> without = new LinkedHashMap<>(8, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, ClusterState> eldest) {
                return size() > JOBS_KEPT;
            }
        };

        Entry(Plan plan) {
            this.plan = plan;
            this.all = replayed(plan);
        }
    }

    private static final Deque<Entry> RECENT = new ArrayDeque<>();

    private PlanStates() {
    }

    /** What runs in {@code plan} besides {@code job} (everything when {@code job} is null or not placed). */
    static ClusterState without(Plan plan, String job) {
        synchronized (RECENT) {
            Entry e = entry(plan);
            if (job == null || !plan.placements().containsKey(job)) {
                return e.all;
            }
            return e.without.computeIfAbsent(job, j -> {
                e.all.usage(); // counted once per plan: each state without a job then updates it for that job's hosts
                return e.all.without(j);
            });
        }
    }

    private static Entry entry(Plan plan) {
        for (Entry e : RECENT) {
            if (e.plan == plan) {
                return e;
            }
        }
        Entry e = new Entry(plan);
        RECENT.addFirst(e);
        while (RECENT.size() > PLANS_KEPT) {
            RECENT.removeLast();
        }
        return e;
    }

    /**
     * Every placed job in the plan's order, exclusive ones holding their nodes whole, each with the partition it
     * certainly runs in ({@link RunningPartition}): Slurm counts only a partition's own jobs' cores against its
     * {@code MaxCPUsPerNode} (h21d), so a job of another partition no longer takes CPUs from a capped partition's plan.
     */
    private static ClusterState replayed(Plan plan) {
        ClusterState s = ClusterState.empty(plan.cluster());
        for (var p : plan.placements().values()) {
            JobRequest request = plan.job(p.job()).map(j -> plan.request(j.name())).orElse(null);
            boolean exclusive = request != null && request.exclusive();
            String partition = request == null ? null : RunningPartition.certain(plan.cluster(), request,
                    p.hosts().stream().map(HostAllocation::host).toList());
            s = s.with(p, exclusive ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED, HeldMemory.NONE, null,
                    partition);
        }
        return s;
    }
}
