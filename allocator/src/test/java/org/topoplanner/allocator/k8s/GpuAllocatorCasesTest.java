package org.topoplanner.allocator.k8s;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The go-gpuallocator oracle's input, and a check that the stored input is still what our model
 * says. Writes (src/test/oracle-k8s/README.md): per node of {@link #nodes()}, its GPU pairs as NVML would report them ({@link GpuBestEffort#pairLink}) and random
 * requests (available set, required GPUs, size), seeded. Every run compares the cases it makes with
 * the stored {@code gpuallocator-cases.json}: a change to a template or to the NVLink/PCIe pairs we
 * report means the real code has to be asked again. With {@code -Doracle.gpu.cases=/path/cases.json}
 * it also writes them there; the answers come back from the real code and
 * {@link GpuAllocatorOracleTest} replays them.
 */
class GpuAllocatorCasesTest {
    static final long SEED = 12;
    static final int CASES_PER_TEMPLATE = 130;

    /**
     * The nodes asked about: every shipped template, then a made-up 6-GPU node whose GPUs are NVLinked
     * directly with 13, 18 and 20 lanes (no shipped node has more than 12 direct lanes; NVML has link
     * types up to 18), two per socket.
     */
    static Map<String, NodeTopology> nodes() {
        Map<String, NodeTopology> out = new LinkedHashMap<>();
        for (NodeTemplate t : NodeTemplate.values()) {
            out.put(t.id(), ShippedData.template(t));
        }
        NodeTopology base = TestClusters.node(8, 65536, new int[] {3, 3}, new int[] {0, 0});
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("nvlink-direct-6gpu").cpuLayout(2, 1, 8, 1, 65536);
        base.pci().forEach(b::pci);
        base.gpus().forEach(b::gpu);
        b.nvlink("GPU0", "GPU1", 18).nvlink("GPU2", "GPU3", 13).nvlink("GPU4", "GPU5", 20)
                .nvlink("GPU1", "GPU2", 4).nvlink("GPU3", "GPU4", 12);
        out.put("nvlink-direct-6gpu", b.build());
        return out;
    }

    @Test
    void storedCasesAreWhatTheTemplatesSay() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode cases = cases(json);
        // written before the check: the cases are wanted exactly when they changed
        String target = System.getProperty("oracle.gpu.cases");
        if (target != null && !target.isBlank()) {
            Path out = Path.of(target);
            Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), "cases", ".tmp");
            json.writeValue(tmp.toFile(), cases);
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        try (InputStream in = GpuAllocatorCasesTest.class.getResourceAsStream("/oracle/k8s/gpuallocator-cases.json")) {
            org.assertj.core.api.Assertions.assertThat(in).as("stored gpuallocator-cases.json").isNotNull();
            org.assertj.core.api.Assertions.assertThat(cases)
                    .as("the cases our templates make today; if they changed on purpose, ask the real code again "
                            + "(src/test/oracle-k8s/README.md)")
                    .isEqualTo(json.readTree(in));
        }
    }

    private static ArrayNode cases(ObjectMapper json) {
        ArrayNode cases = json.createArrayNode();
        Random rng = new Random(SEED);
        for (Map.Entry<String, NodeTopology> e : nodes().entrySet()) {
            NodeTopology node = e.getValue();
            GpuBestEffort policy = new GpuBestEffort(node);
            int n = node.gpus().size();
            for (int k = 0; k < CASES_PER_TEMPLATE; k++) {
                ObjectNode c = cases.addObject();
                c.put("id", "g-" + e.getKey() + "-" + (k + 1));
                c.put("template", e.getKey());
                c.put("gpus", n);
                ArrayNode pairs = c.putArray("pairs");
                for (int a = 0; a < n; a++) {
                    for (int b = a + 1; b < n; b++) {
                        GpuBestEffort.PairLink l = policy.pairLink(a, b);
                        pairs.addObject().put("a", a).put("b", b).put("pcie", l.pcie().name()).put("lanes", l.lanes());
                    }
                }
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    all.add(i);
                }
                Collections.shuffle(all, rng);
                int free = 1 + rng.nextInt(n);
                List<Integer> available = new ArrayList<>(all.subList(0, free));
                Collections.sort(available);
                // mostly requests that fit; a few larger than what is free
                int size = rng.nextInt(10) == 0 ? 1 + rng.nextInt(n) : 1 + rng.nextInt(free);
                List<Integer> required = new ArrayList<>();
                if (rng.nextInt(4) == 0) {
                    List<Integer> shuffled = new ArrayList<>(available);
                    Collections.shuffle(shuffled, rng);
                    required.addAll(shuffled.subList(0, 1 + rng.nextInt(Math.min(2, shuffled.size()))));
                    Collections.sort(required);
                }
                available.forEach(c.putArray("available")::add);
                required.forEach(c.putArray("required")::add);
                c.put("size", size);
            }
        }
        return cases;
    }
}
