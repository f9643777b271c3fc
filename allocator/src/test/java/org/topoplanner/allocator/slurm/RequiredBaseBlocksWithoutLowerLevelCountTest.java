package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block} (24.11 and 26.05) counts the required nodes' base blocks against {@code max_llblock} only
 * when it keeps {@code nodes_on_llblock} (the loop runs "{@code (i < block_record_cnt) && nodes_on_llblock}"). A
 * {@code -N22} job on blockfz47's 8 base blocks of 3 wants level 3 (8 base blocks), whose lower level holds 4, and
 * {@code max_llblock} is 2: exactly the level's block, so there is no such array and only the lighter nodes' blocks
 * are counted (b1 and b5's lower-level blocks: 2, allowed). Lead case blockfz47 k33 ({@code -w u3,m6 -N22 -n22 -c3
 * --gpus-per-node=3}): 24.11.5 runs it on 22 nodes over b1-b8, 26.05.5 accepts it (pending Resources, m6 busy); the
 * replay counted b3 for the required nodes and again for the lighter nodes and refused it at submission.
 */
class RequiredBaseBlocksWithoutLowerLevelCountTest {

    @Test
    void aTwentyTwoNodeJobWithRequiredNodesIsAccepted() throws Exception {
        ClusterState idle = ClusterState.empty(OracleCase.cluster("blockfz47"));
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            SlurmBlockPolicy policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            assertThat(policy.suggest(idle, SbatchOptions.parseLine(
                    "-w u3,m6 -N22 -n22 -c3 --gpus-per-node=3", "k33")))
                    .as("%s", v).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
                        assertThat(p.placement().hosts()).hasSize(22);
                        assertThat(p.placement().hosts().stream().map(h -> h.host()).toList()).contains("u3", "m6");
                    });
        }
    }
}
