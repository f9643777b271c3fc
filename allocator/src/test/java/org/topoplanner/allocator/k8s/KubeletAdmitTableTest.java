package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.k8s.TopologyManagerPolicy;

/** The Topology Manager's {@code TestAdmit}: which hint sets each policy admits. */
class KubeletAdmitTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("tm-admit.json");
    private static final List<Integer> NUMA = List.of(0, 1);

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void admitsAsTheKubeletTestExpects(String name, JsonNode c) {
        TopologyManagerPolicy policy = TopologyManagerPolicy.parse(c.get("policy").asText()).orElseThrow();

        PolicyMerge got = PolicyMerge.of(policy, NUMA, UpstreamTables.providers(c.get("providers"), NUMA));

        assertThat(got.admit()).isEqualTo(c.get("expected").asBoolean());
    }
}
