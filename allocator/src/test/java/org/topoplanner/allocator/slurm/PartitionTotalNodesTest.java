package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _part_access_check} ({@code job_mgr.c}): a job asking for more nodes than its partition's
 * {@code total_nodes} is held back by the partition's limit, counted over the partition, not the cluster; real 26.05.5
 * shows {@code PartitionConfig} for a tree or flat partition (own case frag f3a on a tree). Own case yamlfz20 y5 ({@code -p flat -N3 --gpus=5 --cpus-per-gpu=4}; partition flat holds p6 and p7 of
 * 14 nodes): PENDING (PartitionConfig) in 26.05.5, where the emulation refused it at submit.
 */
class PartitionTotalNodesTest {

    @Test
    void moreNodesThanThePartitionHasWaitForItsLimit() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Suggestion s = v26.suggest(ClusterState.empty(OracleCase.clusterWithTopologyYaml("yamlfz20")),
                SbatchOptions.parseLine("-p flat -N3 --gpus=5 --cpus-per-gpu=4", "y5"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
    }

    @Test
    void aJobThatFitsThePartitionIsPlacedThere() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Suggestion s = v26.suggest(ClusterState.empty(OracleCase.clusterWithTopologyYaml("yamlfz20")),
                SbatchOptions.parseLine("-p flat -N2 --gpus-per-node=1", "two"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(
                p.placement().hosts().stream().map(h -> h.host()).sorted().toList()).containsExactly("p6", "p7"));
    }
}
