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

/** The kubelet's {@code TestCompareHintsNarrowest} and {@code TestMaxOfMinAffinityCounts}, case by case. */
class KubeletHintCompareTableTest {
    private static final JsonNode TABLE = UpstreamTables.load("tm-hint-merger.json");
    private static final List<Integer> ANY = List.of(0, 1, 2, 3);

    static Stream<Arguments> compareCases() {
        return StreamSupport.stream(TABLE.get("compare").spliterator(), false)
                .map(c -> Arguments.of(c.get("name").asText(), c));
    }

    static Stream<Arguments> countCases() {
        return StreamSupport.stream(TABLE.get("maxOfMinAffinityCounts").spliterator(), false)
                .map(c -> Arguments.of(c.get("hints").toString(), c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compareCases")
    void comparesAsTheKubeletTestsExpect(String name, JsonNode c) {
        TopologyHint current = c.get("current").isNull() ? null : UpstreamTables.hint(c.get("current").asText(), ANY);
        TopologyHint candidate = UpstreamTables.hint(c.get("candidate").asText(), ANY);

        TopologyHint got = HintMerger.compare(current, candidate, c.get("bestNonPreferred").asInt());

        // The kubelet test compares pointers; current and candidate are distinct objects here too.
        assertThat(got).isSameAs(c.get("expected").asText().equals("current") ? current : candidate);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countCases")
    void countsAsTheKubeletTestsExpect(String name, JsonNode c) {
        List<List<TopologyHint>> hints = new ArrayList<>();
        c.get("hints").forEach(r -> hints.add(UpstreamTables.hints(r, ANY)));

        assertThat(HintMerger.maxOfMinAffinityCounts(hints)).isEqualTo(c.get("expected").asInt());
    }
}
