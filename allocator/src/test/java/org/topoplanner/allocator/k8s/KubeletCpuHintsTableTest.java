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

/** The static CPU Manager's topology hints ({@code TestGetTopologyHints}) replayed through {@link CpuManagerStatic#hints}. */
class KubeletCpuHintsTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("kubelet-cpu-hints.json");
    private static final List<Integer> NUMA = List.of(0, 1);

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hintsAsTheKubeletTestsExpect(String name, JsonNode c) throws CpuSetSyntaxException {
        KubeletNode node = UpstreamTables.kubeletNode(TABLE.get("machine"));
        node.freeCpus.clear();
        CpuSet.parse(c.get("available").asText()).toList().forEach(node.freeCpus::add);

        List<TopologyHint> got = CpuManagerStatic.hints(node, c.get("request").asInt());

        // The kubelet test sorts both lists and accepts nil or empty alike when no hint exists.
        assertThat(got).containsExactlyInAnyOrderElementsOf(UpstreamTables.hints(c.get("expected"), NUMA));
    }
}
