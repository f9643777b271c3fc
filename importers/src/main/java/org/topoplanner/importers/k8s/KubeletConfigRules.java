package org.topoplanner.importers.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;

/**
 * The rules the kubelet applies to a {@code KubeletConfiguration} at start-up (it does not start on a
 * violation); no schema is published, so they are checked here, as k8s.io/kubelet v0.36 validates
 * them: the policy enums (case matters: {@code static} but
 * {@code Static}), a CPU reservation for the static CPU policy, a parseable {@code reservedSystemCPUs}
 * not combined with reserved cgroups, {@code reservedMemory} adding up exactly to the reservations plus
 * the memory eviction threshold, on existing NUMA nodes, without duplicates or zero limits, and known
 * policy option keys.
 */
public final class KubeletConfigRules {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Set<String> CPU_OPTIONS = Set.of("full-pcpus-only", "distribute-cpus-across-numa",
            "align-by-socket", "distribute-cpus-across-cores", "strict-cpu-reservation",
            "prefer-align-cpus-by-uncorecache");
    private static final Set<String> TOPOLOGY_OPTIONS = Set.of("prefer-closest-numa-nodes", "max-allowable-numa-nodes");
    private static final Set<String> KNOWN_KEYS = Set.of("apiVersion", "kind", "cpuManagerPolicy",
            "cpuManagerPolicyOptions", "memoryManagerPolicy", "reservedMemory", "topologyManagerPolicy",
            "topologyManagerScope", "topologyManagerPolicyOptions", "reservedSystemCPUs", "systemReserved",
            "kubeReserved", "evictionHard", "systemReservedCgroup", "kubeReservedCgroup", "featureGates");
    private static final Pattern QUANTITY = Pattern.compile("(\\d+(?:\\.\\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?");

    private KubeletConfigRules() {
    }

