package org.topoplanner.allocator.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares replay output with the real harness's JSON lines, job line by job line: name, when,
 * state, reason, nodes, per-node CPU ids and GPU indices, leaves. Returns one message per mismatch.
 */
final class OracleComparison {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OracleComparison() {
    }

    static List<JsonNode> jobLines(List<String> lines) {
        List<JsonNode> out = new ArrayList<>();
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            try {
                JsonNode n = JSON.readTree(l);
                if ("job".equals(n.path("type").asText())) {
                    out.add(n);
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("bad JSON line: " + l, e);
            }
        }
        return out;
    }

    static List<String> mismatches(List<JsonNode> expected, List<JsonNode> actual) {
        List<String> out = new ArrayList<>();
        int n = Math.max(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            if (i >= expected.size()) {
                out.add("extra line " + (i + 1) + ": " + summary(actual.get(i)));
                continue;
            }
            if (i >= actual.size()) {
                out.add("missing line " + (i + 1) + ": " + summary(expected.get(i)));
                continue;
            }
            String e = summary(expected.get(i));
            String a = summary(actual.get(i));
            if (!e.equals(a)) {
                out.add("line " + (i + 1) + "\n    real:   " + e + "\n    replay: " + a);
            }
        }
        return out;
    }

    /** The compared fields as one line, e.g. {@code s4a_4g submit RUNNING node01[c0 g0,1,2,3] leaf1}. */
    static String summary(JsonNode j) {
        StringBuilder sb = new StringBuilder();
        sb.append(j.path("name").asText()).append(' ').append(j.path("when").asText()).append(' ')
                .append(j.path("state").asText());
        if (!j.path("reason").isMissingNode() && !j.path("reason").isNull()) {
            sb.append('(').append(j.path("reason").asText()).append(')');
        }
        for (JsonNode a : j.path("alloc")) {
            sb.append(' ').append(a.path("node").asText()).append("[c");
            List<String> c = new ArrayList<>();
            a.path("cpus").forEach(x -> c.add(x.asText()));
            sb.append(String.join(",", c)).append(" g");
            List<String> g = new ArrayList<>();
            a.path("gpus").forEach(x -> g.add(x.asText()));
            sb.append(String.join(",", g)).append(']');
        }
        List<String> nodes = new ArrayList<>();
        j.path("nodes").forEach(x -> nodes.add(x.asText()));
        sb.append(" nodes=").append(String.join(",", nodes));
        List<String> leaves = new ArrayList<>();
        j.path("leaves").forEach(x -> leaves.add(x.asText()));
        sb.append(" leaves=").append(String.join("+", leaves));
        return sb.toString();
    }
}
