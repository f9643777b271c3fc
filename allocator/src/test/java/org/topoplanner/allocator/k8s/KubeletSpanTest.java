package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.resources.ShippedData;

/**
 * {@link AllocationSpan} on the shipped example: GPUs 0-3 and cores 0-15 on NUMA 0, GPUs 4-7 and cores
 * 16-31 on NUMA 1 (one thread per core, so Slurm CPU id = core id).
 */
class KubeletSpanTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    @ParameterizedTest(name = "GPUs {0} CPUs {1} span {2}; single-numa-node refuses: {3}, restricted (narrowest {4}): {5}")
    @CsvSource(delimiter = '|', textBlock = """
            0 1   |       | 0     | false | 1 | false
            0 4   |       | 0 1   | true  | 1 | true
            0 4   |       | 0 1   | true  | 2 | false
            0 1   | 0-3   | 0     | false | 1 | false
            0 1   | 16-19 | 0 1   | true  | 1 | true
            4 5 6 7 | 16-31 | 1   | false | 1 | false
            """)
    void spansTheNumaNodesOfDevicesAndCpus(String gpus, String cpus, String span, boolean singleRefuses,
                                           int narrowest, boolean restrictedRefuses) throws Exception {
        List<Integer> g = java.util.Arrays.stream(gpus.split(" ")).map(Integer::valueOf).toList();
        CpuSet c = cpus == null ? CpuSet.empty() : CpuSet.parse(cpus);
        AllocationSpan s = AllocationSpan.of(ClusterState.empty(EXAMPLE), HostAllocation.of("node01", g, c));
        assertThat(s.known()).isTrue();
        assertThat(s.numa()).containsExactlyElementsOf(
                java.util.Arrays.stream(span.split(" ")).map(Integer::valueOf).toList());
        assertThat(s.refusal(TopologyManagerPolicy.SINGLE_NUMA_NODE, NumaMask.of(0)).isPresent()).isEqualTo(singleRefuses);
        NumaMask mask = narrowest == 1 ? NumaMask.of(0) : NumaMask.of(0, 1);
        assertThat(s.refusal(TopologyManagerPolicy.RESTRICTED, mask).isPresent()).isEqualTo(restrictedRefuses);
        assertThat(s.refusal(TopologyManagerPolicy.BEST_EFFORT, mask)).isEmpty();
        assertThat(s.refusal(TopologyManagerPolicy.NONE, mask)).isEmpty();
    }
}
