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
 * {@code job_limits_check} ({@code job_mgr.c}: {@code _part_access_check}, then the partition's state) past the CPU and
 * node totals, per release, and what {@code _valid_job_part}, {@code _alt_part_test} and {@code get_node_cnts} make of
 * the same limits. Cluster: own probe c18d1 (gpu g1-g4 {@code MaxNodes=2} default, cpu c1 c2 {@code MaxCPUsPerNode=4},
 * mn g1-g4 {@code MinNodes=2}, tl c1 c2 {@code MaxTime=10}, dn g3 g4 {@code State=DOWN}, dr c1 {@code State=DRAIN},
 * ina c2 {@code State=INACTIVE}); real 22.05.8, 24.11.5 and 26.05.5 in results/{,new/,v26.05/}c18d1.jsonl.
 */
class JobLimitsCheckTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    private static Suggestion onIdle(String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(C18D1), SbatchOptions.parseLine(args, "j"));
    }

    private static void waits(String args, SlurmVersion v, PendingReason reason) throws Exception {
        assertThat(onIdle(args, v)).as(args + " " + v.label()).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(reason));
    }

    @Test
    void aMaximumNodeCountAboveMaxNodesWaitsForPartitionNodeLimit() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // c18d1 a1, a2: sbatch sends -N3 as min = max = 3, and -N1-3's maximum counts too
            waits("-p gpu -N3", v, PendingReason.PARTITION_NODE_LIMIT);
            waits("-p gpu -N1-3", v, PendingReason.PARTITION_NODE_LIMIT);
            assertThat(onIdle("-p gpu -N2", v)).isInstanceOf(Suggestion.Placed.class);
            // c18d1 a3: a job without -N has no maximum job_limits_check tests
            assertThat(onIdle("-p gpu -n3", v)).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void aJobWithoutNodeCountPastMaxNodesOfTheLargestNodesIsRefused() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // c18d1 a4: get_node_cnts gives it max_nodes = MaxNodes = 2, and two nodes hold 16 CPUs
            assertThat(onIdle("-p gpu -n20", v)).as(v.label()).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).isEqualTo("Requested node configuration is not available"));
            assertThat(onIdle("-p gpu -n16", v)).as(v.label()).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void minNodesRaisesAJobWithoutNodeCountAndHoldsASmallerMaximum() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // c18d1 d1: -N1's maximum is below MinNodes=2
            waits("-p mn -N1", v, PendingReason.PARTITION_NODE_LIMIT);
            // c18d1 d2: _valid_job_part raises -n2's node count to 2, one CPU on each of g1 and g2
            assertThat(onIdle("-p mn -n2", v)).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).containsExactly("g1", "g2"));
            // -N1-3 is raised to 2 as well
            assertThat(onIdle("-p mn -N1-3", v)).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void moreCpusThanMaxCpusPerNodeTimesTheNodesArePartitionConfigOrRefusedBy2411() throws Exception {
        // c18d1 c1: -n9 on two nodes of MaxCPUsPerNode=4, though the nodes hold 16 CPUs
        waits("-p cpu -n9", SlurmVersion.V22_05, PendingReason.PARTITION_CONFIG);
        waits("-p cpu -n9", SlurmVersion.V26_05, PendingReason.PARTITION_CONFIG);
        assertThat(onIdle("-p cpu -n9", SlurmVersion.V24_11)).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).isEqualTo("Requested topology configuration is not available"));
    }

    @Test
    void aTimeAboveMaxTimeWaitsForPartitionTimeLimit() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            waits("-p tl -n1 --time=20", v, PendingReason.PARTITION_TIME_LIMIT);
            // time_str2mins rounds seconds up: 10:30 is 11 minutes
            waits("-p tl -n1 -t 10:30", v, PendingReason.PARTITION_TIME_LIMIT);
            assertThat(onIdle("-p tl -n1 --time=10", v)).isInstanceOf(Suggestion.Placed.class);
            assertThat(onIdle("-p tl -n1", v)).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void aPartitionsStateHoldsOrRefusesTheJob() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // c18d1 b1: DOWN takes the job and holds it; b2, b3: DRAIN and INACTIVE refuse it
            waits("-p dn -N1", v, PendingReason.PARTITION_DOWN);
            for (String args : new String[] {"-p dr -n1", "-p ina -n1"}) {
                assertThat(onIdle(args, v)).as(args).isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).isEqualTo("Required partition not available (inactive or drain)"));
            }
            // b4: the drained partition leaves the list, cpu places the job; b5: the down one is passed over
            assertThat(onIdle("-p dr,cpu -n1", v)).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).containsExactly("c1"));
            assertThat(onIdle("-p dn,cpu -n1", v)).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).containsExactly("c1"));
            assertThat(onIdle("-p dr,ina -n1", v)).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void theSubmissionWordsEachLimitPerRelease() {
        // 22.05 calls no select_nodes after a failed limit: PartitionConfig (c18d1 a1, e1); a down partition's
        // test-only pick passes and leaves PartitionDown (b1)
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V22_05, PendingReason.PARTITION_TIME_LIMIT, false, true))
                .isEqualTo("PartitionConfig");
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V22_05, PendingReason.PARTITION_DOWN, true, true))
                .isEqualTo("PartitionDown");
        // 24.11: the test-only pick's get_node_cnts (max_nodes below min_nodes) words MaxNodes/MinNodes PartitionConfig
        // (a1, d1), and a passing pick keeps PartitionTimeLimit (e1); behind others with a range that meets,
        // Priority (a2)
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V24_11, PendingReason.PARTITION_NODE_LIMIT, false, true))
                .isEqualTo("PartitionConfig");
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V24_11, PendingReason.PARTITION_NODE_LIMIT, true, false))
                .isNull();
        // ... but an empty get_node_cnts range is PartitionConfig behind others too (featfz16r f66, 24.11.5)
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V24_11, PendingReason.PARTITION_NODE_LIMIT, true, true))
                .isEqualTo("PartitionConfig");
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V24_11, PendingReason.PARTITION_TIME_LIMIT, false, true))
                .isEqualTo("PartitionTimeLimit");
        // 26.05 skips the pick after WAIT_PART_NODE_LIMIT only, not after a time limit (e1)
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V26_05, PendingReason.PARTITION_NODE_LIMIT, false, true))
                .isEqualTo("PartitionConfig");
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V26_05, PendingReason.PARTITION_TIME_LIMIT, false, true))
                .isEqualTo("PartitionTimeLimit");
        assertThat(SlurmTreePolicy.heldAtSubmit(SlurmVersion.V26_05, PendingReason.PARTITION_DOWN, false, true))
                .isEqualTo("PartitionDown");
    }

    @Test
    void partitionReasonsAreSlurmsJsrPartOnes() {
        assertThat(PendingReason.PARTITION_NODE_LIMIT.partitionState()).isTrue();
        assertThat(PendingReason.PARTITION_TIME_LIMIT.partitionState()).isTrue();
        assertThat(PendingReason.PARTITION_DOWN.partitionState()).isTrue();
        assertThat(PendingReason.PARTITION_CONFIG.partitionState()).isFalse();
        assertThat(PendingReason.PARTITION_DOWN.blocksJobsBehind()).isFalse();
    }
}
