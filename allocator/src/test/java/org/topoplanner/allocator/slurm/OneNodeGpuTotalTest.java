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
 * 26.05's one-node test on a tree partition ({@code _get_one_res} through {@code common_test_node}): a one-node
 * {@code --gpus=N} job no node holds is accepted while the usable nodes hold N GPUs together, and refused once
 * they do not. Cluster: own case fuzz20 (13 nodes with 2, 3, 4 or 8 GPUs, 54 in all; g1-g3 hold 8 each), whose
 * probe p6 ({@code -n1 -c1 --gpus=9}) 26.05.5 accepted (src/test/resources/oracle/PROVENANCE.md, "slurm-tree5").
 */
class OneNodeGpuTotalTest {
    private static final Cluster FUZZ20 = OracleCase.cluster("fuzz20");

    @ParameterizedTest(name = "{0}: accepted {1}")
    @CsvSource(delimiter = ';', value = {
        // the real probe p6: more than any node holds, fewer than the partition
        "-n1 -c1 --gpus=9;             true",
        "-N1 --gpus=54;                true",
        // more GPUs than the whole partition: gres_sched_test fails on every node, in both passes
        "-N1 --gpus=55;                false",
        // the excluded nodes add nothing: the 30 GPUs outside g1-g3 hold 30, not 31
        "-x g1,g2,g3 -N1 --gpus=30;    true",
        "-x g1,g2,g3 -N1 --gpus=31;    false",
    })
    void acceptsWhileTheUsableNodesHoldTheGpusTogether(String args, boolean accepted) throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Suggestion s = v26.suggest(ClusterState.empty(FUZZ20), SbatchOptions.parseLine(args, "j"));
        if (accepted) {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        } else {
            assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        }
    }
}
