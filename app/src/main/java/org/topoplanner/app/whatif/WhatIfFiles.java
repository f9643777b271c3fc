package org.topoplanner.app.whatif;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.model.project.AtomicFiles;

/**
 * Runs a study and writes what the command line promises in one folder, every file atomically: a
 * {@code records-*.csv} per run (streamed), {@code series.csv}, {@code waits-by-size.csv}, {@code locality.csv},
 * {@code summary.csv} and {@code report.html}.
 */
public final class WhatIfFiles {
    public static final String REPORT = "report.html";

    private WhatIfFiles() {
    }

    /**
     * Runs {@code study} into {@code dir}; {@code alsoTo} gives each run a second consumer of its records (the
     * window's table, the sacct history).
     */
    public static List<WhatIfSummary> write(WhatIfStudy study, Path dir, Function<WhatIfCase, Consumer<JobRecord>> alsoTo,
                                            WhatIfStudy.Progress progress, BooleanSupplier cancelled) throws IOException {
        return write(study, dir, alsoTo, progress, cancelled, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #write(WhatIfStudy, Path, Function, WhatIfStudy.Progress, BooleanSupplier)}, {@code threads} runs at once. */
    public static List<WhatIfSummary> write(WhatIfStudy study, Path dir, Function<WhatIfCase, Consumer<JobRecord>> alsoTo,
                                            WhatIfStudy.Progress progress, BooleanSupplier cancelled, int threads)
            throws IOException {
        List<WhatIfSummary> runs = study.run(c -> {
            AtomicRecordFile file = new AtomicRecordFile(dir.resolve(WhatIfCsv.recordFile(c)));
            Consumer<JobRecord> extra = alsoTo.apply(c);
            return new WhatIfStudy.RecordSink() {
                @Override
                public void accept(JobRecord r) {
                    file.accept(r);
                    extra.accept(r);
                }

                @Override
                public void complete() {
                    file.complete();
                }

                @Override
                public void close() throws IOException {
                    file.close();
                }
            };
        }, progress, cancelled, threads);
        writeAggregates(study, runs, dir);
        return runs;
    }

    /** The aggregate CSV files and the report of runs already made. */
    public static void writeAggregates(WhatIfStudy study, List<WhatIfSummary> runs, Path dir) throws IOException {
        AtomicFiles.writeString(dir.resolve("series.csv"), WhatIfCsv.series(runs));
        AtomicFiles.writeString(dir.resolve("waits-by-size.csv"), WhatIfCsv.waitsBySize(runs));
        AtomicFiles.writeString(dir.resolve("locality.csv"), WhatIfCsv.locality(runs));
        AtomicFiles.writeString(dir.resolve("summary.csv"), WhatIfCsv.summary(runs));
        AtomicFiles.writeString(dir.resolve(REPORT), WhatIfHtmlReport.render(study, runs));
    }
}
