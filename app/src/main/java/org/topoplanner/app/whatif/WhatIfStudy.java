package org.topoplanner.app.whatif;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfEngine;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.model.cluster.Cluster;

/**
 * One workload on every design under every policy: the runs in a fixed order (design by design, policy by
 * policy), as many at once as there are cores, each streaming its records to a sink the caller opens for it.
 *
 * @param workload    the jobs
 * @param designs     the designs, by name
 * @param policies    the policies with their settings
 * @param discipline  the queue discipline of every run
 * @param slowdown    the slowdown model
 */
public record WhatIfStudy(WorkloadSource workload, List<Design> designs, List<PolicyChoice> policies,
                          QueueDiscipline discipline, SlowdownModel slowdown) {
    /** A design under study: its name (the file it came from) and the cluster. */
    public record Design(String name, Cluster cluster) {
    }

    /** Opens the record sink of one run; closed when the run ends. */
    public interface RecordSinks {
        RecordSink open(WhatIfCase run) throws java.io.IOException;
    }

    /** Where one run's records go. */
    public interface RecordSink extends Consumer<JobRecord>, AutoCloseable {
        /** The run ended normally: what was written may be kept. */
        default void complete() {
        }

        @Override
        void close() throws java.io.IOException;
    }

    /** Progress: the run about to start or going (its index from 0), and jobs recorded so far in it. */
    public interface Progress {
        void update(int run, int runs, WhatIfCase current, long jobsDone, int jobsTotal);
    }

    public WhatIfStudy {
        Objects.requireNonNull(workload, "workload");
        designs = List.copyOf(designs);
        policies = List.copyOf(policies);
        Objects.requireNonNull(discipline, "discipline");
        Objects.requireNonNull(slowdown, "slowdown");
    }

    public List<WhatIfCase> cases() {
        List<WhatIfCase> out = new ArrayList<>();
        for (Design d : designs) {
            for (PolicyChoice p : policies) {
                out.add(new WhatIfCase(d.name(), d.cluster(), p, discipline));
            }
        }
        return out;
    }

    /** Runs every case on as many threads as the machine has cores ({@link #run(RecordSinks, Progress, BooleanSupplier, int)}). */
    public List<WhatIfSummary> run(RecordSinks sinks, Progress progress, BooleanSupplier cancelled)
            throws java.io.IOException {
        return run(sinks, progress, cancelled, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs every case, up to {@code threads} at once (the runs share nothing but the immutable designs and
     * workload, and each is deterministic, so the records do not depend on how many run together). The sinks
     * are opened in {@link #cases()} order before any run starts and closed once all have ended; the summaries
     * come in that order with their series on one bin width. A failed or cancelled run stops the others.
     */
    public List<WhatIfSummary> run(RecordSinks sinks, Progress progress, BooleanSupplier cancelled, int threads)
            throws java.io.IOException {
        List<WhatIfCase> cases = cases();
        List<RecordSink> open = new ArrayList<>();
        AtomicBoolean failed = new AtomicBoolean();
        BooleanSupplier stop = () -> failed.get() || cancelled.getAsBoolean();
        List<WhatIfSummary> out = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, cases.size())), r -> {
            Thread t = new Thread(r, "what-if run");
            t.setDaemon(true);
            return t;
        });
        try {
            for (WhatIfCase c : cases) {
                open.add(sinks.open(c));
            }
            List<Future<WhatIfSummary>> runs = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                WhatIfCase c = cases.get(i);
                RecordSink sink = open.get(i);
                int index = i;
                runs.add(pool.submit(() -> {
                    try {
                        progress.update(index, cases.size(), c, 0, workload.size());
                        WhatIfSummary s = new WhatIfEngine(c, slowdown).run(workload.iterator(), sink,
                                n -> progress.update(index, cases.size(), c, n, workload.size()), stop);
                        sink.complete();
                        return s;
                    } catch (RuntimeException | Error e) {
                        failed.set(true);
                        throw e;
                    }
                }));
            }
            RuntimeException stopped = null;
            for (Future<WhatIfSummary> f : runs) {
                try {
                    out.add(result(f));
                } catch (CancellationException e) {
                    stopped = stopped == null ? e : stopped;
                } catch (RuntimeException e) {
                    // a run that failed stopped the others: its failure is the one to tell
                    stopped = stopped instanceof CancellationException || stopped == null ? e : stopped;
                }
            }
            if (stopped != null) {
                throw stopped;
            }
        } finally {
            pool.shutdownNow();
            closeAll(open);
        }
        double width = out.stream().mapToDouble(WhatIfSummary::binSeconds).max().orElse(60);
        out.forEach(s -> s.alignBins(width));
        return out;
    }

    /** A run's summary, or what stopped it. */
    private static WhatIfSummary result(Future<WhatIfSummary> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static void closeAll(List<RecordSink> open) throws java.io.IOException {
        java.io.IOException first = null;
        for (RecordSink s : open) {
            try {
                s.close();
            } catch (java.io.IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Thrown through by {@link #run} when cancelled. */
    public static boolean isCancellation(Throwable t) {
        return t instanceof CancellationException;
    }
}
