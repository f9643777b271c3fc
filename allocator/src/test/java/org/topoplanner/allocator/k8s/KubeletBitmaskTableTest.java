package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The kubelet's {@code bitmask_test.go} cases for the operations {@link NumaMask} has. */
class KubeletBitmaskTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("tm-bitmask.json");

    static Stream<Arguments> cases() {
        return StreamSupport.stream(TABLE.get("cases").spliterator(), false)
                .map(c -> Arguments.of(c.get("test").asText() + ": " + c.get("name").asText(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void behavesAsTheKubeletBitmask(String name, JsonNode c) {
        JsonNode want = c.get("expected");
        switch (c.get("op").asText()) {
            case "string" -> assertThat(mask(c.get("mask")).toString()).isEqualTo(want.asText());
            case "and" -> {
                List<NumaMask> masks = masks(c.get("masks"));
                NumaMask and = masks.get(0);
                for (NumaMask m : masks) {
                    and = and.and(m);
                }
                assertThat(and.toString()).isEqualTo(want.asText());
            }
            case "isSet" -> assertThat(mask(c.get("mask")).isSet(c.get("bit").asInt())).isEqualTo(want.asBoolean());
            case "anySet" -> assertThat(mask(c.get("mask")).anySet(UpstreamTables.ints(c.get("bits"))))
                    .isEqualTo(want.asBoolean());
            case "isEqual" -> {
                List<NumaMask> m = masks(c.get("masks"));
                assertThat(m.get(0).equals(m.get(1))).isEqualTo(want.asBoolean());
            }
            case "count" -> assertThat(mask(c.get("mask")).count()).isEqualTo(want.asInt());
            case "getBits" -> assertThat(mask(c.get("mask")).ids()).isEqualTo(UpstreamTables.ints(want));
            case "isNarrowerThan" -> {
                List<NumaMask> m = masks(c.get("masks"));
                assertThat(m.get(0).isNarrowerThan(m.get(1))).isEqualTo(want.asBoolean());
            }
            case "iterateCount" -> {
                List<Integer> bits = new ArrayList<>();
                for (int i = 0; i < c.get("numbits").asInt(); i++) {
                    bits.add(i);
                }
                int[] n = {0};
                NumaMask.iterate(bits, m -> n[0]++);
                assertThat(n[0]).isEqualTo(want.asInt());
            }
            default -> throw new IllegalArgumentException("unknown op in table: " + c.get("op"));
        }
    }

    private static NumaMask mask(JsonNode bits) {
        return NumaMask.of(UpstreamTables.ints(bits));
    }

    private static List<NumaMask> masks(JsonNode list) {
        List<NumaMask> out = new ArrayList<>();
        list.forEach(m -> out.add(mask(m)));
        return out;
    }
}