    /** Findings for one configuration text; {@code node} (may be null) gives the NUMA nodes that exist. */
    public static List<Diagnostic> check(String path, String text, NodeTopology node) {
        List<Diagnostic> out = new ArrayList<>();
        JsonNode c;
        try {
            c = YAML.readTree(text);
        } catch (IOException e) {
            out.add(Diagnostic.error(path, 0, 0, "not YAML: " + e.getMessage().lines().findFirst().orElse("")));
            return out;
        }
        if (c == null || !c.isObject()) {
            out.add(Diagnostic.error(path, 0, 0, "a KubeletConfiguration must be a YAML mapping"));
            return out;
        }
        Lines at = new Lines(text);
        expect(c, "apiVersion", KubeletConfigWriter.API_VERSION, at, path, out);
        expect(c, "kind", "KubeletConfiguration", at, path, out);
        for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KNOWN_KEYS.contains(k)) {
                out.add(Diagnostic.warning(path, at.of(k), 1, "field " + k + " is not one this export checks"));
            }
        }
        String cpuPolicy = c.path("cpuManagerPolicy").asText("none");
        if (!cpuPolicy.equals("none") && !cpuPolicy.equals("static")) {
            out.add(Diagnostic.error(path, at.of("cpuManagerPolicy"), 1, "cpuManagerPolicy must be none or static"
                    + " (lower case), not " + cpuPolicy));
        }
        String reservedCpus = c.path("reservedSystemCPUs").asText("");
        if (!reservedCpus.isEmpty()) {
            try {
                CpuSet.parse(reservedCpus);
            } catch (RuntimeException e) {
                out.add(Diagnostic.error(path, at.of("reservedSystemCPUs"), 1, "reservedSystemCPUs is not a cpuset: "
                        + reservedCpus));
            }
            if (c.has("systemReservedCgroup") || c.has("kubeReservedCgroup")) {
                out.add(Diagnostic.error(path, at.of("reservedSystemCPUs"), 1, "reservedSystemCPUs cannot be combined"
                        + " with systemReservedCgroup or kubeReservedCgroup"));
            }
        }
        boolean cpuReserved = !reservedCpus.isEmpty() || positive(c.path("systemReserved").path("cpu"))
                || positive(c.path("kubeReserved").path("cpu"));
        if (cpuPolicy.equals("static") && !cpuReserved) {
            out.add(Diagnostic.error(path, at.of("cpuManagerPolicy"), 1, "the static CPU policy needs a CPU"
                    + " reservation (reservedSystemCPUs, or systemReserved/kubeReserved cpu)"));
        }
        options(c.path("cpuManagerPolicyOptions"), CPU_OPTIONS, "cpuManagerPolicyOptions", at, path, out);
        options(c.path("topologyManagerPolicyOptions"), TOPOLOGY_OPTIONS, "topologyManagerPolicyOptions", at, path, out);
        String topo = c.path("topologyManagerPolicy").asText(TopologyManagerPolicy.DEFAULT.flag());
        if (TopologyManagerPolicy.parse(topo).isEmpty()) {
            out.add(Diagnostic.error(path, at.of("topologyManagerPolicy"), 1, "topologyManagerPolicy must be one of "
                    + TopologyManagerPolicy.flags() + ", not " + topo));
        }
        String scope = c.path("topologyManagerScope").asText(TopologyManagerScope.DEFAULT.flag());
        if (TopologyManagerScope.parse(scope).isEmpty()) {
            out.add(Diagnostic.error(path, at.of("topologyManagerScope"), 1, "topologyManagerScope must be one of "
                    + TopologyManagerScope.flags() + ", not " + scope));
        }
        if (topo.equals(TopologyManagerPolicy.SINGLE_NUMA_NODE.flag()) && c.path("cpuManagerPolicyOptions").has("align-by-socket")) {
            out.add(Diagnostic.error(path, at.of("cpuManagerPolicyOptions"), 1, "align-by-socket cannot be used with"
                    + " single-numa-node"));
        }
        memory(c, node, at, path, out);
        return out;
    }

    private static void memory(JsonNode c, NodeTopology node, Lines at, String path, List<Diagnostic> out) {
        String policy = c.path("memoryManagerPolicy").asText("None");
        if (!policy.equals("None") && !policy.equals("Static")) {
            out.add(Diagnostic.error(path, at.of("memoryManagerPolicy"), 1, "memoryManagerPolicy must be None or Static"
                    + " (capitalised), not " + policy));
            return;
        }
        if (!policy.equals("Static")) {
            return;
        }
        BigDecimal want = mebibytes(c.path("systemReserved").path("memory"))
                .add(mebibytes(c.path("kubeReserved").path("memory")))
                .add(c.path("evictionHard").has("memory.available")
                        ? mebibytes(c.path("evictionHard").path("memory.available")) : BigDecimal.valueOf(100));
        BigDecimal have = BigDecimal.ZERO;
        Set<Integer> seen = new HashSet<>();
        Set<Integer> exist = new HashSet<>();
        if (node != null) {
            node.numa().stream().map(NumaNode::id).forEach(exist::add);
        }
        for (JsonNode r : c.path("reservedMemory")) {
            int numa = r.path("numaNode").asInt(-1);
            if (!seen.add(numa)) {
                out.add(Diagnostic.error(path, at.of("reservedMemory"), 1, "reservedMemory names NUMA node " + numa
                        + " twice"));
            }
            if (!exist.isEmpty() && !exist.contains(numa)) {
                out.add(Diagnostic.error(path, at.of("reservedMemory"), 1, "reservedMemory names NUMA node " + numa
                        + ", which the node does not have"));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = r.path("limits").fields(); it.hasNext(); ) {
                var e = it.next();
                if (!e.getKey().equals("memory") && !e.getKey().startsWith("hugepages-")) {
                    out.add(Diagnostic.error(path, at.of("reservedMemory"), 1, "reservedMemory limits allow only memory"
                            + " and hugepages-*, not " + e.getKey()));
                }
                if (mebibytes(e.getValue()).signum() == 0) {
                    out.add(Diagnostic.error(path, at.of("reservedMemory"), 1, "reservedMemory has a zero limit"));
                }
            }
            have = have.add(mebibytes(r.path("limits").path("memory")));
        }
        if (have.compareTo(want) != 0) {
            out.add(Diagnostic.error(path, at.of("reservedMemory"), 1, "reservedMemory adds up to " + have.toPlainString()
                    + "Mi but the reservations plus the eviction threshold are " + want.toPlainString()
                    + "Mi; the Static memory policy needs them equal"));
        }
    }

    private static void options(JsonNode opts, Set<String> known, String field, Lines at, String path,
                                List<Diagnostic> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = opts.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!known.contains(e.getKey())) {
                out.add(Diagnostic.error(path, at.of(field), 1, field + " has unknown key " + e.getKey()
                        + "; the kubelet refuses to start"));
            }
            if (!e.getValue().isTextual()) {
                out.add(Diagnostic.error(path, at.of(field), 1, field + "." + e.getKey() + " must be a string"));
            }
        }
    }

    private static void expect(JsonNode c, String field, String value, Lines at, String path, List<Diagnostic> out) {
        if (!value.equals(c.path(field).asText())) {
            out.add(Diagnostic.error(path, at.of(field), 1, field + " must be " + value));
        }
    }

    private static boolean positive(JsonNode q) {
        return !q.isMissingNode() && parse(q.asText()).map(v -> v.signum() > 0).orElse(false);
    }

    /** A memory quantity in MiB (binary and decimal suffixes); zero when absent or unreadable. */
    static BigDecimal mebibytes(JsonNode q) {
        return q.isMissingNode() || q.isNull() ? BigDecimal.ZERO : parse(q.asText()).orElse(BigDecimal.ZERO);
    }

    private static Optional<BigDecimal> parse(String text) {
        Matcher m = QUANTITY.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        BigDecimal v = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2);
        BigDecimal bytes = switch (unit) {
            case "Ki" -> v.multiply(BigDecimal.valueOf(1024));
            case "Mi" -> v.multiply(BigDecimal.valueOf(1L << 20));
            case "Gi" -> v.multiply(BigDecimal.valueOf(1L << 30));
            case "Ti" -> v.multiply(BigDecimal.valueOf(1L << 40));
            case "k" -> v.multiply(BigDecimal.valueOf(1000));
            case "M" -> v.multiply(BigDecimal.valueOf(1_000_000));
            case "G" -> v.multiply(BigDecimal.valueOf(1_000_000_000));
            case "T" -> v.multiply(BigDecimal.valueOf(1_000_000_000_000L));
            default -> v;
        };
        return Optional.of(bytes.divide(BigDecimal.valueOf(1L << 20), 6, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros());
    }

    /** Line of a top-level key, for diagnostics. */
    private static final class Lines {
        private final List<String> lines;

        Lines(String text) {
            this.lines = text.lines().toList();
        }

        int of(String key) {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith(key + ":")) {
                    return i + 1;
                }
            }
            return 0;
        }
    }
}
