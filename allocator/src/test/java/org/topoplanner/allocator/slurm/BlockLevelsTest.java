package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The block levels {@code block_record.c} derives (24.11.5 and 26.05 sources), on the shape of own oracle
 * case blocklv: four base blocks of 18 nodes; the real {@code scontrol show topology} lists blocks of 18,
 * 36 and 72 nodes without {@code BlockSizes} (results/new/blocklv.jsonl, results/v26.05/blocklv.jsonl).
 */
class BlockLevelsTest {

    private static List<BitSet> bases(int count, int size) {
        List<BitSet> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            BitSet bits = new BitSet();
            bits.set(b * size, (b + 1) * size);
            out.add(bits);
        }
        return out;
    }

    @Test
    void withoutBlockSizesTheFirstBlockSetsTheBaseAndLevelsZeroToFourAreOn() {
        BlockLevels l = BlockLevels.of(bases(4, 18), List.of());
        assertThat(l.baseSize()).isEqualTo(18);
        assertThat(l.enabled().stream().toArray()).containsExactly(0, 1, 2, 3, 4);
        assertThat(l.level(1)).isZero();
        assertThat(l.level(18)).isZero();
        assertThat(l.level(19)).isEqualTo(1);
        assertThat(l.level(36)).isEqualTo(1);
        assertThat(l.level(54)).isEqualTo(2);
        assertThat(l.level(72)).isEqualTo(2);
        // 17 base blocks' worth asks for level 5, which the default does not enable: the whole cluster
        assertThat(l.level(17 * 18)).isEqualTo(-1);
    }

    @Test
    void blockSizesEnableOnlyTheirLevels() {
        BlockLevels l = BlockLevels.of(bases(4, 18), List.of(18, 72));
        assertThat(l.enabled().stream().toArray()).containsExactly(0, 2);
        assertThat(l.level(36)).isEqualTo(2);
        assertThat(l.lowerLevel(36)).isZero();
        assertThat(l.level(73)).isEqualTo(-1);
        BlockLevels block32 = BlockLevels.of(bases(8, 4), List.of(4, 8, 16, 32));
        assertThat(block32.level(5)).isEqualTo(1);
        assertThat(block32.lowerLevel(12)).isEqualTo(1);
    }

    @Test
    void minus36OnFourBlocksOf18IsPlacedNotImpossible() throws Exception {
        var cluster = OracleCase.cluster("blocklv");
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(
                    ClusterState.empty(cluster), SbatchOptions.parse(List.of("-N36", "--gpus-per-node=4"), "j"));
            assertThat(s).as("Slurm %s", v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).hasSize(36).first().isEqualTo("node37"));
        }
    }

    @Test
    void aClusterWithoutBlocksRunsNothingUnderTheBlockPluginNotEvenOneNodeJobs() throws Exception {
        var cluster = OracleCase.cluster("tree32");
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT).suggest(ClusterState.empty(cluster),
                SbatchOptions.parse(List.of("-N1"), "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("no blocks"));
    }

    @Test
    void slurm2205HasNoBlockPlugin() throws Exception {
        var cluster = OracleCase.cluster("blocklv");
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05)).suggest(
                ClusterState.empty(cluster), SbatchOptions.parse(List.of("-N1"), "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("no topology/block"));
    }
}
