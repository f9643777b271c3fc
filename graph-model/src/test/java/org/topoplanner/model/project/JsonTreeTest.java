package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonTree} against what it replaces on the project path, {@code ObjectMapper.readTree} with the
 * project factory's limits: the same tree (node types included, so an int stays an int and 1.0 a double)
 * for every text, and the same syntax errors at the same places.
 */
class JsonTreeTest {
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonTree.projectFactory());

    @Property(tries = 400)
    void givesTheTreeTheMapperGives(@ForAll("texts") String text) throws Exception {
        assertSameTree(text);
    }

    @Provide
    Arbitrary<String> texts() {
        return values(3);
    }

    /** JSON values up to {@code depth} levels, with keys that repeat and numbers of every width. */
    private static Arbitrary<String> values(int depth) {
        Arbitrary<String> scalars = Arbitraries.oneOf(
                Arbitraries.integers().map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.bigIntegers().between(java.math.BigInteger.TEN.pow(19), java.math.BigInteger.TEN.pow(30))
                        .map(String::valueOf),
                Arbitraries.doubles().map(String::valueOf),
                Arbitraries.of("1.0", "-0.0", "2e3", "1E-7", "0", "-0", "true", "false", "null"),
                Arbitraries.strings().ofMaxLength(8).map(s -> quote(s)));
        if (depth == 0) {
            return scalars;
        }
        Arbitrary<String> inner = values(depth - 1);
        Arbitrary<String> keys = Arbitraries.of("a", "b", "c", "name", "");
        Arbitrary<String> field = keys.flatMap(k -> inner.map(v -> quote(k) + " : " + v));
        Arbitrary<String> object = field.list().ofMaxSize(5).map(f -> "{" + String.join(",\n", f) + "}");
        Arbitrary<String> array = inner.list().ofMaxSize(5).map(f -> "[ " + String.join(", ", f) + " ]");
        return Arbitraries.oneOf(scalars, object, array);
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        s.chars().forEach(c -> b.append(c < 0x20 || c == '"' || c == '\\' ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return b.append('"').toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\": 1, \"a\": {\"b\": [1, 2]}}",     // a key given twice keeps its last value
        "[1, 2] [3]",                            // only the first value is read
        "  \n ",                                 // no value at all
        "{\"big\": 123456789012345678901234567890, \"l\": 4294967296, \"d\": 1.5e300}",
        "[[[[[]]]], {}, {\"\": null}]"})
    void readsTheEdgeCasesAsTheMapperDoes(String text) throws Exception {
        assertSameTree(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\": }",
        "{\"a\": 1,\n \"b\": [1, 2}",
        "{\"a\": tru}",
        "[1, 2",
        "{\"a\" 1}",
        "\"unterminated"})
    void reportsTheMappersSyntaxErrorsAtTheSamePlace(String text) {
        JsonProcessingException mapper = thrown(() -> MAPPER.readTree(text));
        JsonProcessingException tree = thrown(() -> JsonTree.parse(JsonTree.projectFactory(), text));
        assertThat(tree.getOriginalMessage()).isEqualTo(mapper.getOriginalMessage());
        assertThat(tree.getLocation().getLineNr()).isEqualTo(mapper.getLocation().getLineNr());
        assertThat(tree.getLocation().getColumnNr()).isEqualTo(mapper.getLocation().getColumnNr());
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 65})
    void keepsTheProjectNestingLimit(int depth) throws Exception {
        String text = "[".repeat(depth) + "]".repeat(depth);
        if (depth <= 64) {
            assertSameTree(text);
        } else {
            assertThatThrownBy(() -> MAPPER.readTree(text)).isInstanceOf(JsonProcessingException.class);
            assertThatThrownBy(() -> JsonTree.parse(JsonTree.projectFactory(), text))
                    .isInstanceOf(JsonProcessingException.class).hasMessageContaining("nesting depth");
        }
    }

    private static void assertSameTree(String text) throws Exception {
        JsonNode expected = MAPPER.readTree(text);
        JsonNode actual = JsonTree.parse(JsonTree.projectFactory(), text);
        if (expected instanceof MissingNode) {
            assertThat(actual).isNull();
            return;
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(types(actual)).isEqualTo(types(expected));
    }

    /** The node classes in document order: equal trees could still differ in IntNode vs LongNode. */
    private static List<String> types(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        out.add(n.getClass().getSimpleName());
        n.elements().forEachRemaining(c -> out.addAll(types(c)));
        return out;
    }

    private interface Throwing {
        void run() throws Exception;
    }

    private static JsonProcessingException thrown(Throwing t) {
        try {
            t.run();
        } catch (JsonProcessingException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected a JSON syntax error, got " + e, e);
        }
        throw new AssertionError("expected a JSON syntax error");
    }
}
