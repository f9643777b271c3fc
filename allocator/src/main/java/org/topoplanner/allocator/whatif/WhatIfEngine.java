package org.topoplanner.allocator.whatif;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.ListIterator;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
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
 *
 * <p>What a run costs is the policy's suggestions, so the engine asks as few as give the same answers. A job the
 * policy refused is not asked again until some job has ended: starting jobs only takes resources, and a job
 * that found no place with more free cannot find one with less (so a pass after an arrival asks only the new
 * job, and one refusal of a request shape stands for every queued job of that shape). The EASY reservation is
 * searched for, not walked ({@link ShadowTime}).
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
    /** The same jobs by estimated end, as the EASY reservation reads them (kept, not sorted per reservation). */
    private final TreeSet<Running> byEstimate = new TreeSet<>(Comparator.comparingLong(Running::estimatedEnd)
            .thenComparingLong(Running::seq));
    /** Waiting jobs in submission order; a linked list, since passes remove from its middle. */
    private final LinkedList<Queued> queue = new LinkedList<>();
    /** Times a {@link Suggestion.Waiting} job may start; a set, since a job is asked again after each change. */
    private final TreeSet<Long> wakeups = new TreeSet<>();
    private final WhatIfSummary summary;
    private Consumer<JobRecord> sink;
    private long now;
    private long seq;
    private long done;
    /** Jobs ended so far: a refusal holds until this moves. */
    private long ended;
    /** Request shapes (the request without its name) the policy refused since {@link #ended} last moved. */
    private final Set<JobRequest> refused = new HashSet<>();
    private long refusedAt = -1;
    private boolean endedSinceReservation = true;
    private Queued reservedFor;
    private long shadow = Long.MAX_VALUE;
    private long suggestions;

    private record Running(String id, long end, long estimatedEnd, long seq, Placement placement) {
    }

    private static final class Queued {
        final WorkloadJob job;
        /** The job's request under a name unique in the run: sources may repeat ids (a requeued job). */
        final JobRequest request;
        /** The request without its name: what the policy's answer depends on besides the state. */
        final JobRequest shape;
        /** The value of {@link #ended} when the policy last refused it; -1 when it has not. */
        long refusedAt = -1;
        /** The last answer (for a never-placed job's reason) and, for a wait, the state it was given on. */
        Suggestion asked;
        ClusterState askedIn;

        Queued(WorkloadJob job, long seq) {
            this.job = job;
            this.request = job.request().withName("w" + seq);
            this.shape = job.request().withName("");
        }
    }

    public WhatIfEngine(WhatIfCase runCase, SlowdownModel slowdown) {
        this(runCase, slowdown, runCase.policy().create());
    }

    /** A run under {@code policy} (the case's policy or one standing for it, as tests count its answers). */
    WhatIfEngine(WhatIfCase runCase, SlowdownModel slowdown, PlacementPolicy policy) {
        this.runCase = runCase;
        this.policy = policy;
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
            long tWake = wakeups.isEmpty() ? Long.MAX_VALUE : wakeups.first();
            long t = Math.min(tArrive, Math.min(tEnd, tWake));
            if (t == Long.MAX_VALUE) {
                break;
            }
            now = t;
            while (!running.isEmpty() && running.peek().end() <= now) {
                Running r = running.poll();
                byEstimate.remove(r);
                state = state.without(r.id());
                free.give(r.placement());
                ended++;
                endedSinceReservation = true;
            }
            while (next != null && Math.max(now, next.submit()) <= now) {
                arrive(next);
                next = jobs.hasNext() ? jobs.next() : null;
            }
            while (!wakeups.isEmpty() && wakeups.first() <= now) {
                wakeups.pollFirst();
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

    /** How many times the run asked the policy for a placement (arrival checks on the idle design included). */
    long suggestions() {
        return suggestions;
    }

    private Suggestion ask(ClusterState on, JobRequest request) {
        suggestions++;
        return policy.suggest(on, request);
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
        Queued q = new Queued(job, seq++);
        Suggestion empty = onEmpty.computeIfAbsent(q.shape,
                r -> ask(ClusterState.empty(runCase.cluster()), r.withName("probe")));
        if (!(empty instanceof Suggestion.Placed || empty instanceof Suggestion.Waiting)) {
            String why = empty instanceof Suggestion.Impossible imp ? imp.reason()
                    : empty instanceof Suggestion.Pending p ? p.explanation() : "no placement";
            sink.accept(JobRecord.never(job.id(), job.gpus(), job.nodes(), job.submit(), "impossible: " + why));
            return;
        }
        queue.add(q);
    }

    private void schedule() {
        switch (runCase.discipline()) {
            case FIFO -> startHeads();
            case GREEDY -> {
                int looked = 0;
                for (Iterator<Queued> it = queue.iterator(); it.hasNext() && looked < WINDOW + 1; looked++) {
                    if (tryStart(it.next())) {
                        it.remove();
                    }
                }
            }
            case EASY_BACKFILL -> {
                startHeads();
                if (queue.isEmpty()) {
                    return;
                }
                Queued head = queue.getFirst();
                // EASY keeps a head's reservation once made; it is renewed when a new job becomes the head, or
                // when it is due and the head still cannot start (jobs ended later than their estimates)
                if (head != reservedFor || endedSinceReservation && now >= shadow) {
                    shadow = reservation(head);
                    reservedFor = head;
                    endedSinceReservation = false;
                }
                ListIterator<Queued> it = queue.listIterator(1);
                for (int looked = 0; it.hasNext() && looked < WINDOW; looked++) {
                    Queued q = it.next();
                    if (now + estimate(q.job) <= shadow && tryStart(q)) {
                        it.remove();
                    }
                }
            }
        }
    }

    /** Starts queued jobs from the head until one cannot start. */
    private void startHeads() {
        while (!queue.isEmpty() && tryStart(queue.getFirst())) {
            queue.removeFirst();
        }
    }

    private static long estimate(WorkloadJob j) {
        return j.limitSeconds() >= j.runSeconds() ? j.limitSeconds() : j.runSeconds();
    }

    /**
     * The earliest time the policy could place {@code head} if the running jobs ended at their estimated ends
     * ({@link ShadowTime}).
     */
    private long reservation(Queued head) {
        WorkloadJob j = head.job;
        Iterable<ShadowTime.Ending> endings = () -> byEstimate.stream()
                .map(r -> new ShadowTime.Ending(r.id(), r.estimatedEnd(), r.placement())).iterator();
        return new ShadowTime(endings, st -> {
            Suggestion s = ask(st, head.request);
            return s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting;
        }).at(now, state, free, f -> f.mightHold(j.nodes(), j.request().gpusPerNode(), j.gpus()));
    }

    /** Starts {@code q} now when the policy places it; false (and the job stays queued) otherwise. */
    private boolean tryStart(Queued q) {
        WorkloadJob j = q.job;
        if (q.refusedAt == ended || !free.mightHold(j.nodes(), j.request().gpusPerNode(), j.gpus())) {
            return false;
        }
        if (refusedAt != ended) {
            refused.clear();
            refusedAt = ended;
        }
        if (refused.contains(q.shape)) {
            q.refusedAt = ended;
            return false;
        }
        Suggestion s = q.askedIn == state ? q.asked : ask(state, q.request);
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
            refused.add(q.shape);
            q.refusedAt = ended;
            // the refusal is kept as a count, not as the state: a long queue must not hold a state per job
            q.askedIn = null;
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
                : r.exclusiveTopo() ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED,
                FreeMemory.heldBy(state.cluster(), r, p));
        free.take(p);
        long end = now + j.runSeconds();
        Running started = new Running(p.job(), end, now + estimate(j), seq++, p);
        running.add(started);
        byEstimate.add(started);
        LocalityProbe.Locality loc = probe.of(p);
        sink.accept(new JobRecord(j.id(), j.gpus(), j.nodes(), j.submit(), now, end, p, loc.leaves(),
                loc.spines(), loc.highestTier(), loc.nvlinkDomains(), loc.busGBps(), probe.slowdown(r, loc.busGBps()),
                freeBefore, strandedBefore, JobRecord.RAN));
    }
}
