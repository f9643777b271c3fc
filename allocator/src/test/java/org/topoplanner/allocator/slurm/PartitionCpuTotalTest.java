package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job asking more CPUs than its partition has ({@code _part_access_check}): 26.05 holds it {@code PartitionConfig},
 * 22.05 and 24.11 refuse it at submit after their node test. Cluster: own case fuzz71 (c1, c2 16 CPUs, u1 and g1 32,
 * f1 64: 160 in all). Real answers: fuzz71 p0 (all three releases) and probe c26i1 (26.05.5).
 */
class PartitionCpuTotalTest {
    private static final Cluster FUZZ71 = OracleCase.cluster("fuzz71");

    private static Suggestion onIdle(String args, SlurmVersion version) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))
                .suggest(ClusterState.empty(FUZZ71), SbatchOptions.parseLine(args, "q"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        --nodes=3 --gpus-per-node=4 --cpus-per-gpu=16 | 192 | true
        -n12 -c16                                     | 192 | false
        --gpus=12 --cpus-per-gpu=16                   | 192 | true
        --nodes=2 --gpus-per-node=4 --cpus-per-gpu=24 | 192 | true
        -N2 -n2 -c96                                  | 192 | false
        """)
    void moreCpusThanThePartitionHasWaitForPartitionConfigUnder2605(String args, long cpus, boolean refusedBy2205)
            throws Exception {
        assertThat(PartitionCpuTotal.minCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(cpus);
        assertThat(onIdle(args, SlurmVersion.V26_05)).as(args).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
        // the planner proposes no place for it either: no node set of the cluster holds those CPUs
        assertThat(new org.topoplanner.allocator.planner.PlannerPolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(FUZZ71), SbatchOptions.parseLine(args, "q")))
                .as(args).isNotInstanceOf(Suggestion.Placed.class);
        // 22.05 and 24.11 test the nodes after the failed limit and refuse (fuzz71 p0; c26i1 under real 24.11.5
        // refuses all five; 22.05.8 holds the two -n/-c jobs PartitionConfig, which is not emulated)
        assertThat(onIdle(args, SlurmVersion.V24_11)).as(args).isInstanceOf(Suggestion.Impossible.class);
        if (refusedBy2205) {
            assertThat(onIdle(args, SlurmVersion.V22_05)).as(args).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        --nodes=2 --gpus-per-node=4 --cpus-per-gpu=16 | 128
        -n1 -c100                                     | 100
        """)
    void withinThePartitionButOnNoNodeIsRefusedUnder2605(String args, long cpus) throws Exception {
        // probe c26i1 q2, q5: the limit passes, the node test refuses
        assertThat(PartitionCpuTotal.minCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(cpus);
        assertThat(onIdle(args, SlurmVersion.V26_05)).as(args).isInstanceOf(Suggestion.Impossible.class);
    }
}
