package org.topoplanner.allocator.whatif;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * Replays a workload on one design under one policy and queue discipline in virtual time. Jobs arrive at their
 * submission time, wait in the queue until the discipline lets the policy place them, and run for their
 * recorded run time. Each job's {@link JobRecord} goes to a sink as soon as it is known (at its start), and the
 * aggregates go into a {@link WhatIfSummary} of bounded size, so memory follows the design and the queue, not
 * the workload's length.
 *
 * <p>Deterministic: the same workload, design and policy give the same records (ties in time are broken by
 * submission order). A job that cannot run on the empty design as asked is recorded as never run and does not
 * hold the queue. Greedy and backfill passes look at most {@value #WINDOW} queued jobs past the head, as Slurm's
 * schedulers look at a bounded queue depth ({@code default_queue_depth=100}, slurm.conf(5)).
 */
public final class WhatIfEngine {
    static final int WINDOW = 100;
    private static final long PROGRESS_EVERY = 500;

    private final WhatIfCase runCase;
    private final PlacementPolicy policy;
    private final LocalityProbe probe;
    private final Map<JobRequest, Suggestion> onEmpty = new HashMap<>();
    private ClusterState state;
    private final FreeGpus free;
    private final FreeGpus idle;
    private final PriorityQueue<Running> running = new PriorityQueue<>(Comparator.comparingLong(Running::end)
            .thenComparingLong(Running::seq));
    private final List<Queued> queue = new ArrayList<>();
    private final PriorityQueue<Long> wakeups = new PriorityQueue<>();
    private final WhatIfSummary summary;
    private Consumer<JobRecord> sink;
    private long now;
    private long seq;
    private long done;
    private boolean endedSinceReservation = true;
    /**
     * Request shapes (the request without its name) the policy refused on {@link #refusedIn}: policies are pure
     * functions of state and request, so a second queued job of a refused shape is not asked again in that state.
     */
    private final java.util.Set<JobRequest> refused = new java.util.HashSet<>();
    private ClusterState refusedIn;
    private Queued reservedFor;
    private long shadow = Long.MAX_VALUE;

    private record Running(String id, long end, long estimatedEnd, long seq, Placement placement) {
    }

    private static final class Queued {
        final WorkloadJob job;
        final long seq;
        /** The job's request under a name unique in the run: sources may repeat ids (a requeued job). */
        final JobRequest request;
        Suggestion asked;
        ClusterState askedIn;

        Queued(WorkloadJob job, long seq) {
            this.job = job;
            this.seq = seq;
            this.request = job.request().withName("w" + seq);
        }
    }

    public WhatIfEngine(WhatIfCase runCase, SlowdownModel slowdown) {
        this.runCase = runCase;
        this.policy = runCase.policy().create();
        this.probe = new LocalityProbe(runCase.cluster(), slowdown);
        this.state = ClusterState.empty(runCase.cluster());
        this.free = new FreeGpus(runCase.cluster());
        this.idle = free.copy();
        this.summary = new WhatIfSummary(runCase, free.all(), 60);
    }

    /**
     * Runs {@code jobs} (in submission order; an earlier time after a later one is taken as arriving now) and
     * returns the aggregates. {@code progress} hears the count of jobs recorded now and then; when
     * {@code cancelled} turns true the run stops with a {@link CancellationException}.
     */
    public WhatIfSummary run(Iterator<WorkloadJob> jobs, Consumer<JobRecord> records, LongConsumer progress,
                             BooleanSupplier cancelled) {
        this.sink = r -> {
            summary.add(r);
            records.accept(r);
            if (++done % PROGRESS_EVERY == 0) {
                progress.accept(done);
            }
        };
        WorkloadJob next = jobs.hasNext() ? jobs.next() : null;
        while (true) {
            if (cancelled.getAsBoolean()) {
                summary.cancelled();
                summary.finish(now);
                throw new CancellationException(runCase.label() + ": cancelled after " + done + " jobs");
            }
            long tArrive = next == null ? Long.MAX_VALUE : Math.max(now, next.submit());
            long tEnd = running.isEmpty() ? Long.MAX_VALUE : running.peek().end();
            long tWake = wakeups.isEmpty() ? Long.MAX_VALUE : wakeups.peek();
            long t = Math.min(tArrive, Math.min(tEnd, tWake));
            if (t == Long.MAX_VALUE) {
                break;
            }
            now = t;
            while (!running.isEmpty() && running.peek().end() <= now) {
                Running r = running.poll();
                state = state.without(r.id());
                free.give(r.placement());
                endedSinceReservation = true;
            }
            while (next != null && Math.max(now, next.submit()) <= now) {
                arrive(next);
                next = jobs.hasNext() ? jobs.next() : null;
            }
            while (!wakeups.isEmpty() && wakeups.peek() <= now) {
                wakeups.poll();
            }
            schedule();
            if (running.isEmpty() && next == null && wakeups.isEmpty() && !queue.isEmpty()) {
                // nothing runs or will arrive, yet the queue cannot start: those jobs never will
                for (Queued q : queue) {
                    sink.accept(JobRecord.never(q.job.id(), q.job.gpus(), q.job.nodes(), q.job.submit(),
                            "never placed, even on the idle design: " + reason(q.asked)));
                }
                queue.clear();
            }
            summary.clock(now, free.busy(), queue.size(), free.stranded());
        }
        summary.finish(now);
        progress.accept(done);
        return summary;
    }

    private static String reason(Suggestion s) {
        return s instanceof Suggestion.Pending p ? p.explanation() : "no placement";
    }

    /**
     * Queues {@code job}, or records it as never run when the policy cannot place it even on the idle design
     * (Slurm refuses such a job at submission; on Kubernetes it would pend forever): it must not hold the queue.
     */
    private void arrive(WorkloadJob job) {
        if (!idle.mightHold(job.nodes(), job.request().gpusPerNode(), job.gpus())) {
            sink.accept(JobRecord.never(job.id(), job.gpus(), job.nodes(), job.submit(), "impossible: the design has"
                    + " too few GPUs or hosts with enough GPUs for " + job.nodes() + " node(s) and " + job.gpus()
                    + " GPU(s)"));
            return;
        }
        Suggestion empty = onEmpty.computeIfAbsent(job.request().withName(""),
                r -> policy.suggest(ClusterState.empty(runCase.cluster()), r.withName("probe")));
        if (!(empty instanceof Suggestion.Placed || empty instanceof Suggestion.Waiting)) {
            String why = empty instanceof Suggestion.Impossible imp ? imp.reason()
                    : empty instanceof Suggestion.Pending p ? p.explanation() : "no placement";
            sink.accept(JobRecord.never(job.id(), job.gpus(), job.nodes(), job.submit(), "impossible: " + why));
            return;
        }
        queue.add(new Queued(job, seq++));
    }

    private void schedule() {
        switch (runCase.discipline()) {
            case FIFO -> {
                while (!queue.isEmpty() && tryStart(queue.get(0))) {
                    queue.remove(0);
                }
            }
            case GREEDY -> {
                int looked = 0;
                for (int i = 0; i < queue.size() && looked < WINDOW + 1; looked++) {
                    if (tryStart(queue.get(i))) {
                        queue.remove(i);
                    } else {
                        i++;
                    }
                }
            }
            case EASY_BACKFILL -> {
                while (!queue.isEmpty() && tryStart(queue.get(0))) {
                    queue.remove(0);
                }
                if (queue.isEmpty()) {
                    return;
                }
                Queued head = queue.get(0);
                // EASY keeps a head's reservation once made; it is renewed when a new job becomes the head, or
                // when it is due and the head still cannot start (jobs ended later than their estimates)
                if (head != reservedFor || endedSinceReservation && now >= shadow) {
                    shadow = reservation(head);
                    reservedFor = head;
                    endedSinceReservation = false;
                }
                int looked = 0;
                for (int i = 1; i < queue.size() && looked < WINDOW; looked++) {
                    Queued q = queue.get(i);
                    if (now + estimate(q.job) <= shadow && tryStart(q)) {
                        queue.remove(i);
                    } else {
                        i++;
                    }
                }
            }
        }
    }

    private static long estimate(WorkloadJob j) {
        return j.limitSeconds() >= j.runSeconds() ? j.limitSeconds() : j.runSeconds();
    }

    /**
     * The earliest time the policy could place {@code head} if the running jobs ended at their estimated ends:
     * they are released in that order and the policy is asked once the free GPUs could hold the job.
     */
    private long reservation(Queued head) {
        List<Running> byEstimate = new ArrayList<>(running);
        byEstimate.sort(Comparator.comparingLong(Running::estimatedEnd).thenComparingLong(Running::seq));
        FreeGpus f = free.copy();
        ClusterState st = state;
        int releasedInto = 0;
        for (int i = 0; i < byEstimate.size(); i++) {
            Running r = byEstimate.get(i);
            f.give(r.placement());
            if (!f.mightHold(head.job.nodes(), head.job.request().gpusPerNode(), head.job.gpus())) {
                continue;
            }
            for (; releasedInto <= i; releasedInto++) {
                st = st.without(byEstimate.get(releasedInto).id());
            }
            Suggestion s = policy.suggest(st, head.request);
            if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
                return Math.max(now, r.estimatedEnd());
            }
        }
        return Long.MAX_VALUE;
    }

    /** Starts {@code q} now when the policy places it; false (and the job stays queued) otherwise. */
    private boolean tryStart(Queued q) {
        WorkloadJob j = q.job;
        if (!free.mightHold(j.nodes(), j.request().gpusPerNode(), j.gpus())) {
            return false;
        }
        if (refusedIn != state) {
            refused.clear();
            refusedIn = state;
        }
        JobRequest shape = j.request().withName("");
        if (q.askedIn != state && refused.contains(shape)) {
            return false;
        }
        Suggestion s = q.askedIn == state ? q.asked : policy.suggest(state, q.request);
        q.asked = s;
        q.askedIn = state;
        Placement p;
        if (s instanceof Suggestion.Placed placed) {
            p = placed.placement();
        } else if (s instanceof Suggestion.Waiting w) {
            long at = j.submit() + w.maxWait().getSeconds();
            if (now < at) {
                wakeups.add(at);
                return false;
            }
            p = w.placement();
        } else {
            refused.add(shape);
            return false;
        }
        start(j, q.request, p);
        q.asked = null;
        q.askedIn = null;
        return true;
    }

    private void start(WorkloadJob j, JobRequest r, Placement p) {
        int freeBefore = free.free();
        int strandedBefore = free.stranded();
        state = state.with(p, r.exclusive() ? ClusterState.Hold.WHOLE_NODES
                : r.exclusiveTopo() ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED);
        free.take(p);
        long end = now + j.runSeconds();
        running.add(new Running(p.job(), end, now + estimate(j), seq++, p));
        LocalityProbe.Locality loc = probe.of(p);
        sink.accept(new JobRecord(j.id(), j.gpus(), j.nodes(), j.submit(), now, end, p, loc.leaves(),
                loc.spines(), loc.highestTier(), loc.nvlinkDomains(), loc.busGBps(), probe.slowdown(r, loc.busGBps()),
                freeBefore, strandedBefore, JobRecord.RAN));
    }
}
