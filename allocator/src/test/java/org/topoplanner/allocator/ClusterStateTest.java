package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

class ClusterStateTest {
    private final Cluster tree3 = OracleCase.cluster("tree3lvl");

    @Test
    void withAndWithoutTrackGpusAndWholeCores() {
        // n01: 2 sockets x 8 cores x 2 threads; Slurm CPU ids 16-17 are the two threads of core 8
        Placement p = new Placement("a", List.of(HostAllocation.of("n01", List.of(2), CpuSet.parse("16-17"))));
        ClusterState s = ClusterState.empty(tree3).with(p);
        assertThat(s.freeGpus("n01")).containsExactly(0, 1, 3);
        assertThat(s.freeCores("n01")).isEqualTo(CpuSet.parse("0-7,9-15"));
        assertThat(s.jobsOn("n01")).containsExactly("a");
        assertThat(s.isIdle("n02")).isTrue();
        assertThat(s.without("a").isIdle("n01")).isTrue();
        assertThatThrownBy(() -> s.with(p)).hasMessageContaining("runs already");
    }

    @Test
    void exclusiveJobsHoldTheirNodesWhole() {
        Placement p = new Placement("x", List.of(HostAllocation.of("g1", List.of(0), CpuSet.of(0))));
        ClusterState s = ClusterState.empty(tree3).with(p, ClusterState.Hold.WHOLE_NODES);
        assertThat(s.heldWhole("g1")).isTrue();
        assertThat(s.heldWhole("g2")).isFalse();
        assertThat(s.hold("x")).isEqualTo(ClusterState.Hold.WHOLE_NODES);
    }

    @Test
    void slurmCpuIdsNumberThreadsInsideEachCore() {
        SlurmCpuIds ids = ClusterIndex.of(tree3).cpuIdsOf("n05");
        assertThat(ids).isEqualTo(new SlurmCpuIds(2, 8, 2));
        assertThat(ids.cpusOfCores(List.of(0, 8))).isEqualTo(CpuSet.parse("0-1,16-17"));
        assertThat(ids.coresOfCpus(CpuSet.parse("0-3"))).isEqualTo(CpuSet.parse("0-1"));
        assertThat(ids.socketOfCore(8)).isEqualTo(1);
        // Linux numbers the second thread of core 0 as 16 on this layout (cpuLayout of the model)
        assertThat(ids.osCpus(CpuSet.parse("0-1"), tree3.node("n05").threadsOfCores())).isEqualTo(CpuSet.parse("0,16"));
    }

    @Test
    void derivedTablesAreBuiltOncePerStateAndNotCarriedToTheNext() {
        Placement p = new Placement("a", List.of(HostAllocation.of("n01", List.of(2), CpuSet.parse("16-17"))));
        ClusterState empty = ClusterState.empty(tree3);
        ClusterState one = empty.with(p);
        int[] builds = {0};
        java.util.function.Function<ClusterState, Integer> running = st -> {
            builds[0]++;
            return st.running().size();
        };
        assertThat(one.<Integer>derived("count", running)).isEqualTo(1);
        assertThat(one.<Integer>derived("count", running)).isEqualTo(1);
        assertThat(builds[0]).isEqualTo(1);
        // a derived table describes one state: the next state (and the one before) build their own
        assertThat(one.without("a").<Integer>derived("count", running)).isZero();
        assertThat(empty.<Integer>derived("count", running)).isZero();
        assertThat(builds[0]).isEqualTo(3);
    }

    /**
     * Two threads asking one state for the same table at once (two rows of the every-policy table on the shared
     * state without the job) get one table, built once: the second waits for the first's build. A build that
     * throws leaves nothing behind, so the next asker builds (and fails) itself.
     */
    @Test
    void aTableAskedFromTwoThreadsAtOnceIsBuiltOnce() throws Exception {
        ClusterState one = ClusterState.empty(tree3).with(new Placement("a", List.of(HostAllocation.of("n01", List.of(2), CpuSet.of(0)))));
        java.util.concurrent.atomic.AtomicInteger builds = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch building = new java.util.concurrent.CountDownLatch(1);
        Thread[] second = new Thread[1];
        java.util.function.Function<ClusterState, Object> slow = st -> {
            builds.incrementAndGet();
            building.countDown();
            long until = System.nanoTime() + 10_000_000_000L;
            // hold the build until the second asker is parked on it, so the two asks overlap for sure
            while (second[0] == null || second[0].getState() != Thread.State.WAITING) {
                if (System.nanoTime() > until) {
                    throw new IllegalStateException("the second asker never waited");
                }
                Thread.onSpinWait();
            }
            return new Object();
        };
        Object[] got = new Object[2];
        Thread first = new Thread(() -> got[0] = one.derived("slow", slow));
        first.start();
        building.await();
        second[0] = new Thread(() -> got[1] = one.derived("slow", slow));
        second[0].start();
        first.join();
        second[0].join();
        assertThat(builds.get()).isEqualTo(1);
        assertThat(got[1]).isNotNull().isSameAs(got[0]);

        java.util.function.Function<ClusterState, Object> broken = st -> {
            builds.incrementAndGet();
            throw new IllegalStateException("broken table");
        };
        assertThatThrownBy(() -> one.derived("broken", broken)).hasMessage("broken table");
        assertThatThrownBy(() -> one.derived("broken", broken)).hasMessage("broken table");
        assertThat(builds.get()).isEqualTo(3);
    }
}
