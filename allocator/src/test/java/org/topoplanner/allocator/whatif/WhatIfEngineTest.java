package org.topoplanner.allocator.whatif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadJob;

class WhatIfEngineTest {
    /** Two leaves of four 8-GPU hosts under two spines: 64 GPUs. */
    private static final Cluster SMALL = BenchClusters.fatTree(1, 2, 4, 2, 2);

    /** Worked by hand: A takes four hosts at 0 for 100 s, B wants all eight from 10 for 50 s, C one host from 20 for 30 s. */
    private static final List<WorkloadJob> HAND = List.of(WorkloadJob.of("A", 0, 100, 4, 8),
            WorkloadJob.of("B", 10, 50, 8, 8), WorkloadJob.of("C", 20, 30, 1, 8));

    private static Run run(List<WorkloadJob> jobs, QueueDiscipline d, PolicyId p) {
        List<JobRecord> out = new ArrayList<>();
        WhatIfSummary s = new WhatIfEngine(new WhatIfCase("small", SMALL, PolicyChoice.of(p), d), SlowdownModel.DEFAULT)
                .run(jobs.iterator(), out::add, n -> { }, () -> false);
        return new Run(out, s);
    }

    private record Run(List<JobRecord> records, WhatIfSummary summary) {
    }

    @Test
    void fifoHoldsTheSmallJobBehindTheLargeOne() {
        Run r = run(HAND, QueueDiscipline.FIFO, PolicyId.PLANNER);
        assertThat(r.records()).extracting(JobRecord::job, JobRecord::start, JobRecord::end, JobRecord::waitSeconds)
                .containsExactly(tuple("A", 0L, 100L, 0L), tuple("B", 100L, 150L, 90L), tuple("C", 150L, 180L, 130L));
        assertThat(r.summary().makespanSeconds()).isEqualTo(180);
        // GPU-seconds 32x100 + 64x50 + 8x30 = 6,640 over 64 GPUs x 180 s
        assertThat(r.summary().meanUtilisation()).isCloseTo(6640.0 / (64 * 180), org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void easyBackfillAndGreedyLetTheSmallJobRunBeforeTheReservation() {
        for (QueueDiscipline d : List.of(QueueDiscipline.EASY_BACKFILL, QueueDiscipline.GREEDY)) {
            Run r = run(HAND, d, PolicyId.PLANNER);
            assertThat(r.records()).extracting(JobRecord::job, JobRecord::start).as(d.id())
                    .containsExactly(tuple("A", 0L), tuple("C", 20L), tuple("B", 100L));
            assertThat(r.summary().makespanSeconds()).isEqualTo(150);
        }
    }

    @Test
    void easyBackfillKeepsTheHeadsReservation() {
        // D would run past 100 s, when B's reservation starts: EASY holds it, greedy starts it and delays B
        List<WorkloadJob> jobs = new ArrayList<>(HAND);
        jobs.add(WorkloadJob.of("D", 30, 500, 1, 8));
        assertThat(run(jobs, QueueDiscipline.EASY_BACKFILL, PolicyId.PLANNER).records())
                .filteredOn(j -> j.job().equals("B")).singleElement().extracting(JobRecord::start).isEqualTo(100L);
        assertThat(run(jobs, QueueDiscipline.GREEDY, PolicyId.PLANNER).records())
                .filteredOn(j -> j.job().equals("B")).singleElement().extracting(JobRecord::start).isEqualTo(530L);
    }

    @Test
    void recordsLocalityAndFragmentationAtStart() {
        Run r = run(HAND, QueueDiscipline.EASY_BACKFILL, PolicyId.PLANNER);
        JobRecord a = r.records().get(0);
        assertThat(a.hosts()).hasSize(4);
        assertThat(a.leaves()).isEqualTo(1);
        assertThat(a.highestTier()).isEqualTo(1);
        assertThat(a.nvlinkDomains()).isEqualTo(4);
        assertThat(a.slowdown()).isEqualTo(1.0);
        assertThat(a.freeGpusAtStart()).isEqualTo(64);
        JobRecord b = r.records().get(2);
        assertThat(b.leaves()).isEqualTo(2);
        assertThat(b.spines()).isGreaterThan(0);
        assertThat(r.records().get(1).freeGpusAtStart()).isEqualTo(32);
        assertThat(r.summary().oneLeafShare()).isEqualTo(0.5);
    }

    @Test
    void aJobTheDesignCannotHoldIsRecordedAndDoesNotBlockTheQueue() {
        List<WorkloadJob> jobs = List.of(WorkloadJob.of("huge", 0, 10, 9, 8), WorkloadJob.of("ok", 1, 10, 1, 8));
        Run r = run(jobs, QueueDiscipline.FIFO, PolicyId.SLURM_TREE);
        assertThat(r.records()).as(r.records().toString()).extracting(JobRecord::job, JobRecord::ran).containsExactly(tuple("huge", false),
                tuple("ok", true));
        assertThat(r.records().get(0).outcome()).startsWith("impossible");
        assertThat(r.summary().jobs()).isEqualTo(2);
        assertThat(r.summary().ran()).isEqualTo(1);
    }

    @Test
    void everyPolicyGivesTheSameRecordsTwiceForOneSeed() throws Exception {
        WorkloadGenerator gen = WorkloadGenerator.parse("gen:helios:jobs=300:seed=5:rate=600");
        for (PolicyId p : PolicyCatalog.policies()) {
            List<WorkloadJob> jobs = new ArrayList<>();
            gen.forEach(jobs::add);
            Run first = run(jobs, QueueDiscipline.EASY_BACKFILL, p);
            Run second = run(jobs, QueueDiscipline.EASY_BACKFILL, p);
            assertThat(second.records()).as(p.id()).isEqualTo(first.records());
            assertThat(first.summary().jobs()).isEqualTo(300);
            assertThat(first.records()).filteredOn(JobRecord::ran).allSatisfy(j ->
                    assertThat(j.start()).isGreaterThanOrEqualTo(j.submit()));
        }
    }

    /** The planner, counting how often it is asked. */
    private static final class Counted implements PlacementPolicy {
        private final PlacementPolicy inner = PolicyChoice.of(PolicyId.PLANNER).create();
        int asked;

        @Override
        public String id() {
            return inner.id();
        }

        @Override
        public Suggestion suggest(ClusterState state, JobRequest job) {
            asked++;
            return inner.suggest(state, job);
        }
    }

    private static WorkloadJob job(String id, long submit, long run, String... options) throws Exception {
        JobRequest r = SbatchOptions.parse(List.of(options), id);
        return new WorkloadJob(id, submit, run, 0, r, r.requestedNodes() * r.gpusPerNode(), "", "");
    }

    @Test
    void aRefusedJobIsNotAskedAgainUntilAJobEnds() throws Exception {
        // A takes one GPU on six of the eight hosts, so the free-GPU count says B's four hosts of four GPUs might
        // fit while the policy must refuse them (B wants its hosts whole); C and E start in the meantime
        List<WorkloadJob> jobs = List.of(job("A", 0, 100, "-N6", "--gpus-per-node=1"),
                job("B", 10, 50, "-N4", "--gpus-per-node=4", "--exclusive"), job("C", 20, 500, "-N1", "--gpus-per-node=1"),
                job("E", 30, 500, "-N1", "--gpus-per-node=1"));
        Counted policy = new Counted();
        List<JobRecord> out = new ArrayList<>();
        new WhatIfEngine(new WhatIfCase("small", SMALL, PolicyChoice.of(PolicyId.PLANNER), QueueDiscipline.GREEDY),
                SlowdownModel.DEFAULT, policy).run(jobs.iterator(), out::add, n -> { }, () -> false);
        assertThat(out).extracting(JobRecord::job, JobRecord::start)
                .containsExactly(tuple("A", 0L), tuple("C", 20L), tuple("E", 30L), tuple("B", 100L));
        // one question per shape on the idle design (3), A, B at 10, C, E, B again once A ended: B is not asked
        // again at 20 or 30, when only starts changed the state
        assertThat(policy.asked).isEqualTo(3 + 5);
    }

    @Test
    void theReservationIsSearchedNotWalked() {
        // 64 one-GPU jobs end one a second; the head fits once 40 have ended: found in a handful of questions
        ClusterState state = ClusterState.empty(SMALL);
        List<ShadowTime.Ending> endings = new ArrayList<>();
        int n = 0;
        for (String host : SMALL.hostNames()) {
            for (int g = 0; g < 8; g++, n++) {
                Placement p = new Placement("r" + n, List.of(HostAllocation.of(host, List.of(g), CpuSet.empty())));
                state = state.with(p);
                endings.add(new ShadowTime.Ending(p.job(), 1000 + n, p));
            }
        }
        List<Integer> askedAt = new ArrayList<>();
        ShadowTime shadow = new ShadowTime(endings, s -> {
            askedAt.add(64 - s.running().size());
            return s.running().size() <= 64 - 40;
        });
        FreeGpus free = new FreeGpus(SMALL);
        endings.forEach(e -> free.take(e.placement()));
        assertThat(shadow.at(500, state, free, f -> f.free() >= 8)).isEqualTo(1000 + 39);
        assertThat(askedAt).hasSizeLessThanOrEqualTo(2 * 6).contains(40).doesNotContain(1, 2, 3, 4, 5, 6, 7);
        // a head the policy never accepts, even with every job ended, gets no reservation
        assertThat(new ShadowTime(endings, s -> false).at(500, state, free, f -> true)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void cancellingStopsTheRun() throws Exception {
        WorkloadGenerator gen = WorkloadGenerator.parse("gen:pai:jobs=2000");
        int[] asked = {0};
        assertThatThrownBy(() -> new WhatIfEngine(new WhatIfCase("small", SMALL, PolicyChoice.of(PolicyId.PLANNER),
                QueueDiscipline.FIFO), SlowdownModel.DEFAULT).run(gen.iterator(), r -> { }, n -> { },
                () -> ++asked[0] > 50)).isInstanceOf(CancellationException.class).hasMessageContaining("cancelled");
    }
}
