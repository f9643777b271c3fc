package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * 22.05's test 0 state ({@link AllCoresFreeTest}) made from an earlier state's instead of afresh (t24z): it must equal
 * what {@link AllCoresFreeTest#build} makes of the new state (same jobs in the same start order, GPUs, holds and
 * memory kept, no CPUs), and a change that leaves the running jobs as they were keeps the same state, whose tables
 * (and so the second selection's inputs) are then read, not made again. Built afresh per state, a suggestion under
 * 22.05 on the busy 16,384-host tree cost 100-630 ms after a change ({@code SuggestTaskDealBenchmark}, k24j).
 */
class AllCoresFreeStateUpdateTest {
    @Test
    void aChangeThatLeavesTheJobsKeepsTheSameState() {
        ClusterState s = background();
        ClusterState t0 = AllCoresFreeTest.stateOf(s);
        ClusterState changed = s.with(new Placement("tick", List.of())).without("tick");
        assertThat(AllCoresFreeTest.stateOf(changed)).isSameAs(t0);
    }

    @Test
    void jobsThatEndAndStartGiveWhatABuildGives() {
        ClusterState s = background();
        AllCoresFreeTest.stateOf(s);
        List<java.util.function.UnaryOperator<ClusterState>> steps = List.of(
                st -> st.without("f8"),
                st -> st.with(new Placement("g1", List.of(host("m1", range(20, 23), List.of(1)))),
                        ClusterState.Hold.LISTED),
                st -> st.with(new Placement("g2", List.of(host("k1", range(0, 31), List.of(0, 1)))),
                        ClusterState.Hold.WHOLE_NODES),
                st -> st.without("f12"),
                // f5 ends and starts again: it is then the latest job, as a build of the new state has it
                st -> st.without("f5"),
                st -> st.with(new Placement("f5", List.of(host("m6", range(0, 3), List.of(0, 1)))),
                        ClusterState.Hold.LISTED, new org.topoplanner.allocator.HeldMemory(Map.of("m6", 4096L))),
                st -> st.without("g1"));
        for (var step : steps) {
            s = step.apply(s);
            AllCoresFreeTest.stateOf(s);
            assertSameJobs(AllCoresFreeTest.stateOf(s), AllCoresFreeTest.build(s));
        }
    }

    @Test
    void theUpdateIsUsedWhereTheStartOrderHolds() {
        ClusterState s = background();
        ClusterState t0 = AllCoresFreeTest.stateOf(s);
        ClusterState next = s.without("f7").with(new Placement("g1", List.of(host("m1", range(20, 23), List.of(1)))));
        ClusterState updated = AllCoresFreeTest.updated(t0, next, Set.of("c1", "m1"));
        assertThat(updated).isNotNull();
        assertSameJobs(updated, AllCoresFreeTest.build(next));
        // f5 again, now the latest: kept where it was, the order would not be build's
        ClusterState restarted = s.without("f5").with(s.placement("f5").orElseThrow(), ClusterState.Hold.LISTED,
                s.heldMemory("f5"));
        assertThat(AllCoresFreeTest.updated(t0, restarted, Set.of())).isNull();
        assertSameJobs(AllCoresFreeTest.stateOf(restarted), AllCoresFreeTest.build(restarted));
    }

    private static void assertSameJobs(ClusterState actual, ClusterState expected) {
        assertThat(List.copyOf(actual.running().keySet())).isEqualTo(List.copyOf(expected.running().keySet()));
        for (String job : expected.running().keySet()) {
            assertThat(actual.placement(job)).isEqualTo(expected.placement(job));
            assertThat(actual.hold(job)).isEqualTo(expected.hold(job));
            assertThat(actual.heldMemory(job)).isEqualTo(expected.heldMemory(job));
        }
        for (String name : expected.cluster().hostNames()) {
            assertThat(actual.usedCpus(name)).isEqualTo(expected.usedCpus(name));
            assertThat(actual.usedGpus(name)).isEqualTo(expected.usedGpus(name));
            assertThat(actual.heldWhole(name)).isEqualTo(expected.heldWhole(name));
        }
    }

    /** {@link JobTestZeroAllCoresFreeTest}'s fuzz15 jobs: GPUs, whole-node holds and held memory. */
    private static ClusterState background() {
        ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz15"));
        s = s.with(new Placement("f5", List.of(
                host("k2", CpuSet.of(List.of(16, 17)), List.of(4, 5)),
                host("m2", CpuSet.of(List.of(0, 1, 24, 25)), List.of(0, 1, 2, 3)))), ClusterState.Hold.LISTED,
                new org.topoplanner.allocator.HeldMemory(Map.of("k2", 2 * 64L * 1024, "m2", 4 * 64L * 1024)));
        s = s.with(new Placement("f6", List.of(host("m3", range(0, 47), List.of(0, 1, 2, 3)))),
                ClusterState.Hold.WHOLE_NODES);
        s = s.with(new Placement("f7", List.of(host("c1", range(0, 1), List.of()))));
        s = s.with(new Placement("f8", List.of(host("m2", range(2, 9), List.of()))));
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
