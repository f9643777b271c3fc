package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Reads a JSON text into the same tree {@code ObjectMapper.readTree} gives (objects, arrays, text, numbers
 * as int/long/big-integer or double nodes, booleans, nulls; a key given twice keeps its last value; only the
 * first value is read), straight from Jackson's streaming parser. An {@code ObjectMapper} costs more to set
 * up than a small project takes to read (serializer and deserializer caches, type factory, date formats
 * with their calendar and locale look-ups): the window opens on the shipped example project, and building
 * one on that path was measured as part of the start-up (issue 15). Syntax errors are the parser's own
 * exceptions, with its locations and messages.
 */
final class JsonTree {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTree() {
    }

    /** A parser factory for project files: no deeper than 64 levels, strings up to 1 MiB. */
    static JsonFactory projectFactory() {
        JsonFactory f = new JsonFactory();
        f.setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxStringLength(1 << 20).build());
        return f;
    }

    /** The tree of the first value in {@code text}, or null when the text holds no value. */
    static JsonNode parse(JsonFactory factory, String text) throws JsonProcessingException {
        try (JsonParser p = factory.createParser(text)) {
            return read(p);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            // a String source does no I/O; only the parser's own (processing) exceptions can occur
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Walks the tokens as {@code JsonNodeDeserializer} does (keys with {@code nextFieldName}, values with
     * {@code nextToken}), so that a syntax error is found by the same parser call and reads the same.
     * Iterative, so that the depth limit is the parser's and not the thread's stack.
     */
    private static JsonNode read(JsonParser p) throws IOException {
        JsonToken first = p.nextToken();
        if (first == null) {
            return null;
        }
        JsonNode root = node(p, first);
        Deque<JsonNode> open = new ArrayDeque<>();
        if (root.isContainerNode()) {
            open.push(root);
        }
        while (!open.isEmpty()) {
            JsonNode parent = open.peek();
            String key = null;
            if (parent instanceof ObjectNode) {
                key = p.nextFieldName();
                if (key == null) {
                    open.pop();
                    continue;
                }
            }
            JsonToken t = p.nextToken();
            if (t == JsonToken.END_ARRAY) {
                open.pop();
                continue;
            }
            JsonNode value = node(p, t);
            if (parent instanceof ObjectNode o) {
                o.replace(key, value);
            } else {
                ((ArrayNode) parent).add(value);
            }
            if (value.isContainerNode()) {
                open.push(value);
            }
        }
        return root;
    }

    /** A new node for the token just read: an empty container, or the scalar's value. */
    private static JsonNode node(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            // the parser reports an unclosed object or array before it runs out of tokens
            throw new IllegalStateException("JSON text ended inside a value");
        }
        return switch (t) {
            case START_OBJECT -> NODES.objectNode();
            case START_ARRAY -> NODES.arrayNode();
            case VALUE_STRING -> NODES.textNode(p.getText());
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IllegalStateException("unexpected JSON token " + t);
        };
    }
}
