package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SwitchMembers} keeps the node lists the leaf loops walk (the leaves'), not those of the switches above,
 * which list up to every node and are summed from their children instead; asked for one of those, it gives the
 * same nodes in a list of its own ({@code SwitchMembersPropertyTest} compares every switch's list with its set).
 */
class SwitchMembersListsTest {

    @Test
    void keepsTheLeavesListsAndBuildsTheOthersWhenAsked() {
        Cluster cluster = BenchClusters.fatTree(2, 2, 4, 2, 2);
        SwitchTable table = SwitchTable.of(cluster, SlurmVersion.V26_05);
        SwitchMembers members = table.members();
        int leaves = 0;
        int above = 0;
        for (int s = 0; s < table.size(); s++) {
            assertThat(members.nodesOf(s)).as(table.names.get(s)).containsExactly(table.nodes[s].stream().toArray());
            if (table.isLeaf(s)) {
                leaves++;
                assertThat(members.nodesOf(s)).as(table.names.get(s)).isSameAs(members.nodesOf(s));
            } else if (table.partitioned[s]) {
                above++;
                assertThat(members.nodesOf(s)).as(table.names.get(s)).isNotSameAs(members.nodesOf(s));
            }
        }
        assertThat(leaves).isEqualTo(4);
        assertThat(above).isPositive();
    }
}
