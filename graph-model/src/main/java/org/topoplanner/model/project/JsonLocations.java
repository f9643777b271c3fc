package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each value of a JSON text starts, keyed by JSON pointer, so that a semantic problem found
 * in the tree ("{@code /cluster/hosts/3/nodeType} names no node type") can be reported at its line
 * and column like a syntax error.
 */
public final class JsonLocations {
    private final String text;
    /** Indexed on the first question: a file that reads cleanly never asks (one parse less; issue 15). */
    private Map<String, int[]> byPointer;

    private JsonLocations(String text) {
        this.text = text;
    }

    /** The locations of {@code text}'s values, found when first asked for. */
    public static JsonLocations index(String text) {
        return new JsonLocations(text);
    }

    private static Map<String, int[]> scan(String text) {
        Map<String, int[]> map = new HashMap<>();
        try (JsonParser p = new JsonFactory().createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME || t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                var loc = p.currentTokenLocation();
                String pointer = p.getParsingContext().pathAsPointer().toString();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    pointer = p.getParsingContext().getParent() == null ? ""
                            : p.getParsingContext().getParent().pathAsPointer().toString();
                }
                map.putIfAbsent(pointer, new int[] {loc.getLineNr(), loc.getColumnNr()});
            }
        } catch (IOException e) {
            // The syntax error itself is reported by the tree parse; what was indexed so far stays.
        }
        return map;
    }

    /** Line and column of the value at {@code pointer}, or of its nearest indexed ancestor. */
    public int[] at(String pointer) {
        if (byPointer == null) {
            byPointer = scan(text);
        }
        String p = pointer;
        while (true) {
            int[] loc = byPointer.get(p);
            if (loc != null) {
                return loc;
            }
            int slash = p.lastIndexOf('/');
            if (slash < 0) {
                return new int[] {1, 1};
            }
            p = p.substring(0, slash);
        }
    }
}
