package org.topoplanner.app.whatif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.resources.ShippedData;

class WhatIfStudyTest {
    private static WhatIfStudy study(String workload) throws Exception {
        List<PolicyChoice> policies = List.of(PolicyId.SLURM_TREE, PolicyId.K8S_DEFAULT, PolicyId.PLANNER).stream()
                .map(PolicyChoice::of).toList();
        return new WhatIfStudy(WorkloadSource.generated(WorkloadGenerator.parse(workload)),
                List.of(new WhatIfStudy.Design("example", ShippedData.exampleCluster())), policies,
                QueueDiscipline.EASY_BACKFILL, SlowdownModel.DEFAULT);
    }

    private record Outcome(Map<WhatIfCase, List<JobRecord>> records, List<WhatIfSummary> summaries) {
    }

    private static Outcome run(WhatIfStudy study, int threads) throws Exception {
        Map<WhatIfCase, List<JobRecord>> records = Collections.synchronizedMap(new LinkedHashMap<>());
        List<WhatIfSummary> s = study.run(c -> {
            List<JobRecord> mine = new ArrayList<>();
            records.put(c, mine);
            return new WhatIfStudy.RecordSink() {
                @Override
                public void accept(JobRecord r) {
                    mine.add(r);
                }

                @Override
                public void close() {
                    // the list is the test's
                }
            };
        }, (run, runs, c, done, all) -> { }, () -> false, threads);
        return new Outcome(records, s);
    }

    @Test
    void runsSideBySideGiveTheRecordsOfRunsOneAfterAnother() throws Exception {
        WhatIfStudy study = study("gen:helios:jobs=400:seed=9:rate=400");
        Outcome one = run(study, 1);
        Outcome three = run(study, 3);
        assertThat(three.records().keySet()).containsExactlyElementsOf(study.cases());
        for (WhatIfCase c : study.cases()) {
            assertThat(three.records().get(c)).as(c.label()).hasSize(400).isEqualTo(one.records().get(c));
        }
        assertThat(three.summaries()).extracting(s -> s.runCase().label(), WhatIfSummary::makespanSeconds,
                WhatIfSummary::meanUtilisation).containsExactlyElementsOf(one.summaries().stream()
                .map(s -> org.assertj.core.groups.Tuple.tuple(s.runCase().label(), s.makespanSeconds(),
                        s.meanUtilisation())).toList());
    }

    @Test
    void cancellingStopsEveryRunAndClosesEverySink() throws Exception {
        WhatIfStudy study = study("gen:pai:jobs=200000");
        List<WhatIfCase> closed = Collections.synchronizedList(new ArrayList<>());
        long started = System.nanoTime();
        assertThatThrownBy(() -> study.run(c -> new WhatIfStudy.RecordSink() {
            @Override
            public void accept(JobRecord r) {
                // dropped
            }

            @Override
            public void close() {
                closed.add(c);
            }
        }, (run, runs, c, done, all) -> { }, () -> System.nanoTime() - started > 300_000_000L, 2))
                .isInstanceOf(CancellationException.class);
        assertThat(closed).containsExactlyInAnyOrderElementsOf(study.cases());
    }
}
