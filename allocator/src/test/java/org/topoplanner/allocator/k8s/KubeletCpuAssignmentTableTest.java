package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.CpuSetSyntaxException;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * The static CPU Manager's packing ({@code TestTakeByTopologyNUMAPacked}) replayed through
 * {@link CpuManagerStatic#allocate} on the kubelet tests' own CPU topologies.
 */
class KubeletCpuAssignmentTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("kubelet-cpu-assignment.json");

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void takesAsTheKubeletTestsExpect(String name, JsonNode c) throws CpuSetSyntaxException {
        KubeletNode node = node(TABLE.get("topologies").get(c.get("topology").asText()));
        node.freeCpus.clear();
        CpuSet.parse(c.get("available").asText()).toList().forEach(node.freeCpus::add);

        List<Integer> got = CpuManagerStatic.allocate(node, c.get("numCPUs").asInt(), null);

        if (!c.get("expErr").asText().isEmpty()) {
            // takeByTopologyNUMAPacked: "not enough cpus available to satisfy request"
            assertThat(got).isNull();
            return;
        }
        String want = c.get("expected").asText();
        assertThat(CpuSet.of(got)).isEqualTo(want.isEmpty() ? CpuSet.empty() : CpuSet.parse(want));
    }

    /** One host whose cores are the topology's: OS CPU ids, core, socket and NUMA node as the table lists them. */
    private static KubeletNode node(JsonNode cpus) {
        Map<Integer, List<Integer>> pus = new TreeMap<>();
        Map<Integer, int[]> where = new TreeMap<>();
        for (JsonNode r : cpus) {
            pus.computeIfAbsent(r.get(1).asInt(), k -> new ArrayList<>()).add(r.get(0).asInt());
            where.put(r.get(1).asInt(), new int[] {r.get(2).asInt(), r.get(3).asInt()});
        }
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("kubelet-test");
        pus.forEach((core, list) -> b.core(new Core(core, where.get(core)[0], where.get(core)[1], CpuSet.of(list))));
        Cluster cluster = TestClusters.cluster("k", 1, 1, b.build());
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);
        return new KubeletNode(ClusterState.empty(cluster), "k01", k);
    }
}
