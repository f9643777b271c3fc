package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SwitchTable}'s hop counts are searched a row at a time when first asked, and each row equals the
 * all-pairs shortest hop counts over the child links (both ways) that Slurm's tables hold.
 */
class SwitchTableDistancesTest {

    @Test
    void searchesNoRowUntilAskedAndThenOnlyThatOne() {
        SwitchTable table = new SwitchTable(BenchClusters.fatTree(2, 2, 4, 2, 2).fabric(),
                SlurmNode.of(BenchClusters.fatTree(2, 2, 4, 2, 2)), SlurmVersion.V24_11);
        assertThat(table.searchedRows()).isZero();
        long[] first = table.distancesFrom(1);
        assertThat(table.searchedRows()).isEqualTo(1);
        assertThat(table.distancesFrom(1)).isSameAs(first);
    }

    @Test
    void everyRowIsTheShortestHopCountOverTheChildLinks() {
        for (Cluster cluster : new Cluster[] {BenchClusters.fatTree(2, 2, 4, 2, 2), BenchClusters.fatTree(3, 2, 2, 2, 4)}) {
            SwitchTable table = new SwitchTable(cluster.fabric(), SlurmNode.of(cluster), SlurmVersion.V22_05);
            int n = table.size();
            long[][] want = new long[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    want[i][j] = i == j ? 0 : SwitchTable.INFINITE;
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j : table.children[i]) {
                    want[i][j] = 1;
                    want[j][i] = 1;
                }
            }
            for (int k = 0; k < n; k++) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        if (want[i][k] + want[k][j] < want[i][j]) {
                            want[i][j] = want[i][k] + want[k][j];
                        }
                    }
                }
            }
            for (int s = n - 1; s >= 0; s--) {
                assertThat(table.distancesFrom(s)).as(table.names.get(s)).containsExactly(want[s]);
            }
        }
    }

    @Test
    void aSwitchIsPartitionedExactlyWhenItsChildrenAreDisjointAndCoverIt() {
        int partitioned = 0;
        int overlapping = 0;
        Cluster base = BenchClusters.fatTree(2, 2, 4, 2, 2);
        for (Fabric fabric : new Fabric[] {base.fabric(), BenchClusters.fatTree(3, 2, 2, 2, 4).fabric(), crossed(base)}) {
            SwitchTable table = new SwitchTable(fabric, SlurmNode.of(base), SlurmVersion.V26_05);
            for (int i = 0; i < table.size(); i++) {
                if (table.level[i] <= 0) {
                    continue;
                }
                int sum = 0;
                java.util.BitSet union = new java.util.BitSet();
                for (int j : table.children[i]) {
                    sum += table.nodes[j].cardinality();
                    union.or(table.nodes[j]);
                }
                boolean want = sum == union.cardinality() && union.equals(table.nodes[i]);
                assertThat(table.partitioned[i]).as(table.names.get(i)).isEqualTo(want);
                partitioned += want ? 1 : 0;
                overlapping += want ? 0 : 1;
            }
        }
        assertThat(partitioned).isPositive();
        assertThat(overlapping).isPositive();
    }

    /** Two leaves under two spines each, both spines under one core: the spines' nodes overlap under the core. */
    private static Fabric crossed(Cluster base) {
        FabricBuilder b = new FabricBuilder();
        List<String> hosts = base.hostNames().stream().toList();
        for (String s : List.of("leaf1", "leaf2", "spine1", "spine2", "core")) {
            b.addSwitch(s);
        }
        hosts.forEach(b::addHost);
        for (int i = 0; i < hosts.size(); i++) {
            b.cable(i < hosts.size() / 2 ? "leaf1" : "leaf2", hosts.get(i));
        }
        for (String spine : List.of("spine1", "spine2")) {
            b.cable(spine, "leaf1");
            b.cable(spine, "leaf2");
            b.cable("core", spine);
        }
        return b.build();
    }
}
