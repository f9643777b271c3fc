package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Templates are read with the streaming parser ({@link JsonTree}) instead of {@code new ObjectMapper().readTree}:
 * the same template, or the same diagnostic at the same place, for good, broken and over-deep texts (the parser
 * keeps the mapper's default limits, not the project file's tighter ones).
 */
class NodeTopologyJsonParseTest {

    static Stream<String> texts() {
        String deep = "{\"model\": \"m\", \"x\": " + "[".repeat(100) + "]".repeat(100) + "}";
        return Stream.of(
                "", "   ", "null", "[]", "{", "{\"model\": }", "{\"model\": \"m\",}", "{\"model\": \"m\"} trailing",
                "{\"model\": \"m\", \"model\": \"n\"}", "{\"model\": \"m\", \"sockets\": \"two\"}", deep,
                "{\"model\": \"m\", \"sockets\": 2, \"cores\": [ {\"id\": 0, \"socket\": 0} ]}",
                "{\"model\": \"m\"\n  \"sockets\": 2}");
    }

    @ParameterizedTest
    @MethodSource("texts")
    void readsAsTheMapperDid(String text) {
        assertThat(outcome(() -> NodeTopologyJson.parse(text, "t.json")))
                .isEqualTo(outcome(() -> parsedByMapper(text, "t.json")));
    }

    /** What {@code parse} did before: the tree from a default {@code ObjectMapper}, then the same reading. */
    private static NodeTopology parsedByMapper(String text, String path) throws ProjectFormatException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new ProjectFormatException(List.of(Diagnostic.error(path,
                    loc == null ? 1 : Math.max(1, loc.getLineNr()), loc == null ? 1 : Math.max(1, loc.getColumnNr()),
                    "not a node topology: " + e.getOriginalMessage())));
        }
        try {
            return NodeTopologyJson.read(new JsonFields(root, ""));
        } catch (JsonShapeException e) {
            int[] loc = JsonLocations.index(text).at(e.pointer());
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1], e.getMessage())));
        }
    }

    private interface Parse {
        NodeTopology run() throws ProjectFormatException;
    }

    /** The template, or the diagnostics it was refused with. */
    private static Object outcome(Parse p) {
        try {
            return p.run();
        } catch (ProjectFormatException e) {
            return e.diagnostics();
        }
    }
}
