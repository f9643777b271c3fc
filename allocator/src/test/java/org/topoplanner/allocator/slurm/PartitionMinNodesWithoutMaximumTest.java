package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job without {@code -N} in a partition with {@code MinNodes=2}: {@code _valid_job_part} raises its
 * {@code min_nodes} and leaves {@code max_nodes} unset, and {@code get_node_cnts} gives the pick the partition's
 * {@code MaxNodes} (none) as maximum ({@link PartitionMinNodes}). Lead's case featfz16 (mix = b1-b4, c1, c2,
 * {@code MaxCPUsPerNode=6 MinNodes=2}): f40 ({@code -p mix -n5 -c6 --gpus-per-task=1}) runs on five nodes in 22.05.8,
 * 24.11.5 and 26.05.5; f5 ({@code -p mix -n4 -c4 --gpus=3}) needs four nodes (one task of 4 CPUs under the cap of
 * 6) and is never refused. The emulation read the raise as {@code -N2}, exactly two nodes, and refused both.
 */
class PartitionMinNodesWithoutMaximumTest {

    @Test
    void aJobWithoutNodeCountTakesMoreNodesThanMinNodesWhenItsTasksNeedThem() throws Exception {
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz16"));
            Suggestion f40 = policy.suggest(idle, SbatchOptions.parseLine("-p mix -n5 -c6 --gpus-per-task=1", "f40"));
            assertThat(f40).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(hosts(p)).hasSize(5));
            Suggestion f5 = policy.suggest(idle, SbatchOptions.parseLine("-p mix -n4 -c4 --gpus=3", "f5"));
            assertThat(f5).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(hosts(p)).hasSize(4));
        }
    }

    @Test
    void aJobWithoutNodeCountStillTakesMinNodesNodes() throws Exception {
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz16"));
        Suggestion two = policy.suggest(idle, SbatchOptions.parseLine("-p mix -n2 -c1", "m"));
        assertThat(two).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(hosts(p)).hasSize(2));
    }

    private static List<String> hosts(Suggestion.Placed p) {
        return p.placement().hosts().stream().map(HostAllocation::host).sorted().toList();
    }
}
