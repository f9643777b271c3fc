package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A lighter-weight node that {@code eval_nodes_cpus_to_use} turns down leaves {@code req2_nodes_bitmap} before
 * {@code eval_nodes_block} marks the base blocks of the lighter nodes ({@code bblock_required}, counted against
 * {@code max_llblock}): the same loop in 24.11.5 and 26.05 {@code topology/block/eval_nodes_block.c}. On own probe
 * c27w1's nodes (l1, h1 in b1, h[2-3] b2, h[4-5] b3, h[6-7] b4, two GPUs each) with levels of 2 and 8 nodes, a
 * {@code -N3} job's block is all four base blocks and its lower-level groups are single base blocks, two allowed. l1,
 * h2 and h4 are lighter (three base blocks) and hold 6 of the 8 GPUs asked, so the heavier nodes are reached; with
 * {@code min_cpus} 2 and {@code -c2} the count ({@link GresTaskCount}) gives each of them one task, no whole GPU of
 * {@code --ntasks-per-gpu=2}, and turns them down. Slurm then fails for want of resources
 * ({@code ESLURM_TOPO_INSUFFICIENT_RESOURCES}, every later node turned down alike), not past the lower-level limit
 * ({@code ESLURM_TOPO_WEIGHT_NO_FIT}, which the three turned-down nodes gave while they still marked their base
 * blocks). The evaluation fails either way (c27w1 w1: 24.11.5 refuses such a job), so no stored line shows it.
 */
class LighterNodeTurnedDownTest {
    /** One node of each of b1, b2 and b3. */
    private static final Set<String> LIGHTER = Set.of("l1", "h2", "h4");

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V24_11", "V26_05"})
    void turnedDownLighterNodesMarkNoBaseBlock(SlurmVersion version) throws Exception {
        BlockTable table = BlockTable.of(OracleCase.cluster("c27w1"), true);
        List<SlurmNode> nodes = table.nodes();
        BlockSelector blocks = new BlockSelector(nodes, table.bases(), List.of(2, 8), new BitSet(), version);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-N3 --gpus=8 --ntasks-per-gpu=2 -c2", "w9"));
        NodeChooser.Demand demand = new NodeChooser.Demand.Delegating(
                FixedDemand.of(FixedDemand.each(8, 6), FixedDemand.each(8, 2))) {
            @Override
            public long weight(int i) {
                return LIGHTER.contains(nodes.get(i).name()) ? 1 : 10;
            }
        };

        assertThat(blocks.selectOnce(FixedDemand.first(8), new BitSet(), job, demand, 2)).isNull();
        assertThat(blocks.failure()).isEqualTo(BlockSelector.Failure.INSUFFICIENT);
    }
}
