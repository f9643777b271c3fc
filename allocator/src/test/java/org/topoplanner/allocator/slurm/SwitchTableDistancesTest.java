package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;
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
}
