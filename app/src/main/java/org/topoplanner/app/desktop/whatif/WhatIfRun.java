package org.topoplanner.app.desktop.whatif;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.concurrent.Task;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.app.whatif.WhatIfStudy;

/**
 * A what-if study as a background task: progress over all runs, cancel between any two jobs, and the first
 * {@value #KEPT_RECORDS} records of each run kept for the window's table (the rest are counted in the
 * aggregates only, so a long workload does not fill the memory).
 */
final class WhatIfRun extends Task<WhatIfRun.Outcome> {
    static final int KEPT_RECORDS = 20_000;

    /** What the window shows once the study ends: the summaries and the kept records of each run. */
    record Outcome(WhatIfStudy study, List<WhatIfSummary> summaries, Map<WhatIfCase, List<JobRecord>> records) {
    }

    private final WhatIfStudy study;

    WhatIfRun(WhatIfStudy study) {
        this.study = study;
    }

    @Override
    protected Outcome call() throws Exception {
        Map<WhatIfCase, List<JobRecord>> kept = new LinkedHashMap<>();
        Map<Integer, Long> doneByRun = new java.util.HashMap<>();
        List<WhatIfSummary> runs = study.run(c -> {
            List<JobRecord> mine = new ArrayList<>();
            kept.put(c, mine);
            return new WhatIfStudy.RecordSink() {
                @Override
                public void accept(JobRecord r) {
                    if (mine.size() < KEPT_RECORDS) {
                        mine.add(r);
                    }
                }

                @Override
                public void close() {
                    // nothing to release: the records stay for the table
                }
            };
        }, (run, total, current, done, all) -> {
            // runs go on side by side: the bar shows the jobs done over all of them
            double perRun = Math.max(1, all);
            long sum;
            synchronized (doneByRun) {
                doneByRun.put(run, done);
                sum = doneByRun.values().stream().mapToLong(Long::longValue).sum();
            }
            updateProgress(sum, total * perRun);
            updateMessage("run " + (run + 1) + " of " + total + ": " + current.label() + ", " + done + " of " + all
                    + " jobs");
        }, this::isCancelled);
        return new Outcome(study, runs, kept);
    }
}
