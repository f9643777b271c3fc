package org.topoplanner.allocator.volcano;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Volcano v1.12.4's {@code TestAllocateWithNetWorkTopologies} cases that a full gang can express, replayed
 * through {@link VolcanoPolicy}: how many tasks the allocate action binds.
 */
class VolcanoAllocateTableTest {
    private static final JsonNode TABLE = load();
    /** A node of 2 CPUs, as the test's BuildNode("2", "4Gi"). */
    private static final NodeTopology TWO_CPUS = new NodeTopologyBuilder().model("volcano-test")
            .cpuLayout(1, 1, 2, 1, 4096).build();

    private static JsonNode load() {
        try (InputStream in = VolcanoAllocateTableTest.class.getResourceAsStream("/upstream-tables/volcano-allocate.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void bindsAsVolcanosAllocateTestExpects(String name, JsonNode c) {
        Cluster cluster = cluster(c);
        NetworkTopology nt = new NetworkTopology(c.get("mode").asText().equals("hard"),
                c.get("highestTierAllowed").asInt() == 0 ? null : c.get("highestTierAllowed").asInt());
        VolcanoPolicy volcano = new VolcanoPolicy(KubeletSettings.from(PolicyOptions.DEFAULT), PodTemplate.DEFAULT,
                j -> nt);
        // Each task asks the node's 2 CPUs: an exclusive pod.
        JobRequest job = JobRequest.builder().name("pg1").nodes(c.get("tasks").asInt()).exclusive(true).build();

        Suggestion s = volcano.suggest(ClusterState.empty(cluster), job);

        int binds = s instanceof Suggestion.Placed p ? p.placement().hostNames().size() : 0;
        assertThat(binds).as(s.toString()).isEqualTo(c.get("expectedBinds").asInt());
    }

    private static Cluster cluster(JsonNode c) {
        FabricBuilder fb = new FabricBuilder().addSwitch("sw");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        for (JsonNode n : c.get("nodes")) {
            fb.addHost(n.asText());
            fb.cable("sw", n.asText());
            nodes.put(n.asText(), TWO_CPUS);
            attrs.put(n.asText(), HostAttributes.DEFAULT);
        }
        List<HyperNode> hns = new ArrayList<>();
        for (JsonNode h : c.get("hyperNodes")) {
            List<HyperNodeMember> members = new ArrayList<>();
            h.get("nodes").forEach(n -> members.add(HyperNodeMember.exactNode(n.asText())));
            hns.add(new HyperNode(h.get("name").asText(), h.get("tier").asInt(), null, members));
        }
        KubernetesSettings k8s = new KubernetesSettings(hns, List.of(), List.of(), Map.of());
        return new Cluster("volcano-test", fb.build(), nodes, attrs, null, k8s);
    }
}
