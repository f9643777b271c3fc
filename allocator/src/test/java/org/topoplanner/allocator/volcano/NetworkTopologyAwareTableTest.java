package org.topoplanner.allocator.volcano;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;

/**
 * Volcano v1.12.4's own tests of the network-topology-aware plugin and of the HyperNode tree
 * ({@code upstream-tables/volcano-network-topology-aware.json}), replayed through {@link NetworkTopologyScore}
 * and {@link HyperNodeTree}.
 */
class NetworkTopologyAwareTableTest {
    private static final JsonNode TABLE = load();

    private static JsonNode load() {
        try (InputStream in = NetworkTopologyAwareTableTest.class
                .getResourceAsStream("/upstream-tables/volcano-network-topology-aware.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> scoreCases() {
        List<Arguments> out = new ArrayList<>();
        for (String test : List.of("TestNetworkTopologyAwareHyperNodeScore", "TestNetworkTopologyAwareNodeScore")) {
            int i = 1;
            for (JsonNode c : TABLE.get(test)) {
                out.add(Arguments.of(test + " case" + i++ + ": " + c.get("name").asText(), test, c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scoreCases")
    void scoresAsVolcanosTestsExpect(String name, String test, JsonNode c) {
        List<String> session = strings(c.get("nodes"));
        Map<String, List<String>> real = new LinkedHashMap<>();
        // GetRealNodesListByHyperNode keeps only the nodes the session has.
        c.get("realNodes").fields().forEachRemaining(e -> real.put(e.getKey(),
                strings(e.getValue()).stream().filter(session::contains).toList()));
        HyperNodeTree tree = HyperNodeTree.withRealNodes(hyperNodes(c.get("hyperNodes")), real);
        NetworkTopologyScore plugin = new NetworkTopologyScore(tree, c.get("weight").asInt());
        JsonNode pg = c.get("podGroup");
        List<String> taskNodes = new ArrayList<>();
        c.get("pods").forEach(p -> taskNodes.add(p.get("node").asText()));
        String jobHyperNode = pg.get("jobAllocatedHyperNode").asText();

        Map<String, Double> got = test.endsWith("HyperNodeScore")
                ? plugin.hyperNodeScores(jobHyperNode, strings(c.get("score")), taskNodes)
                : plugin.nodeScores(pg.get("mode").asText().equals("hard"), jobHyperNode, strings(c.get("score")),
                        taskNodes);

        // The Go test reads absent keys as 0, within eps = 0.1.
        c.get("expected").fields().forEachRemaining(e ->
                assertThat(got.getOrDefault(e.getKey(), 0.0)).as(e.getKey()).isCloseTo(e.getValue().asDouble(),
                        within(0.1)));
    }

    static Stream<Arguments> ancestorCases() {
        return StreamSupport.stream(TABLE.get("TestHyperNodesInfo_GetAncestors").get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ancestorCases")
    void walksAncestorsAsVolcano(String name, JsonNode c) {
        JsonNode t = TABLE.get("TestHyperNodesInfo_GetAncestors");
        HyperNodeTree tree = HyperNodeTree.withRealNodes(hyperNodes(t.get("hyperNodes")), Map.of());

        assertThat(tree.ancestors(c.get("hyperNode").asText())).isEqualTo(strings(c.get("expected")));
    }

    static Stream<Arguments> lcaCases() {
        return StreamSupport.stream(TABLE.get("TestGetLCAHyperNode").get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lcaCases")
    void findsTheLowestCommonAncestorAsVolcano(String name, JsonNode c) {
        JsonNode t = TABLE.get("TestGetLCAHyperNode");
        HyperNodeTree tree = HyperNodeTree.withRealNodes(hyperNodes(t.get("hyperNodes")), Map.of());

        String lca = tree.lca(c.get("hyperNode").asText(), c.get("jobHyperNode").asText());

        assertThat(lca == null ? "" : lca).isEqualTo(c.get("expected").asText());
    }

    @Test
    void replaysEveryTranscribedCase() {
        assertThat(scoreCases().count() + ancestorCases().count() + lcaCases().count()).isEqualTo(7 + 7 + 3 + 4);
    }

    private static List<HyperNode> hyperNodes(JsonNode list) {
        List<HyperNode> out = new ArrayList<>();
        for (JsonNode h : list) {
            List<HyperNodeMember> members = new ArrayList<>();
            h.get("members").forEach(m -> members.add(new HyperNodeMember(m.get("type").asText(),
                    m.get("name").asText(), null, null)));
            out.add(new HyperNode(h.get("name").asText(), h.get("tier").asInt(), null, members));
        }
        return out;
    }

    private static List<String> strings(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }
}
