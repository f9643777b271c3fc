package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.k8s.TopologyManagerPolicy;

/**
 * Every case of the kubelet's own policy merge tests ({@code TestPolicy*Merge*}), replayed through
 * {@link PolicyMerge}: same providers, same NUMA nodes and distances, same expected hint.
 */
class KubeletPolicyMergeTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("tm-policy-merge.json");

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode suite : TABLE.get("suites")) {
            JsonNode info = TABLE.get("numaInfo").get(suite.get("numaInfo").asText());
            for (JsonNode set : suite.get("caseSets")) {
                for (JsonNode c : TABLE.get("caseSets").get(set.asText())) {
                    out.add(Arguments.of(suite.get("test").asText() + ": " + c.get("name").asText(), suite, info, c));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void mergesAsTheKubeletTestsExpect(String name, JsonNode suite, JsonNode info, JsonNode c) {
        List<Integer> nodes = UpstreamTables.ints(info.get("nodes"));
        NumaDistances closest = suite.get("preferClosest").asBoolean()
                ? NumaDistances.of(nodes, UpstreamTables.matrix(info.get("distances"))) : null;
        TopologyManagerPolicy policy = TopologyManagerPolicy.parse(suite.get("policy").asText()).orElseThrow();

        PolicyMerge got = PolicyMerge.of(policy, nodes, UpstreamTables.providers(c.get("providers"), nodes), closest);

        assertThat(got.hint()).isEqualTo(UpstreamTables.hint(c.get("expected").asText(), nodes));
        // canAdmitPodResult: none and best-effort always admit, restricted and single-numa-node admit preferred only.
        boolean admit = c.has("admit") ? c.get("admit").asBoolean()
                : policy == TopologyManagerPolicy.BEST_EFFORT || got.hint().preferred();
        assertThat(got.admit()).isEqualTo(admit);
    }

    @Test
    void coversEveryTranscribedCase() {
        // 9 common + 17 best-effort + 2 + 4 closest + 12 single-numa-node + 3 none, as in the README.
        int n = 0;
        for (JsonNode set : TABLE.get("caseSets")) {
            n += set.size();
        }
        assertThat(n).isEqualTo(47);
        assertThat(cases().count()).isEqualTo(28 + 30 + 28 + 30 + 21 + 3);
    }
}
