package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;

/**
 * Each host's Slurm CPU layout ({@link ClusterIndex#cpuIdsOf}) is its topology's own ({@code slurmCpuIds}), worked
 * out once per topology: hosts built from one template share it, where working it out per host walked a 112-core
 * list 16,384 times on the largest fabric.
 */
class ClusterIndexLayoutTest {

    @Test
    void hostsOfOneTemplateShareTheirTopologysLayout() {
        Cluster cluster = BenchClusters.fatTree(1, 2, 4, 2, 2);
        ClusterIndex index = ClusterIndex.of(cluster);
        String first = index.host(0);
        assertThat(cluster.node(first)).isSameAs(cluster.node(index.host(7)));
        assertThat(index.cpuIdsOf(first)).isEqualTo(cluster.node(first).slurmCpuIds());
        for (int h = 1; h < index.size(); h++) {
            assertThat(index.cpuIdsOf(index.host(h))).as(index.host(h)).isSameAs(index.cpuIdsOf(first));
        }
    }
}
