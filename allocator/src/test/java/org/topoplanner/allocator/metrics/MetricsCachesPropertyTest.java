package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.resources.ShippedData;

/**
 * What the metrics keep per cluster (per-shape node metrics, switch distances) must answer as a fresh
 * computation does, whichever host asks and in whatever order: on the shipped example cluster (4 leaves of 8
 * hosts, 2 spines, a core; 8 GPUs per host in two NVLink groups).
 */
class MetricsCachesPropertyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    /** Each pick: bits 0-4 a host (node01-node32), bits 5-12 its GPUs as a mask. */
    @Property(tries = 60)
    void keptNodeMetricsAndDistancesEqualFreshOnes(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 8191) Integer> picks) {
        List<String> hosts = new ArrayList<>();
        NodeMetricsCache kept = NodeMetricsCache.of(EXAMPLE);
        for (int pick : picks) {
            String host = String.format("node%02d", (pick & 31) + 1);
            List<Integer> gpus = new ArrayList<>();
            for (int g = 0; g < 8; g++) {
                if ((pick >> (5 + g) & 1) != 0) {
                    gpus.add(g);
                }
            }
            HostAllocation a = HostAllocation.of(host, gpus, CpuSet.of(0));
            assertThat(kept.of(EXAMPLE.node(host), a)).isEqualTo(NodeMetrics.of(EXAMPLE.node(host), a));
            hosts.add(host);
        }
        assertThat(WorstPair.of(EXAMPLE, hosts)).isEqualTo(WorstPair.of(EXAMPLE.fabric(), hosts));
    }
}
