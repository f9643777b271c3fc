package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A partition's {@code MaxCPUsPerNode} caps each node's CPUs in the pick ({@code _allocate_sc}'s
 * {@code part_cpu_limit}, 22.05 {@code cons_common.c}, 24.11 and 26.05 {@code cons_tres/job_test.c}). Own probe c18d1
 * (real 22.05.8, 24.11.5, 26.05.5): partition {@code cpu} holds c1 and c2 (8 CPUs each) with {@code MaxCPUsPerNode=4};
 * c2 {@code -p cpu -n8} runs on four CPUs of each, and c3 {@code -p cpu -n1} then waits with {@code Resources}.
 */
class PartitionCpuCapTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    private static SlurmTreePolicy policy(SlurmVersion v) {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
    }

    @Test
    void aJobGetsNoMoreThanMaxCpusPerNodeOnANode() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = policy(v).suggest(ClusterState.empty(C18D1), SbatchOptions.parseLine("-p cpu -n8", "c2"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
                assertThat(p.placement().hostNames()).containsExactly("c1", "c2");
                p.placement().hosts().forEach(h -> assertThat(h.cpus().stream().toArray()).as(h.host())
                        .containsExactly(0, 1, 2, 3));
            });
        }
    }

    @Test
    void aNodeWhoseUsedCpusReachTheLimitIsNotUsed() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion first = policy(v).suggest(ClusterState.empty(C18D1),
                    SbatchOptions.parseLine("-p cpu -n8", "c2"));
            ClusterState busy = ClusterState.empty(C18D1).with(((Suggestion.Placed) first).placement());
            // four CPUs of each node are free, but the partition's four a node are held
            assertThat(policy(v).suggest(busy, SbatchOptions.parseLine("-p cpu -n1", "c3"))).as(v.label())
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
            // the same nodes in a partition without the limit still take it
            assertThat(policy(v).suggest(busy, SbatchOptions.parseLine("-p tl -n1", "e2"))).as(v.label())
                    .isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void thePlannerDoesNotStartAJobOfAPartitionWhoseCpusAreHeld() throws Exception {
        // the planner must never start what Slurm refuses: c3 after Slurm's c2 waits there too
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion first = policy(v).suggest(ClusterState.empty(C18D1), SbatchOptions.parseLine("-p cpu -n8", "c2"));
            ClusterState busy = ClusterState.empty(C18D1).with(((Suggestion.Placed) first).placement());
            var planner = new org.topoplanner.allocator.planner.PlannerPolicy(
                    PolicyOptions.DEFAULT.withSlurmVersion(v));
            assertThat(planner.suggest(busy, SbatchOptions.parseLine("-p cpu -n1", "c3"))).as(v.label())
                    .isNotInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void anExclusiveJobGetsNoNodeOfMoreCpusThanTheCap() {
        // _allocate_sc: "Total cpu count greater than max_cpus_per_node on exclusive job" (whole_node), every release;
        // slurm-tree's whole-node path keeps it (PassFilter.whole), and the planner reads it from there
        // (SlurmBinding.refused)
        SlurmNode node = SlurmNode.of(C18D1).stream().filter(n -> n.name().equals("c1")).findFirst().orElseThrow();
        SlurmJobSpec exclusive = SlurmJobSpec.builder("j").partitionCpusPerNode(4).exclusive(true).build();
        assertThat(PartitionCpuCap.refusesWhole(node, exclusive)).isTrue();
        assertThat(PassFilter.whole(node, exclusive)).isNull();
        assertThat(PartitionCpuCap.refusesWhole(node, exclusive.withPartitionCpusPerNode(8))).isFalse();
        assertThat(PassFilter.whole(node, exclusive.withPartitionCpusPerNode(8))).isNotNull();
    }

    @Test
    void theCapIsTheLimitLessTheUsedCpus() {
        SlurmNode node = SlurmNode.of(C18D1).stream().filter(n -> n.name().equals("c1")).findFirst().orElseThrow();
        SlurmJobSpec job = SlurmJobSpec.builder("j").partitionCpusPerNode(4).build();
        assertThat(PartitionCpuCap.limit(node, 8, job)).isEqualTo(4);
        assertThat(PartitionCpuCap.limit(node, 7, job)).isEqualTo(3);
        assertThat(PartitionCpuCap.limit(node, 4, job)).isZero();
        // one CPU left and a task of two: "insufficient available CPUs on this node"
        assertThat(PartitionCpuCap.limit(node, 5, job)).isEqualTo(1);
        assertThat(PartitionCpuCap.limit(node, 5, job.toBuilder().cpusPerTask(2).build())).isZero();
        // no limit, or one the node's CPUs stay within
        assertThat(PartitionCpuCap.limit(node, 8, SlurmJobSpec.builder("j").build())).isEqualTo(PartitionCpuCap.NONE);
        assertThat(PartitionCpuCap.limit(node, 8, job.withPartitionCpusPerNode(8))).isEqualTo(PartitionCpuCap.NONE);
    }
}
