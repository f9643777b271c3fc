package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * States one job apart that leave the same nodes out of sbatch's submit test share one test state
 * ({@link ClusterState#seenBySubmitTest}), so the tables slurm-tree derives from it are made once: the planner asks the
 * test on every suggestion, and a fresh state per suggestion made it 5-15 times slower on 16,384 hosts (BENCHMARKS).
 */
class SubmitTestStateSharedTest {
    private static Placement on(String job, String host, int cpu, int gpu) {
        return new Placement(job, List.of(HostAllocation.of(host, List.of(gpu), CpuSet.of(List.of(cpu)))));
    }

    @Test
    void statesLeavingOutTheSameNodesShareOneTestState() {
        Cluster cluster = OracleCase.cluster("cmx1");
        ClusterState one = ClusterState.empty(cluster).with(on("x", "a1", 0, 0), ClusterState.Hold.WHOLE_NODES);
        ClusterState two = one.with(on("y", "b1", 0, 0), ClusterState.Hold.LISTED);

        ClusterState test = one.seenBySubmitTest(false);
        assertThat(two.seenBySubmitTest(false)).isSameAs(test);
        assertThat(test.heldWhole("a1")).isTrue();
        assertThat(test.isIdle("b1")).isTrue();
        // an --exclusive job's test leaves out every node in use, so b1 too: another state
        assertThat(two.seenBySubmitTest(true)).isNotSameAs(test);
        assertThat(two.seenBySubmitTest(true).heldWhole("b1")).isTrue();
    }

    @Test
    void theTestStateLeavesOutTheUnusableNodesInTheClustersHostOrder() {
        Cluster cluster = OracleCase.cluster("cmx1");
        ClusterState s = ClusterState.empty(cluster).with(on("x", "c1", 0, 0), ClusterState.Hold.WHOLE_NODES)
                .with(on("y", "b2", 0, 0), ClusterState.Hold.LISTED)
                .with(on("z", "a3", 0, 0), ClusterState.Hold.WHOLE_NODES);

        List<String> order = cluster.hostNames();
        List<String> whole = s.seenBySubmitTest(false).running().values().stream()
                .flatMap(p -> p.hostNames().stream()).toList();
        assertThat(whole).containsExactly(order.stream().filter(h -> h.equals("a3") || h.equals("c1"))
                .toArray(String[]::new));
        List<String> busy = s.seenBySubmitTest(true).running().values().stream()
                .flatMap(p -> p.hostNames().stream()).toList();
        assertThat(busy).containsExactly(order.stream().filter(h -> List.of("a3", "b2", "c1").contains(h))
                .toArray(String[]::new));
        assertThat(ClusterState.empty(cluster).seenBySubmitTest(true).running()).isEmpty();
    }
}
