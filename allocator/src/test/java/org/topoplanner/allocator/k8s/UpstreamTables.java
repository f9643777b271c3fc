package org.topoplanner.allocator.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Reads the tables transcribed from the upstream projects' own unit tests
 * ({@code src/test/resources/upstream-tables/}, see its README for files and commits).
 */
final class UpstreamTables {
    private UpstreamTables() {
    }

    static JsonNode load(String name) {
        try (InputStream in = UpstreamTables.class.getResourceAsStream("/upstream-tables/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource upstream-tables/" + name);
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "{0,1}T"}, {@code "{all}F"}, {@code "nilT"}: a hint in the tables' notation. */
    static TopologyHint hint(String s, List<Integer> all) {
        boolean preferred = switch (s.charAt(s.length() - 1)) {
            case 'T' -> true;
            case 'F' -> false;
            default -> throw new IllegalArgumentException("hint must end in T or F: " + s);
        };
        String mask = s.substring(0, s.length() - 1);
        if (mask.equals("nil")) {
            return new TopologyHint(null, preferred);
        }
        return new TopologyHint(mask(mask, all), preferred);
    }

    /** {@code "{0,2}"}, {@code "{}"} or {@code "{all}"}. */
    static NumaMask mask(String s, List<Integer> all) {
        if (!s.startsWith("{") || !s.endsWith("}")) {
            throw new IllegalArgumentException("mask must be {ids}: " + s);
        }
        String body = s.substring(1, s.length() - 1).trim();
        if (body.equals("all")) {
            return NumaMask.of(all);
        }
        List<Integer> ids = new ArrayList<>();
        for (String id : body.split(",")) {
            if (!id.isBlank()) {
                ids.add(Integer.parseInt(id.trim()));
            }
        }
        return NumaMask.of(ids);
    }

    /** A JSON list of hint strings; JSON {@code null} is Go's nil slice. */
    static List<TopologyHint> hints(JsonNode list, List<Integer> all) {
        if (list == null || list.isNull()) {
            return null;
        }
        List<TopologyHint> out = new ArrayList<>();
        list.forEach(h -> out.add(hint(h.asText(), all)));
        return out;
    }

    /** The providers of a merge case: each null (no hints at all) or a map resource -> hints. */
    static List<List<ResourceHints>> providers(JsonNode providers, List<Integer> all) {
        List<List<ResourceHints>> out = new ArrayList<>();
        for (JsonNode p : providers) {
            List<ResourceHints> resources = new ArrayList<>();
            if (!p.isNull()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    resources.add(new ResourceHints(e.getKey(), hints(e.getValue(), all)));
                }
            }
            out.add(resources);
        }
        return out;
    }

    static List<Integer> ints(JsonNode list) {
        List<Integer> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asInt()));
        return out;
    }

    static List<List<Long>> matrix(JsonNode rows) {
        List<List<Long>> out = new ArrayList<>();
        for (JsonNode r : rows) {
            List<Long> row = new ArrayList<>();
            r.forEach(n -> row.add(n.asLong()));
            out.add(row);
        }
        return out;
    }

    /** One host whose cores are the topology's: OS CPU ids, core, socket and NUMA node as the table lists them. */
    static KubeletNode kubeletNode(JsonNode cpus) {
        Map<Integer, List<Integer>> pus = new TreeMap<>();
        Map<Integer, int[]> where = new TreeMap<>();
        for (JsonNode r : cpus) {
            pus.computeIfAbsent(r.get(1).asInt(), k -> new ArrayList<>()).add(r.get(0).asInt());
            where.put(r.get(1).asInt(), new int[] {r.get(2).asInt(), r.get(3).asInt()});
        }
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("kubelet-test");
        pus.forEach((core, list) -> b.core(new Core(core, where.get(core)[0], where.get(core)[1], CpuSet.of(list))));
        Cluster cluster = TestClusters.cluster("k", 1, 1, b.build());
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);
        return new KubeletNode(ClusterState.empty(cluster), "k01", k);
    }
}
