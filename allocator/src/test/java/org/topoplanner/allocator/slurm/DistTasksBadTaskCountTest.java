package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _dist_tasks_compute_c_b} ({@code select/cons_tres/dist_tasks.c}, 24.11.5 and 26.05.5) fails a job with
 * {@code ESLURM_BAD_TASK_COUNT} when the CPUs the selection gave its nodes hold fewer whole tasks than its {@code -n}:
 * {@code _cpus_to_use} cuts CPUs, not tasks. fuzz74 p12 ({@code -x f1 -n5 --ntasks-per-socket=2 -c2}) on fuzz74's
 * state at p12: c2 offers 5 CPUs (core 7 of socket 0 and cores 8-11 of socket 1, {@code _allocate_sc} step 4), a1 is
 * cut to the other 5, two tasks each; real 24.11.5 logs {@code cr_dist/start} with {@code avail_cpus} 5 and 5 and no
 * {@code cr_dist/middle} (own probe c9a1, {@code DebugFlags=SelectType}), and the job waits ({@code Resources}).
 * 22.05.8's {@code cons_common} layout over-subscribes instead and runs it on a1 (6 CPUs) and c2 (4).
 */
class DistTasksBadTaskCountTest {
    /** fuzz74's running jobs when p12 is submitted (real 24.11.5 results, every b job still running). */
    private final ClusterState state = fuzz74AtP12();

    static ClusterState fuzz74AtP12() {
        ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz74"));
        s = s.with(job("b0", "f1", List.of(), 0, 1, 2, 3, 4, 5, 6, 7));
        s = s.with(job("b3", "h1", List.of(0, 1), 0, 1));
        s = s.with(job("b4", "f4", List.of(), 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23));
        s = s.with(job("b5", "f1", List.of(), 8, 9, 10, 11, 12, 13));
        s = s.with(new Placement("b6", List.of(HostAllocation.of("s3", List.of(0, 1), CpuSet.of(List.of(0))),
                HostAllocation.of("u1", List.of(0, 1), CpuSet.of(List.of(16))))));
        s = s.with(job("b7", "c2", List.of(), 0, 1, 2, 3, 4, 5, 6));
        s = s.with(job("b8", "h1", List.of(), 2, 3, 4, 5, 6, 7, 8, 9));
        s = s.with(job("b10", "h1", List.of(2), 16, 17));
        s = s.with(job("b11", "s2", List.of(), 0, 1, 2, 3, 4, 5));
        s = s.with(job("b12", "c1", List.of(), 0, 8));
        return s.with(job("b13", "a1", List.of(0, 1, 2, 3), 0, 1, 2, 3));
    }

    private static Placement job(String name, String host, List<Integer> gpus, Integer... cpus) {
        return new Placement(name, List.of(HostAllocation.of(host, gpus, CpuSet.of(List.of(cpus)))));
    }

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        JobRequest r = SbatchOptions.parseLine(line, "p12");
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state, r);
    }

    @Test
    void fiveTasksOfTwoCpusOnFivePlusFiveCpusWaitFrom2411() throws Exception {
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(suggest("-x f1 -n5 --ntasks-per-socket=2 -c2", v)).as("%s", v)
                    .isInstanceOf(Suggestion.Pending.class);
        }
    }

    @Test
    void twentyTwoOhFiveOverSubscribesAndRunsIt() throws Exception {
        Suggestion s = suggest("-x f1 -n5 --ntasks-per-socket=2 -c2", SlurmVersion.V22_05);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts()).extracting(HostAllocation::host)
                .containsExactlyInAnyOrder("a1", "c2");
    }

    @Test
    void threeTasksFitTheSameCpus() throws Exception {
        // c9a1 q9 (-n3): real 24.11.5 runs it on a1 (CPUs 64-65) and c2 (8-11), the layout places every task
        Suggestion s = suggest("-x f1 -n3 --ntasks-per-socket=2 -c2", SlurmVersion.V24_11);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
    }
    @Test
    void theBlockPluginLaysOutTheSameWay() throws Exception {
        // blockfz01's block b1 {q1 2x12 cores, s1 1x8}: q1 with one free core on socket 0 offers 1 + 4 CPUs under
        // --ntasks-per-socket=2 -c2, s1 is cut to the other 3 (two tasks and one); dist_tasks places 3 of 4 tasks
        ClusterState b = ClusterState.empty(OracleCase.cluster("blockfz01"))
                .with(job("f", "q1", List.of(), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        JobRequest r = SbatchOptions.parseLine("-w q1,s1 -n4 --ntasks-per-socket=2 -c2", "k");
        assertThat(new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11)).suggest(b, r))
                .isInstanceOf(Suggestion.Pending.class);
        // -n3 needs 6: q1's 5 and one of s1's, two tasks and one
        JobRequest three = SbatchOptions.parseLine("-w q1,s1 -n3 --ntasks-per-socket=2 -c2", "k");
        assertThat(new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11)).suggest(b, three))
                .isInstanceOf(Suggestion.Placed.class);
    }
}
