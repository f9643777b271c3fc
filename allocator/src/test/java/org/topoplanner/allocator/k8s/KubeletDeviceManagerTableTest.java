package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kubelet Device Manager's own tests ({@code TestGetTopologyHints}, {@code TestGetPodTopologyHints},
 * {@code TestTopologyAlignedAllocation}) replayed through {@link DevicePluginResource}.
 */
class KubeletDeviceManagerTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("kubelet-device-manager.json");
    private static final List<Integer> NUMA = List.of(0, 1);

    static Stream<Arguments> hintCases() {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode c : TABLE.get("hints")) {
            c.get("resources").fields().forEachRemaining(r -> out.add(Arguments.of(
                    c.get("test").asText() + ": " + c.get("name").asText() + " [" + r.getKey() + "]", r.getValue())));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hintCases")
    void hintsAsTheKubeletTestsExpect(String name, JsonNode r) {
        List<KubeletNode.Device> devices = devices(r);
        TreeSet<Integer> free = new TreeSet<>();
        devices.forEach(d -> free.add(d.index()));
        if (r.has("held")) {
            r.get("held").forEach(id -> free.remove(index(id.asText())));
        }
        int request = 0;
        if (r.has("request")) {
            request = r.get("request").asInt();
        } else {
            // pod scope: GetPodTopologyHints asks for the sum over the pod's (non-init) containers
            for (JsonNode n : r.get("containerRequests")) {
                request += n.asInt();
            }
        }

        List<TopologyHint> got = DevicePluginResource.hints(devices, free, NUMA, request);

        List<TopologyHint> want = UpstreamTables.hints(r.get("expected"), NUMA);
        if (want == null) {
            assertThat(got).isNull();
        } else {
            // The kubelet test sorts both lists before comparing; order is not part of the answer.
            assertThat(got).containsExactlyInAnyOrderElementsOf(want);
        }
    }

    static Stream<Arguments> allocationCases() {
        return StreamSupport.stream(TABLE.get("alignedAllocation").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allocationCases")
    void allocatesAlongTheHintAsTheKubeletTestsExpect(String name, JsonNode c) {
        List<KubeletNode.Device> devices = devices(c);
        TreeSet<Integer> free = new TreeSet<>();
        devices.forEach(d -> free.add(d.index()));
        List<Integer> response = new ArrayList<>();
        if (c.has("preferredResponse")) {
            c.get("preferredResponse").forEach(id -> response.add(index(id.asText())));
        }
        DevicePluginResource.Preference plugin = c.has("preferredResponse") ? (available, must, size) -> response : null;
        NumaMask affinity = UpstreamTables.hint(c.get("hint").asText(), NUMA).affinity();
        int request = c.get("request").asInt();

        List<Integer> got = DevicePluginResource.allocate(devices, free, request, affinity, plugin);

        assertThat(got).hasSize(request);
        List<Integer> preferred = new ArrayList<>();
        if (c.has("expectedPreferredAllocation")) {
            c.get("expectedPreferredAllocation").forEach(id -> preferred.add(index(id.asText())));
        }
        assertThat(got).containsAll(preferred);
        Map<Integer, Integer> alignment = new TreeMap<>();
        if (devices.stream().anyMatch(d -> !d.numa().isEmpty())) {
            for (int i : got) {
                devices.stream().filter(d -> d.index() == i).findFirst().orElseThrow().numa()
                        .forEach(n -> alignment.merge(n, 1, Integer::sum));
            }
        }
        Map<Integer, Integer> want = new TreeMap<>();
        c.get("expectedAlignment").fields().forEachRemaining(e -> want.put(Integer.parseInt(e.getKey()),
                e.getValue().asInt()));
        assertThat(alignment).isEqualTo(want);
        assertThat(new HashSet<>(got)).doesNotContainAnyElementsOf(free);
    }

    /** {@code DevN} is index N; any other id (the tests' {@code bogusN}) an index no device has. */
    private static int index(String id) {
        return id.startsWith("Dev") ? Integer.parseInt(id.substring(3)) : -1 - Math.abs(id.hashCode() % 1000);
    }

    private static List<KubeletNode.Device> devices(JsonNode c) {
        List<KubeletNode.Device> out = new ArrayList<>();
        if (c.has("devices")) {
            for (JsonNode d : c.get("devices")) {
                out.add(new KubeletNode.Device(d.get("id").asText(), index(d.get("id").asText()),
                        d.get("numa").isNull() ? List.of() : List.of(d.get("numa").asInt())));
            }
        } else {
            for (JsonNode r : c.get("deviceRanges")) {
                for (int i = r.get("from").asInt(); i <= r.get("to").asInt(); i++) {
                    out.add(new KubeletNode.Device("Dev" + i, i, List.of(r.get("numa").asInt())));
                }
            }
        }
        return out;
    }
}
