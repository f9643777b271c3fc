package org.topoplanner.model.project;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed access to an object node of the project tree that knows its JSON pointer, so that a wrong
 * field is reported by where it is rather than as a Java exception.
 */
final class JsonFields {
    private final JsonNode node;
    private final String pointer;

    JsonFields(JsonNode node, String pointer) {
        if (node == null || !node.isObject()) {
            throw new JsonShapeException(pointer, "expected an object at " + display(pointer));
        }
        this.node = node;
        this.pointer = pointer;
    }

    static String display(String pointer) {
        return pointer.isEmpty() ? "the top level" : pointer;
    }

    String pointer(String field) {
        return pointer + "/" + field;
    }

    boolean has(String field) {
        return node.has(field) && !node.get(field).isNull();
    }

    String string(String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new JsonShapeException(pointer(field), "expected text at " + pointer(field));
        }
        return v.asText();
    }

    String optString(String field) {
        return has(field) ? string(field) : null;
    }

    int integer(String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new JsonShapeException(pointer(field), "expected a whole number at " + pointer(field));
        }
        return v.asInt();
    }

    int optInt(String field, int fallback) {
        return has(field) ? integer(field) : fallback;
    }

    Integer optInteger(String field) {
        return has(field) ? integer(field) : null;
    }

    long optLong(String field, long fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isIntegralNumber()) {
            throw new JsonShapeException(pointer(field), "expected a whole number at " + pointer(field));
        }
        return v.asLong();
    }

    Long optLongObject(String field) {
        return has(field) ? optLong(field, 0) : null;
    }

    double number(String field, double fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isNumber()) {
            throw new JsonShapeException(pointer(field), "expected a number at " + pointer(field));
        }
        return v.asDouble();
    }

    boolean bool(String field, boolean fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isBoolean()) {
            throw new JsonShapeException(pointer(field), "expected true or false at " + pointer(field));
        }
        return v.asBoolean();
    }

    /** The elements of an array field as object accessors; an absent field is an empty list. */
    List<JsonFields> objects(String field) {
        List<JsonFields> out = new ArrayList<>();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isArray()) {
            throw new JsonShapeException(pointer(field), "expected a list at " + pointer(field));
        }
        for (int i = 0; i < v.size(); i++) {
            out.add(new JsonFields(v.get(i), pointer(field) + "/" + i));
        }
        return out;
    }

    List<String> strings(String field) {
        List<String> out = new ArrayList<>();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isArray()) {
            throw new JsonShapeException(pointer(field), "expected a list of text at " + pointer(field));
        }
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) {
                throw new JsonShapeException(pointer(field) + "/" + i, "expected text at " + pointer(field) + "/" + i);
            }
            out.add(v.get(i).asText());
        }
        return out;
    }

    List<Integer> integers(String field) {
        List<Integer> out = new ArrayList<>();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isArray()) {
            throw new JsonShapeException(pointer(field), "expected a list of numbers at " + pointer(field));
        }
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isIntegralNumber()) {
                throw new JsonShapeException(pointer(field) + "/" + i, "expected a whole number at " + pointer(field) + "/" + i);
            }
            out.add(v.get(i).asInt());
        }
        return out;
    }

    /** A JSON object of text values as an ordered map. */
    Map<String, String> stringMap(String field) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isObject()) {
            throw new JsonShapeException(pointer(field), "expected an object at " + pointer(field));
        }
        v.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw new JsonShapeException(pointer(field) + "/" + e.getKey(), "expected text at " + pointer(field) + "/" + e.getKey());
            }
            out.put(e.getKey(), e.getValue().asText());
        });
        return out;
    }

    JsonFields object(String field) {
        return new JsonFields(node.get(field), pointer(field));
    }

    /** Field names of an object-valued field, in order. */
    List<String> keysOf(String field) {
        List<String> out = new ArrayList<>();
        JsonNode v = node.get(field);
        if (v != null && v.isObject()) {
            v.fieldNames().forEachRemaining(out::add);
        }
        return out;
    }
}
