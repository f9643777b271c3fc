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
 * {@code get_node_cnts} ({@code select_nodes}, node_scheduler.c) compares {@code -N} with the job's partition's nodes:
 * above them the job waits with {@code PartitionConfig} at submission (26.05), whatever the rest of the cluster holds,
 * and {@code PartitionNodeLimit} once a pass has tested it ({@code _job_runnable_test2}; probe c22k1 q5, 22.05.8). Cluster: own
 * case yamlfz20, whose partition {@code flat} holds p6 and p7 of 18 nodes; probe yamlfz20q (real 26.05.5,
 * results/v26.05/yamlfz20q.jsonl): {@code -p flat -N3} alone, with {@code --gpus=5}, with CPUs per GPU and with
 * {@code -n3 -c30} or {@code -n3 -c8} all wait with {@code PartitionConfig}.
 */
class PartitionNodeCountTest {
    private static final Cluster YAMLFZ20 = OracleCase.clusterWithTopologyYaml("yamlfz20");
    private static final SlurmTreePolicy V26 = new SlurmTreePolicy(
            PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));

    private static Suggestion onIdle(String args) throws Exception {
        return V26.suggest(ClusterState.empty(YAMLFZ20), SbatchOptions.parseLine(args, "y5"));
    }

    @Test
    void moreNodesThanThePartitionHoldsWaitForPartitionConfig() throws Exception {
        for (String args : new String[] {"-p flat -N3", "-p flat -N3 --gpus=5 --cpus-per-gpu=4", "-p flat -N3 -n3 -c8"}) {
            // job_limits_check's WAIT_PART_NODE_LIMIT: PartitionConfig at submission, PartitionNodeLimit in a pass
            assertThat(onIdle(args)).as(args).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_NODE_LIMIT));
            assertThat(V26.heldAtSubmit(YAMLFZ20, SbatchOptions.parseLine(args, "y5"), PendingReason.PARTITION_NODE_LIMIT,
                    true)).isEqualTo("PartitionConfig");
        }
        // as many nodes as the partition holds: placed there
        assertThat(onIdle("-p flat -N2")).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("p6", "p7"));
    }
}
