package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.metrics.NodeMetrics;
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.allocator.validate.PlacementValidator;
import org.topoplanner.allocator.validate.SchedulerSettings;
import org.topoplanner.allocator.validate.ValidationOptions;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/** Metrics and violations of a placement, as JSON and as lines for people. */
final class PlacementReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    final PlacementMetrics metrics;
    final List<Violation> violations;

    private PlacementReport(PlacementMetrics metrics, List<Violation> violations) {
        this.metrics = metrics;
        this.violations = violations;
    }

    /**
     * Scores and checks {@code placement} against what else runs; under a policy ({@code null}: none) its
     * tier limit and, where pods meet a kubelet, the kubelet's admission of each pod are part of the check.
     */
    static PlacementReport of(ClusterState others, JobRequest request, Placement placement, PolicyChoice choice) {
        ValidationOptions v = choice == null ? ValidationOptions.NONE : SchedulerSettings.options(others, request, placement, choice);
        List<Violation> violations = new PlacementValidator().validate(others, request, placement, v);
        return new PlacementReport(PlacementMetrics.ofAdded(others, placement), violations);
    }

    boolean hasErrors() {
        return errorCount() > 0;
    }

    long errorCount() {
        return violations.stream().filter(x -> x.severity().name().equals("ERROR")).count();
    }

    /** The codes of the error violations, in order, each once. */
    List<String> errorCodes() {
        return violations.stream().filter(x -> x.severity().name().equals("ERROR")).map(Violation::code)
                .distinct().toList();
    }

    ObjectNode metricsJson() {
        ObjectNode o = F.objectNode();
        o.put("leaves", metrics.leaves()).put("spines", metrics.spines()).put("highestTier", metrics.highestTier());
        if (metrics.worstPair().a() == null) {
            o.putNull("worstPair");
        } else {
            ObjectNode wp = o.putObject("worstPair");
            wp.put("a", metrics.worstPair().a()).put("b", metrics.worstPair().b()).put("hops", metrics.worstPair().hops());
        }
        if (Double.isFinite(metrics.busGBps())) {
            o.put("ringBusGBps", round(metrics.busGBps()));
        } else {
            o.putNull("ringBusGBps");
        }
        o.put("ringBottleneck", metrics.ring().bottleneck());
        ArrayNode assumptions = o.putArray("assumptions");
        metrics.ring().assumptions().forEach(assumptions::add);
        ArrayNode nodes = o.putArray("nodes");
        for (NodeMetrics n : metrics.nodes()) {
            ObjectNode no = nodes.addObject().put("host", n.host());
            ArrayNode numa = no.putArray("numaNodes");
            n.numaNodes().forEach(numa::add);
            // fewer than two GPUs have no ring step: no value (null), not a rounded infinity
            putRate(no, "nvlinkGBps", n.nvlinkGBps());
            putRate(no, "ringGBps", n.ringGBps());
        }
        ObjectNode frag = o.putObject("fragmentation");
        frag.put("freeNodes", metrics.fragmentation().freeNodes());
        ArrayNode freeLeaves = frag.putArray("freeLeaves");
        metrics.fragmentation().freeLeaves().forEach(freeLeaves::add);
        frag.put("freeGpus", metrics.fragmentation().freeGpus()).put("strandedGpus", metrics.fragmentation().strandedGpus());
        return o;
    }

    ArrayNode violationsJson() {
        ArrayNode a = F.arrayNode();
        for (Violation v : violations) {
            ObjectNode o = a.addObject().put("code", v.code()).put("severity", v.severity().word());
            ArrayNode el = o.putArray("elements");
            v.elements().forEach(el::add);
            o.put("sentence", v.sentence());
        }
        return a;
    }

    List<String> lines() {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder("  ");
        if (metrics.worstPair().a() == null) {
            sb.append("one node");
        } else {
            // a job inside one leaf crosses no spine: say so by not naming spines at all
            String spines = metrics.spines() == 0 ? "" : ", " + plural(metrics.spines(), "spine", "spines");
            sb.append(String.format("spans %s%s (highest tier %d); worst pair %s-%s, %d hops",
                    plural(metrics.leaves(), "leaf", "leaves"), spines,
                    metrics.highestTier(), metrics.worstPair().a(), metrics.worstPair().b(), metrics.worstPair().hops()));
        }
        if (Double.isFinite(metrics.busGBps())) {
            sb.append(String.format("; ring all-reduce ~%.1f GB/s, limited by %s", metrics.busGBps(),
                    metrics.ring().bottleneck()));
        } else {
            sb.append("; no ring (").append(metrics.ring().bottleneck()).append(')');
        }
        out.add(sb.toString());
        // An estimate that left steps out must say so: a ring over two NVLink domains whose cables have no
        // known speed would otherwise read as running at NVLink speed.
        ringAssumptions(metrics.ring().assumptions()).forEach(a -> out.add("  ring estimate: " + a));
        for (Violation v : violations) {
            out.add("  " + v.severity().word() + " " + v.code() + ": " + v.sentence());
        }
        return out;
    }

    /** "{@code host: what}" assumptions folded by what, with the hosts counted and the first named. */
    static List<String> ringAssumptions(List<String> assumptions) {
        java.util.Map<String, List<String>> byWhat = new java.util.LinkedHashMap<>();
        for (String a : assumptions) {
            int colon = a.indexOf(": ");
            String host = colon < 0 ? "" : a.substring(0, colon);
            byWhat.computeIfAbsent(colon < 0 ? a : a.substring(colon + 2), k -> new ArrayList<>()).add(host);
        }
        List<String> out = new ArrayList<>();
        byWhat.forEach((what, hosts) -> out.add(hosts.get(0).isEmpty() ? what : hosts.size() == 1
                ? hosts.get(0) + ": " + what
                : plural(hosts.size(), "host", "hosts") + " (" + hosts.get(0) + ", ...): " + what));
        return out;
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static void putRate(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, round(v));
        } else {
            o.putNull(key);
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
