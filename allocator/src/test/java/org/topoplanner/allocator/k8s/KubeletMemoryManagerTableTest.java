package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The static Memory Manager's {@code TestStaticPolicyGetTopologyHints}, hugepages included, through {@link MemoryManagerStatic}. */
class KubeletMemoryManagerTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("kubelet-memory-manager.json");

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hintsAsTheKubeletTestsExpect(String name, JsonNode c) {
        Map<Integer, Map<String, MemoryManagerStatic.MemoryTable>> machine = new TreeMap<>();
        Map<Integer, List<Integer>> cells = new HashMap<>();
        Map<Integer, Integer> assignments = new HashMap<>();
        c.get("machine").fields().forEachRemaining(e -> {
            int id = Integer.parseInt(e.getKey());
            Map<String, MemoryManagerStatic.MemoryTable> tables = new LinkedHashMap<>();
            e.getValue().get("tables").fields().forEachRemaining(t -> tables.put(t.getKey(),
                    new MemoryManagerStatic.MemoryTable(t.getValue().get("allocatable").asLong(),
                            t.getValue().get("free").asLong())));
            machine.put(id, tables);
            cells.put(id, UpstreamTables.ints(e.getValue().get("cells")));
            assignments.put(id, e.getValue().get("assignments").asInt());
        });
        Map<String, Long> requests = new LinkedHashMap<>();
        c.get("requests").fields().forEachRemaining(e -> requests.put(e.getKey(), e.getValue().asLong()));

        List<TopologyHint> got = MemoryManagerStatic.calculateHints(machine, requests, cells, assignments);

        List<Integer> numa = List.copyOf(machine.keySet());
        assertThat(got).containsExactlyInAnyOrderElementsOf(UpstreamTables.hints(c.get("expected"), numa));
    }
}
