package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.CpuSetSyntaxException;

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
        KubeletNode node = UpstreamTables.kubeletNode(TABLE.get("topologies").get(c.get("topology").asText()));
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
}
