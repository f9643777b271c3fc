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
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;

/**
 * The device plugin's preferred allocation ({@link GpuBestEffort}) against the real go-gpuallocator
 * best-effort policy, answer by answer: the expected answers in {@code oracle/k8s/} were produced by
 * NVIDIA/go-gpuallocator 876e7b7 run on these inputs (see {@code src/test/resources/oracle/k8s/PROVENANCE.md}).
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
        GpuAllocatorCasesTest.nodes().forEach((id, node) -> policies.put(id, new GpuBestEffort(node)));
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

    /**
     * The same answers through {@code k8s-default}'s kubelet: a node of the template whose other GPUs a
     * running job holds admits a pod asking for {@code size} GPUs (Topology Manager {@code none}, so the
     * device manager asks the plugin for its preferred set of the free GPUs, nothing required); the pod
     * gets go-gpuallocator's set. Answers with a padding slot (a set short of {@code size}) are left
     * out: what the NVIDIA device plugin does with them is not go-gpuallocator's to say.
     */
    @Test
    void theKubeletGivesThePodGoGpuAllocatorsSet() throws IOException {
        JsonNode cases = resource("gpuallocator-cases.json");
        Map<String, JsonNode> answers = new HashMap<>();
        resource("gpuallocator-answers.json").forEach(a -> answers.put(a.get("id").asText(), a));
        KubeletSettings kubelet = KubeletSettings.from(PolicyOptions.DEFAULT);
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (JsonNode c : cases) {
            List<Integer> available = ints(c.get("available"));
            int size = c.get("size").asInt();
            if (!c.get("required").isEmpty() || size > available.size()) {
                continue;
            }
            NodeTopology node = GpuAllocatorCasesTest.nodes().get(c.get("template").asText());
            Cluster cluster = TestClusters.cluster("n", 1, 1, node);
            List<Integer> held = new ArrayList<>();
            for (int g = 0; g < c.get("gpus").asInt(); g++) {
                if (!available.contains(g)) {
                    held.add(g);
                }
            }
            ClusterState state = ClusterState.empty(cluster);
            if (!held.isEmpty()) {
                state = state.with(new Placement("held", List.of(HostAllocation.of("n01", held, CpuSet.empty()))));
            }
            PodRequest pod = new PodRequest("p", List.of(new ContainerRequest("main", 0, 0, size, 0)), false);
            Admission a = TopologyManagerAdmission.admit(state, "n01", pod, kubelet);
            List<Integer> expected = ints(answers.get(c.get("id").asText()).get("chosen")).stream().sorted().toList();
            if (expected.contains(-1)) {
                // a set with a padding slot: what the device plugin makes of it is outside go-gpuallocator
                continue;
            }
            List<Integer> got = a instanceof Admission.Admitted ok ? ok.allocation().gpus().stream().sorted().toList()
                    : List.of();
            if (!got.equals(expected)) {
                mismatches.add(c.get("id").asText() + ": go-gpuallocator " + expected + ", kubelet " + a);
            }
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(500);
        assertThat(mismatches).isEmpty();
    }
}
