package org.topoplanner.allocator.kueue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.k8s.ContainerRequest;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.SliceConstraint;

/**
 * One case of the Kueue TAS oracle ({@code oracle/k8s/kueue-tas-cases.json}, written by
 * {@code src/test/oracle-k8s/kueue/gen_kueue_cases.py}) in our terms, with the real Kueue's answer
 * ({@code kueue-tas-answers.json}). All construction of our requests from a case is here, so a change
 * of {@link PodRequest} or {@link NodeCapacity} touches this file only.
 *
 * @param expected Kueue's answer: {@code levels}, {@code domains} ({@code values}, {@code count}) or
 *                 {@code failure}
 */
record KueueOracleCase(String id, TopologyLevels levels, Map<String, NodeCapacity> nodes, PodRequest pod,
                       TasAlgorithm.Request request, JsonNode json, JsonNode expected) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode resource(String name) throws IOException {
        try (InputStream in = KueueOracleCase.class.getResourceAsStream("/oracle/k8s/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource /oracle/k8s/" + name);
            }
            return JSON.readTree(in);
        }
    }

    /** The general cases ({@code kueue-tas}) and the {@link #modelled()} ones. */
    static List<KueueOracleCase> all() throws IOException {
        List<KueueOracleCase> out = new ArrayList<>(load("kueue-tas"));
        out.addAll(modelled());
        return out;
    }

    /**
     * The cases the cluster model states exactly ({@code kueue-tas-modelled}), and those of them with
     * 8-GPU nodes and pods of 5 to 8 GPUs, one pod per node ({@code kueue-tas-whole-nodes}).
     */
    static List<KueueOracleCase> modelled() throws IOException {
        List<KueueOracleCase> out = new ArrayList<>(load("kueue-tas-modelled"));
        out.addAll(load("kueue-tas-whole-nodes"));
        return out;
    }

    /** The cases of {@code <set>-cases.json} with their answers in {@code <set>-answers.json}. */
    static List<KueueOracleCase> load(String set) throws IOException {
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        resource(set + "-answers.json").forEach(a -> answers.put(a.get("id").asText(), a));
        List<KueueOracleCase> out = new ArrayList<>();
        for (JsonNode c : resource(set + "-cases.json")) {
            out.add(of(c, answers.get(c.get("id").asText())));
        }
        return out;
    }

    static KueueOracleCase of(JsonNode c, JsonNode expected) {
        List<String> levelKeys = new ArrayList<>();
        c.get("levels").forEach(l -> levelKeys.add(l.asText()));
        Map<String, List<String>> values = new LinkedHashMap<>();
        Map<String, NodeCapacity> nodes = new LinkedHashMap<>();
        for (JsonNode n : c.get("nodes")) {
            String host = n.get("name").asText();
            List<String> v = new ArrayList<>();
            levelKeys.forEach(k -> v.add(n.get("labels").get(k).asText()));
            values.put(host, v);
            long cpu = 0;
            long mem = 0;
            int gpus = 0;
            for (JsonNode u : n.get("running")) {
                cpu += u.get("cpuMilli").asLong();
                mem += u.get("memoryMiB").asLong();
                gpus += u.get("gpus").asInt();
            }
            nodes.put(host, new NodeCapacity(host, n.get("cpuMilli").asLong(), n.get("memoryMiB").asLong(),
                    n.get("gpus").asInt(), 0, n.get("pods").asInt(), cpu, mem, gpus, 0, n.get("running").size(), 0, 0));
        }
        JsonNode ps = c.get("podSet");
        ContainerRequest container = new ContainerRequest("main", (int) (ps.get("cpuMilli").asLong() / 1000),
                ps.get("memoryMiB").asLong(), ps.get("gpus").asInt(), 0);
        PodRequest pod = new PodRequest("main", List.of(container), container.cpus() > 0);
        List<SliceConstraint> slices = new ArrayList<>();
        ps.path("slices").forEach(s -> slices.add(new SliceConstraint(s.get("topology").asText(), s.get("size").asInt())));
        KueueMode mode = KueueMode.parse(ps.get("mode").asText()).orElseThrow();
        String level = ps.hasNonNull("level") ? ps.get("level").asText() : null;
        TasAlgorithm.Request request = new TasAlgorithm.Request(mode, level, ps.get("count").asInt(), slices);
        return new KueueOracleCase(c.get("id").asText(),
                new TopologyLevels(c.get("topology").asText(), levelKeys, values), nodes, pod, request, c, expected);
    }

    JsonNode podSet() {
        return json.get("podSet");
    }

    /** Kueue's failure message, or {@code null} when it assigned the PodSet. */
    String failure() {
        String f = expected.path("failure").asText("");
        return f.isEmpty() ? null : f;
    }

    /** Kueue's pods per node (cases with the hostname level), in its order. */
    Map<String, Integer> podsPerHost() {
        Map<String, Integer> out = new LinkedHashMap<>();
        expected.path("domains").forEach(d -> out.put(d.get("values").get(d.get("values").size() - 1).asText(),
                d.get("count").asInt()));
        return out;
    }

    /** Our answer in the oracle's terms, to compare with {@link #expected()} as text. */
    String ours(TasAlgorithm.Result r) {
        if (r.failure() != null) {
            return "failure: " + r.failure();
        }
        int from = levels.lowestIsHostname() ? levels.levels().size() - 1 : 0;
        StringBuilder b = new StringBuilder("levels ").append(levels.levels().subList(from, levels.levels().size()));
        for (TasDomain d : r.leaves()) {
            b.append(' ').append(d.values.subList(from, d.values.size())).append('=').append(d.podCount);
        }
        return b.toString();
    }

    String theirs() {
        if (expected.hasNonNull("failure") && !expected.get("failure").asText().isEmpty()) {
            return "failure: " + expected.get("failure").asText();
        }
        List<String> lv = new ArrayList<>();
        expected.get("levels").forEach(l -> lv.add(l.asText()));
        StringBuilder b = new StringBuilder("levels ").append(lv);
        for (JsonNode d : expected.path("domains")) {
            List<String> v = new ArrayList<>();
            d.get("values").forEach(x -> v.add(x.asText()));
            b.append(' ').append(v).append('=').append(d.get("count").asInt());
        }
        return b.toString();
    }
}
