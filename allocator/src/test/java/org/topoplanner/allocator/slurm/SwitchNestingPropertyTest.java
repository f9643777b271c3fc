package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The nesting kept with a switch table ({@link SwitchNesting}) gives what the set operations it replaces give:
 * a switch's usable nodes cut to a top switch's are unchanged when it lies inside the top, empty when outside and
 * the intersection otherwise; and the leaves listed for a node are exactly those whose node set holds it. Random
 * clusters ({@link NodeVerdictsPropertyTest#cluster}), both table versions, random usable maps and every top.
 */
class SwitchNestingPropertyTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 200)
    void keptNestingEqualsSetOperations(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = NodeVerdictsPropertyTest.cluster(r);
        SwitchTable table = SwitchTable.of(c, r.nextBoolean() ? SlurmVersion.V22_05 : SlurmVersion.V24_11);
        SwitchNesting nesting = table.nesting();
        int nodes = SlurmNode.of(c).size();
        BitSet map = new BitSet();
        for (int i = 0; i < nodes; i++) {
            if (r.nextInt(3) != 0) {
                map.set(i);
            }
        }
        for (int top = 0; top < table.size(); top++) {
            BitSet topNodes = cut(table.nodes[top], map);
            byte[] rel = nesting.against(top);
            for (int s = 0; s < table.size(); s++) {
                BitSet fresh = cut(table.nodes[s], map);
                fresh.and(topNodes);
                BitSet kept = switch (rel[s]) {
                    case SwitchNesting.INSIDE -> cut(table.nodes[s], map);
                    case SwitchNesting.OUTSIDE -> new BitSet();
                    default -> {
                        BitSet b = cut(table.nodes[s], map);
                        b.and(topNodes);
                        yield b;
                    }
                };
                assertThat(kept).as("switch %d under top %d, seed %d", s, top, seed).isEqualTo(fresh);
                assertThat(rel[s]).as("switch %d against %d, seed %d", s, top, seed)
                        .isEqualTo(relation(table.nodes[s], table.nodes[top]));
            }
        }
        for (int i = 0; i < nodes + 2; i++) {
            List<Integer> leaves = new ArrayList<>();
            for (int s = 0; s < table.size(); s++) {
                if (table.isLeaf(s) && table.nodes[s].get(i)) {
                    leaves.add(s);
                }
            }
            assertThat(nesting.leavesOf(i)).as("leaves of node %d, seed %d", i, seed)
                    .containsExactly(leaves.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    private static BitSet cut(BitSet nodes, BitSet map) {
        BitSet b = (BitSet) nodes.clone();
        b.and(map);
        return b;
    }

    private static byte relation(BitSet s, BitSet top) {
        BitSet rest = (BitSet) s.clone();
        rest.andNot(top);
        if (!s.intersects(top)) {
            return SwitchNesting.OUTSIDE;
        }
        return rest.isEmpty() ? SwitchNesting.INSIDE : SwitchNesting.STRADDLES;
    }
}
