package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code _job_test} runs "test 0" first: the selection with every core free and the GPUs as held, and a job
 * that fails there waits whatever the idle resources allow. Own case fuzz15 f13 ({@code -N1 -n2 -c3 --gpus=6}; the
 * jobs still running as real 22.05.8 placed them, {@code results/fuzz15.jsonl}): the idle k1 could run it, but test
 * 0's retry counts every CPU (k1 32 + 8 GPUs, m1 48 + 3), drops k1 before m1, and m1 (lighter, {@code req2}) then
 * fills {@code max_nodes} with 3 GPUs; a rerun with {@code DebugFlags=SelectType} logs "test 0 fail: insufficient
 * resources" and the job stays {@code Resources}.
 */
class JobTestZeroAllCoresFreeTest {
    private static final String F13 = "-N1 -n2 -c3 --gpus=6";

    @Test
    void slurm2205WaitsWhenTheAllCoresFreeTestFails() throws Exception {
        assertThat(suggest(SlurmVersion.V22_05)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
    }

    @Test
    void testZeroKeepsTheGpusAndHoldsButFreesTheCpus() {
        ClusterState t0 = AllCoresFreeTest.stateOf(background());
        assertThat(t0.usedCpus("m1").isEmpty()).isTrue();
        assertThat(t0.usedGpus("m1").cardinality()).isEqualTo(1);
        assertThat(t0.heldWhole("m3")).isTrue();
    }

    private static Suggestion suggest(SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(background(),
                SbatchOptions.parseLine(F13, "f13"));
    }

    /** fuzz15's jobs running when f13 was submitted, where 22.05.8 put them. */
    private static ClusterState background() {
        ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz15"));
        s = s.with(new Placement("f5", List.of(
                host("k2", CpuSet.of(List.of(16, 17)), List.of(4, 5)),
                host("m2", CpuSet.of(List.of(0, 1, 24, 25)), List.of(0, 1, 2, 3)),
                host("m6", CpuSet.of(List.of(0, 1, 24, 25)), List.of(0, 1, 2, 3)))), ClusterState.Hold.LISTED,
                // --mem-per-gpu=64G times its GPUs on each node (HeldMemory, branch mem2)
                new org.topoplanner.allocator.HeldMemory(Map.of("k2", 2 * 64L * 1024, "m2", 4 * 64L * 1024,
                        "m6", 4 * 64L * 1024)));
        s = s.with(new Placement("f6", List.of(host("m3", range(0, 47), List.of(0, 1, 2, 3)))),
                ClusterState.Hold.WHOLE_NODES);
        s = s.with(new Placement("f7", List.of(host("c1", range(0, 1), List.of()))));
        s = s.with(new Placement("f8", List.of(host("m2", range(2, 9), List.of()))));
        s = s.with(new Placement("f11", List.of(host("k2", range(0, 0), List.of(0)))));
        return s.with(new Placement("f12", List.of(host("m1", range(0, 17), List.of(0)),
                host("s1", range(0, 4), List.of(0)))));
    }

    private static HostAllocation host(String name, CpuSet cpus, List<Integer> gpus) {
        return new HostAllocation(name, gpus, cpus, Map.of());
    }

    private static CpuSet range(int from, int to) {
        return CpuSet.of(IntStream.rangeClosed(from, to).boxed().toList());
    }
}
