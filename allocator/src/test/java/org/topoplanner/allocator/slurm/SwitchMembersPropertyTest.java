package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The membership kept with a switch table ({@link SwitchMembers}) gives what the set operations it replaces in
 * {@link TreeSelector} give: per switch, the count of a usable map's nodes equals the cardinality of its node set
 * cut to the map, the switches marked by a set are those whose node set meets it, a switch's listed nodes are its
 * node set in index order, and a node's switches are exactly those holding it that are not the disjoint union of
 * their children (those are summed from their children). Random clusters
 * ({@link NodeVerdictsPropertyTest#cluster}), every table version, random usable maps.
 */
class SwitchMembersPropertyTest {

    @Property(tries = 200)
    void keptMembershipEqualsSetOperations(@ForAll long seed) {
        Random r = new Random(seed);
        Cluster c = NodeVerdictsPropertyTest.cluster(r);
        SlurmVersion[] versions = {SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05};
        SwitchTable table = SwitchTable.of(c, versions[r.nextInt(versions.length)]);
        SwitchMembers members = table.members();
        int nodes = SlurmNode.of(c).size();
        BitSet map = randomSubset(r, nodes, 2.0 / 3);
        BitSet few = randomSubset(r, nodes, 0.25);
        few.and(map);
        int[] counts = new int[table.size()];
        members.count(map, counts);
        boolean[] marks = new boolean[table.size()];
        members.mark(few, marks);
        for (int s = 0; s < table.size(); s++) {
            BitSet usable = (BitSet) table.nodes[s].clone();
            usable.and(map);
            assertThat(counts[s]).as("usable nodes of switch %d, seed %d", s, seed).isEqualTo(usable.cardinality());
            assertThat(marks[s]).as("switch %d meets the set, seed %d", s, seed)
                    .isEqualTo(usable.intersects(few));
            assertThat(members.nodesOf(s)).as("nodes of switch %d, seed %d", s, seed)
                    .containsExactly(table.nodes[s].stream().toArray());
        }
        for (int i = 0; i < nodes + 2; i++) {
            List<Integer> holding = new ArrayList<>();
            for (int s = 0; s < table.size(); s++) {
                if (table.nodes[s].get(i) && !table.partitioned[s]) {
                    holding.add(s);
                }
            }
            assertThat(members.switchesOf(i)).as("switches of node %d, seed %d", i, seed)
                    .containsExactly(holding.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    /** Each node index below {@code nodes} with chance {@code chance}. */
    private static BitSet randomSubset(Random r, int nodes, double chance) {
        BitSet b = new BitSet();
        for (int i = 0; i < nodes; i++) {
            if (r.nextDouble() < chance) {
                b.set(i);
            }
        }
        return b;
    }
}
