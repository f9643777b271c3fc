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
 * 24.11's per-leaf reachable CPUs kept across the passes of one selection ({@link ReachableCpus}) equal the sums
 * made afresh on every pass, as the tree selection made them before: each leaf's free (not chosen) usable nodes'
 * CPUs, cut to the best {@code maxNodes} when it has more, and every other switch's count as given. Random clusters
 * ({@link NodeVerdictsPropertyTest#cluster}), usable maps, CPU counts, chosen nodes growing by a leaf's nodes or by
 * nodes anywhere, and a falling node bound.
 */
class ReachableCpusPropertyTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void keptSumsEqualSumsMadeAfresh(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = NodeVerdictsPropertyTest.cluster(r);
        SwitchTable table = SwitchTable.of(c, SlurmVersion.V24_11);
        int nodes = SlurmNode.of(c).size();
        BitSet map = new BitSet();
        int[] avail = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            if (r.nextInt(4) != 0) {
                map.set(i);
            }
            avail[i] = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(40);
        }
        BitSet[] usable = new BitSet[table.size()];
        int[] swCpu = new int[table.size()];
        for (int s = 0; s < table.size(); s++) {
            usable[s] = (BitSet) table.nodes[s].clone();
            usable[s].and(map);
            swCpu[s] = r.nextInt(100);
        }
        NodeChooser.Demand demand = new NodeChooser.Demand() {
            @Override
            public int availCpus(int i) {
                return avail[i];
            }

            @Override
            public int gpusFor(int i) {
                return 0;
            }

            @Override
            public int freeCpus(int i) {
                return avail[i];
            }

            @Override
            public long weight(int i) {
                return 0;
            }

            @Override
            public void recount(int i, long credited) {
                // the reachable-CPU sums read fixed offers: no node is looked at again
            }

            @Override
            public long creditedBefore() {
                return 0;
            }
        };
        ReachableCpus reach = new ReachableCpus(table, usable, swCpu, demand);
        BitSet chosen = new BitSet();
        int maxNodes = 1 + r.nextInt(nodes + 2);
        for (int pass = 0; pass < 8 && maxNodes > 0; pass++) {
            assertThat(reach.at(chosen, maxNodes)).as("pass %d, seed %d", pass, seed)
                    .containsExactly(afresh(table, usable, swCpu, chosen, demand, maxNodes));
            List<Integer> leaves = new ArrayList<>();
            for (int s = 0; s < table.size(); s++) {
                if (table.isLeaf(s)) {
                    leaves.add(s);
                }
            }
            BitSet from = r.nextBoolean() ? usable[leaves.get(r.nextInt(leaves.size()))] : map;
            for (int i = from.nextSetBit(0); i >= 0; i = from.nextSetBit(i + 1)) {
                if (!chosen.get(i) && r.nextBoolean()) {
                    chosen.set(i);
                    maxNodes--;
                }
            }
            maxNodes -= r.nextInt(2);
        }
    }

    /** The sums as the selection made them on every pass before they were kept. */
    private static int[] afresh(SwitchTable table, BitSet[] usable, int[] swCpu, BitSet chosen,
                                NodeChooser.Demand demand, int maxNodes) {
        int[] out = swCpu.clone();
        for (int s = 0; s < table.size(); s++) {
            if (!table.isLeaf(s)) {
                continue;
            }
            List<Integer> free = new ArrayList<>();
            for (int i = usable[s].nextSetBit(0); i >= 0; i = usable[s].nextSetBit(i + 1)) {
                if (!chosen.get(i)) {
                    free.add(demand.availCpus(i));
                }
            }
            free.sort(java.util.Comparator.reverseOrder());
            out[s] = free.stream().limit(maxNodes).mapToInt(Integer::intValue).sum();
        }
        return out;
    }
}
