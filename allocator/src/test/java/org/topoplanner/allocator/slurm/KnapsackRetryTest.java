package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link KnapsackRetry} on own case fuzz32 (12 nodes: s1-s3 of weight 1 with 2 GPUs each, g1-g3 of weight 5 with 8,
 * p1-p3 of weight 10 with 3, c1-c3 without GPUs). The tree's evaluation starts from the weight-1 nodes, whose 6 GPUs
 * together are enough for {@code -N1 --gpus=4} though none holds 4, so it fails with one node at most; 22.05.8 and
 * 24.11.5 then drop the nodes with the fewest CPUs and GPUs and run the job on an 8-GPU node (probe p24, g1 GPUs
 * 0-3). Without the retry the emulation refused the job on the idle cluster.
 */
class KnapsackRetryTest {
    private static final Cluster FUZZ32 = OracleCase.cluster("fuzz32");

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({"-N1 --gpus=4, 22.05", "-N1 --gpus=4, 24.11", "-N1 --gpus=6, 22.05", "-N1 --gpus=3, 24.11"})
    void aJobTheLowestWeightNodesHoldOnlyTogetherRunsOnAHeavierNode(String args, String version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        Suggestion s = slurm.suggest(ClusterState.empty(FUZZ32), SbatchOptions.parseLine(args, "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).hasSize(1);
            HostAllocation a = p.placement().hosts().get(0);
            assertThat(a.host()).as("a node holding the GPUs alone").matches("[gp][1-3]");
            assertThat(a.gpus()).hasSize(Integer.parseInt(args.substring(args.indexOf('=') + 1)));
        });
    }
}
