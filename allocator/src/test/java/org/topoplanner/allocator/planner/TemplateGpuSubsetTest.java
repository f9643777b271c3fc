package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Single-node jobs on the shipped node templates: the best GPU subset, its cores and NICs. The
 * expected rows are read off the template files (see each comment).
 */
class TemplateGpuSubsetTest {

    static Cluster oneNode(NodeTemplate t) {
        NodeTopology topo = ShippedData.template(t);
        return new Cluster("one", new FabricBuilder().addHost("n1").build(), Map.of("n1", topo),
                Map.of("n1", HostAttributes.DEFAULT), null, null);
    }

    @ParameterizedTest(name = "{0} {1} GPUs, busy {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        // template             | GPUs | busy GPUs | expected GPUs | expected CPUs (Slurm ids) | NIC of each GPU
        // pairs on one PCIe switch are NVLink-bridged (0-1, 2-3, 4-5, 6-7); the NUMA-0 NIC is NODE to GPUs 0-3
        "PCIE_8GPU_NVLINK_PAIRS | 2    | -         | 0,1           | 0-1                       | NIC0,NIC0",
        // 1 and 2 busy: {0,3} spans two switches without NVLink; {4,5} is a bridged pair on NUMA 1 (core 32)
        "PCIE_8GPU_NVLINK_PAIRS | 2    | 1,2       | 4,5           | 64-65                     | NIC1,NIC1",
        // 4 GPUs: one NUMA node (0-3), both its bridges
        "PCIE_8GPU_NVLINK_PAIRS | 4    | -         | 0,1,2,3       | 0-1                       | NIC0,NIC0,NIC0,NIC0",
        // NV18 all-to-all: one NUMA node, each GPU with the NIC on its own PCIe switch
        "HGX_H100_SXM           | 4    | -         | 0,1,2,3       | 0-1                       | NIC0,NIC1,NIC2,NIC3",
        // GPU 1 busy: 0,2,3 + one of NUMA 1 would span two NUMA nodes; 4-7 is one
        "HGX_H100_SXM           | 4    | 1         | 4,5,6,7       | 112-113                   | NIC4,NIC5,NIC6,NIC7",
        // NPS4: two GPUs per NUMA node (3: 0-1, 1: 2-3, 7: 4-5, 5: 6-7); NUMA 3's cores are 48-63 (ids 96-127)
        "HGX_A100_SXM4          | 2    | -         | 0,1           | 96-97                     | NIC0,NIC1",
        // GPU 0 busy: 2-3 share NUMA 1 (cores 16-31), 1 is alone on NUMA 3
        "HGX_A100_SXM4          | 2    | 0         | 2,3           | 32-33                     | NIC2,NIC3",
        // one socket, bridges 0-1 and 2-3
        "WORKSTATION_4GPU       | 2    | -         | 0,1           | 0-1                       | NIC0,NIC0",
        // 0 busy: 2-3 are bridged, 1 is not bridged to either
        "WORKSTATION_4GPU       | 2    | 0         | 2,3           | 0-1                       | NIC0,NIC0",
        // example node: NV4 all-to-all within 0-3 and 4-7; NIC0 on PEX0 with 0-1, NIC1 on PEX1 with 2-3
        "EXAMPLE_2S16C_8GPU     | 3    | -         | 0,1,2         | 0                         | NIC0,NIC0,NIC1",
        // 5 busy: 4,6,7 and 0-2 tie on NUMA, switches, NVLink and NICs; 4,6,7 leaves 0-3 whole for the next
        // job (24 NVLink lanes among the GPUs left free, against 12 after 0-2)
        "EXAMPLE_2S16C_8GPU     | 3    | 5         | 4,6,7         | 16                        | NIC2,NIC3,NIC3",
    })
    void choosesTheBestSubset(NodeTemplate t, int gpus, String busy, String expected, String cpus, String nics) {
        Cluster c = oneNode(t);
        ClusterState s = ClusterState.empty(c);
        if (busy != null) {
            List<Integer> used = Arrays.stream(busy.split(",")).map(Integer::valueOf).toList();
            s = s.with(new Placement("other", List.of(HostAllocation.of("n1", used, CpuSet.empty()))));
        }
        Suggestion sug = new PlannerPolicy().suggest(s, PlannerPolicyTest.job("-N1 --gpus-per-node=" + gpus));
        assertThat(sug).isInstanceOf(Suggestion.Placed.class);
        HostAllocation a = ((Suggestion.Placed) sug).placement().hosts().get(0);
        assertThat(a.gpus()).containsExactlyElementsOf(Arrays.stream(expected.split(",")).map(Integer::valueOf)
                .toList());
        assertThat(a.cpus()).isEqualTo(CpuSet.parse(cpus));
        List<String> byGpu = new ArrayList<>();
        a.gpus().forEach(g -> byGpu.add(a.nicByGpu().get(g)));
        assertThat(String.join(",", byGpu)).isEqualTo(nics);
    }
}
