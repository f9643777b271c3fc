package org.topoplanner.app.whatif;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
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
 * policy), one after another, each streaming its records to a sink the caller opens for it.
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

    /** Runs every case; the summaries come in {@link #cases()} order with their series on one bin width. */
    public List<WhatIfSummary> run(RecordSinks sinks, Progress progress, BooleanSupplier cancelled)
            throws java.io.IOException {
        List<WhatIfCase> cases = cases();
        List<WhatIfSummary> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            WhatIfCase c = cases.get(i);
            int index = i;
            progress.update(i, cases.size(), c, 0, workload.size());
            try (RecordSink sink = sinks.open(c)) {
                out.add(new WhatIfEngine(c, slowdown).run(workload.iterator(), sink,
                        n -> progress.update(index, cases.size(), c, n, workload.size()), cancelled));
                sink.complete();
            }
        }
        double width = out.stream().mapToDouble(WhatIfSummary::binSeconds).max().orElse(60);
        out.forEach(s -> s.alignBins(width));
        return out;
    }

    /** Thrown through by {@link #run} when cancelled. */
    public static boolean isCancellation(Throwable t) {
        return t instanceof CancellationException;
    }
}
