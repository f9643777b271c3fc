package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The device plugin's preferred allocation ({@link GpuBestEffort}) against the real go-gpuallocator
 * best-effort policy, answer by answer: the expected answers in {@code oracle/k8s/} were produced by
 * NVIDIA/go-gpuallocator 876e7b7 run on these inputs (see {@code oracle/k8s/PROVENANCE.md}).
 */
class GpuAllocatorOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode resource(String name) throws IOException {
        try (InputStream in = GpuAllocatorOracleTest.class.getResourceAsStream("/oracle/k8s/" + name)) {
            assertThat(in).as(name).isNotNull();
            return JSON.readTree(in);
        }
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asInt()));
        return out;
    }

    @Test
    void everyAnswerMatchesGoGpuAllocator() throws IOException {
        JsonNode cases = resource("gpuallocator-cases.json");
        Map<String, JsonNode> answers = new HashMap<>();
        resource("gpuallocator-answers.json").forEach(a -> answers.put(a.get("id").asText(), a));
        Map<String, GpuBestEffort> policies = new HashMap<>();
        for (NodeTemplate t : NodeTemplate.values()) {
            policies.put(t.id(), new GpuBestEffort(ShippedData.template(t)));
        }
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (JsonNode c : cases) {
            String id = c.get("id").asText();
            GpuBestEffort policy = policies.get(c.get("template").asText());
            assertThat(policy).as(id).isNotNull();
            // the oracle was given what our model reports for each pair; a change there needs new answers
            for (JsonNode p : c.get("pairs")) {
                GpuBestEffort.PairLink l = policy.pairLink(p.get("a").asInt(), p.get("b").asInt());
                assertThat(l.pcie().name() + "/" + l.lanes()).as(id + " pair " + p)
                        .isEqualTo(p.get("pcie").asText() + "/" + p.get("lanes").asInt());
            }
            List<Integer> real = ints(answers.get(id).get("chosen"));
            // go-gpuallocator can answer a set with padding slots (-1); ours leaves them out
            List<Integer> expected = real.stream().filter(i -> i >= 0).sorted().toList();
            List<Integer> ours = policy.choose(ints(c.get("available")), ints(c.get("required")), c.get("size").asInt());
            if (!ours.equals(expected)) {
                mismatches.add(id + ": go-gpuallocator " + real + ", ours " + ours);
            }
            compared++;
        }
        assertThat(compared).isEqualTo(answers.size()).isGreaterThanOrEqualTo(500);
        assertThat(mismatches).isEmpty();
    }
}
