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
 * A job asking more CPUs than its partition has ({@code _part_access_check}): 22.05 and 26.05 hold it {@code
 * PartitionConfig} without testing its nodes, 24.11 refuses it at submit after its node test. 22.05's {@code min_cpus}
 * is sbatch's (tasks times {@code -c}), not raised by CPUs per GPU, so those jobs are tested on the nodes there and
 * refused. Cluster: own case fuzz71 (c1, c2 16 CPUs, u1 and g1 32, f1 64: 160 in all). Real answers: fuzz71 p0 (all
 * three releases), probes c26i1 (all three) and c22k1 (22.05.8, 24.11.5).
 */
class PartitionCpuTotalTest {
    private static final Cluster FUZZ71 = OracleCase.cluster("fuzz71");

    private static Suggestion onIdle(String args, SlurmVersion version) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))
                .suggest(ClusterState.empty(FUZZ71), SbatchOptions.parseLine(args, "q"));
    }

    private static void assertHeld(Suggestion s, String args) {
        assertThat(s).as(args).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        --nodes=3 --gpus-per-node=4 --cpus-per-gpu=16 | 192 | 3   | true
        -n12 -c16                                     | 192 | 192 | false
        --gpus=12 --cpus-per-gpu=16                   | 192 | 1   | true
        --nodes=2 --gpus-per-node=4 --cpus-per-gpu=24 | 192 | 2   | true
        -N2 -n2 -c96                                  | 192 | 192 | false
        -N2 -c96                                      | 192 | 192 | false
        -N2 --ntasks-per-node=6 -c16                  | 192 | 192 | false
        -n161                                         | 161 | 161 | false
        """)
    void moreCpusThanThePartitionHasWaitForPartitionConfig(String args, long cpus, long sbatchCpus,
                                                           boolean refusedBy2205) throws Exception {
        assertThat(PartitionCpuTotal.minCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(cpus);
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(sbatchCpus);
        assertHeld(onIdle(args, SlurmVersion.V26_05), args);
        // the planner proposes no place for it either: no node set of the cluster holds those CPUs
        assertThat(new org.topoplanner.allocator.planner.PlannerPolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(FUZZ71), SbatchOptions.parseLine(args, "q")))
                .as(args).isNotInstanceOf(Suggestion.Placed.class);
        // 24.11 tests the nodes after the failed limit and refuses (fuzz71 p0; c26i1 and c22k1 under real 24.11.5)
        assertThat(onIdle(args, SlurmVersion.V24_11)).as(args).isInstanceOf(Suggestion.Impossible.class);
        if (refusedBy2205) {
            assertThat(onIdle(args, SlurmVersion.V22_05)).as(args).isInstanceOf(Suggestion.Impossible.class);
        } else {
            // c26i1 q3 q7, c22k1 q1-q4 under real 22.05.8
            assertHeld(onIdle(args, SlurmVersion.V22_05), args);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        --nodes=2 --gpus-per-node=4 --cpus-per-gpu=16 | 128
        -n1 -c100                                     | 100
        """)
    void withinThePartitionButOnNoNodeIsRefused(String args, long cpus) throws Exception {
        // probe c26i1 q2, q5: the limit passes, the node test refuses (every release)
        assertThat(PartitionCpuTotal.minCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(cpus);
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(onIdle(args, v)).as(args + " " + v).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        -w c1,c2 -c50 | 100
        -w c1,c2      | 2
        -N1-2 -c4     | 4
        """)
    void sbatchCountsOneTaskPerNodeOfAFixedNodeCount(String args, long cpus) throws Exception {
        // _opt_verify: -w sets the node count; a range -N1-2 leaves one task
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine(args, "q"))).isEqualTo(cpus);
    }
}
