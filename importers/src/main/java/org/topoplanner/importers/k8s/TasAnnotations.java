package org.topoplanner.importers.k8s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.k8s.SliceConstraint;
import org.topoplanner.model.k8s.TasRequest;

/**
 * Reads Kueue Topology Aware Scheduling annotations from the pod templates of a Job, a JobSet or any
 * workload with {@code spec.template}, into {@link TasRequest}s, checking the rules Kueue v0.19 enforces
 * ({@code pkg/controller/jobframework/tas_validation.go}).
 * The multi-layer slice annotation holds JSON inside YAML; it is parsed here and its errors are placed
 * in the YAML file (approximately, for a block scalar: the JSON's line below the annotation key).
 */
final class TasAnnotations {
    static final String PREFIX = "kueue.x-k8s.io/";
    static final String REQUIRED = PREFIX + "podset-required-topology";
    static final String PREFERRED = PREFIX + "podset-preferred-topology";
    static final String UNCONSTRAINED = PREFIX + "podset-unconstrained-topology";
    static final String SLICE_REQUIRED = PREFIX + "podset-slice-required-topology";
    static final String SLICE_SIZE = PREFIX + "podset-slice-size";
    static final String SLICE_CONSTRAINTS = PREFIX + "podset-slice-required-topology-constraints";
    static final String GROUP = PREFIX + "podset-group-name";
    static final String QUEUE = PREFIX + "queue-name";
    private static final int MAX_LEVEL = 63;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Diagnostics d;

    TasAnnotations(Diagnostics diagnostics) {
        this.d = diagnostics;
    }

    /** The TAS requests of one workload document; empty when its pod templates carry no TAS annotation. */
    List<TasRequest> read(YamlDocument doc) {
        YamlValue.Mapping root = doc.mapping().orElseThrow();
        String workload = doc.name().isEmpty()
                ? root.path("metadata").flatMap(m -> m.text("generateName")).orElse("") : doc.name();
        String queue = root.path("metadata", "labels").flatMap(l -> l.text(QUEUE)).orElse(null);
        root.path("metadata", "annotations").ifPresent(a -> a.entries().keySet().stream()
                .filter(k -> k.startsWith(PREFIX + "podset-")).findFirst().ifPresent(k ->
                        d.warning(a.keyLine(k), a.keyColumn(k), k + " is on the " + doc.kind()
                                + " itself; Kueue reads TAS annotations only from the pod template")));
        List<TasRequest> out = new ArrayList<>();
        if (doc.kind().equals("JobSet")) {
            root.path("spec").flatMap(s -> s.sequence("replicatedJobs")).ifPresent(rj -> rj.items().forEach(item -> {
                if (item instanceof YamlValue.Mapping job) {
                    int replicas = integer(job, "replicas").orElse(1);
                    int pods = replicas * podsOfJobSpec(job.path("template", "spec").orElse(null));
                    String podSet = job.text("name").orElse("");
                    job.path("template", "spec", "template", "metadata", "annotations")
                            .flatMap(a -> request(workload, podSet, pods, queue, a)).ifPresent(out::add);
                }
            }));
        } else {
            Optional<YamlValue.Mapping> spec = root.mapping("spec");
            int pods = doc.kind().equals("Job") ? podsOfJobSpec(spec.orElse(null))
                    : spec.flatMap(s -> integer(s, "replicas")).orElse(1);
            spec.flatMap(s -> s.path("template", "metadata", "annotations"))
                    .flatMap(a -> request(workload, doc.kind(), pods, queue, a)).ifPresent(out::add);
        }
        return out;
    }

    /** Pods of a batch JobSpec: min(parallelism, completions), parallelism defaulting to 1. */
    private int podsOfJobSpec(YamlValue.Mapping spec) {
        if (spec == null) {
            return 1;
        }
        int parallelism = integer(spec, "parallelism").orElse(1);
        return integer(spec, "completions").map(c -> Math.min(c, parallelism)).orElse(parallelism);
    }

    private Optional<Integer> integer(YamlValue.Mapping m, String key) {
        return m.text(key).flatMap(t -> {
            try {
                return Optional.of(Integer.parseInt(t.strip()));
            } catch (NumberFormatException e) {
                YamlValue v = m.get(key).orElseThrow();
                d.warning(v.line(), v.column(), key + " is not a whole number: " + t);
                return Optional.empty();
            }
        });
    }

    private Optional<TasRequest> request(String workload, String podSet, int pods, String queue, YamlValue.Mapping a) {
        if (a.entries().keySet().stream().noneMatch(k -> k.startsWith(PREFIX + "podset-"))) {
            return Optional.empty();
        }
        a.entries().forEach((k, v) -> {
            if (k.startsWith(PREFIX) && v instanceof YamlValue.Scalar s && !s.isString()) {
                d.warning(s.line(), s.column(), k + ": annotation values must be strings; quote " + s.text()
                        + " (the JobSet schema and the API server reject it unquoted)");
            }
        });
        String required = level(a, REQUIRED);
        String preferred = level(a, PREFERRED);
        String sliceRequired = level(a, SLICE_REQUIRED);
        boolean unconstrained = false;
        Optional<String> u = a.text(UNCONSTRAINED);
        if (u.isPresent()) {
            Optional<Boolean> b = goBool(u.get());
            if (b.isEmpty()) {
                warn(a, UNCONSTRAINED, "'" + u.get() + "' is not a boolean Go's ParseBool accepts");
            }
            unconstrained = b.orElse(false);
        }
        int modes = (required != null ? 1 : 0) + (preferred != null ? 1 : 0) + (u.isPresent() ? 1 : 0);
        if (modes > 1) {
            warn(a, REQUIRED, "at most one of required, preferred and unconstrained topology may be set");
        }
        Integer sliceSize = sliceSize(a, pods);
        if (sliceRequired != null && sliceSize == null && a.text(SLICE_SIZE).isEmpty()) {
            warn(a, SLICE_REQUIRED, "podset-slice-required-topology needs podset-slice-size");
        }
        if (sliceRequired == null && a.text(SLICE_SIZE).isPresent()) {
            warn(a, SLICE_SIZE, "podset-slice-size is allowed only with podset-slice-required-topology");
        }
        List<SliceConstraint> constraints = a.get(SLICE_CONSTRAINTS).map(v -> constraints(a, v)).orElse(List.of());
        String group = a.text(GROUP).orElse(null);
        if (group != null && group.matches("\\d+")) {
            warn(a, GROUP, "podset-group-name must not be purely numeric");
        }
        if (group != null && (sliceRequired != null || !constraints.isEmpty())) {
            warn(a, GROUP, "podset-group-name is not allowed together with slice annotations");
        }
        return Optional.of(new TasRequest(workload, podSet, pods, queue, required, preferred, unconstrained,
                sliceRequired, sliceSize, constraints, group));
    }

    private String level(YamlValue.Mapping a, String key) {
        Optional<String> v = a.text(key);
        v.ifPresent(level -> checkLevel(a.get(key).orElseThrow(), key, level));
        return v.orElse(null);
    }

    private void checkLevel(YamlValue at, String what, String level) {
        if (level.length() > MAX_LEVEL) {
            d.warning(at.line(), at.column(), what + ": '" + level + "' is longer than " + MAX_LEVEL
                    + " characters; Kueue's Workload API refuses it");
        }
        LabelSyntax.keyProblem(level).ifPresent(p -> d.warning(at.line(), at.column(), what + ": " + p));
    }

    private Integer sliceSize(YamlValue.Mapping a, int pods) {
        Optional<String> text = a.text(SLICE_SIZE);
        if (text.isEmpty()) {
            return null;
        }
        try {
            int size = Integer.parseInt(text.get().strip());
            if (size < 1 || size > pods) {
                warn(a, SLICE_SIZE, "podset-slice-size " + size + " must be between 1 and the " + pods + " pods");
            } else if (pods % size != 0) {
                warn(a, SLICE_SIZE, "podset-slice-size " + size + " does not divide the " + pods + " pods evenly");
            }
            return size;
        } catch (NumberFormatException e) {
            warn(a, SLICE_SIZE, "'" + text.get() + "' is not a whole number");
            return null;
        }
    }

    private List<SliceConstraint> constraints(YamlValue.Mapping a, YamlValue v) {
        if (!(v instanceof YamlValue.Scalar s)) {
            warn(a, SLICE_CONSTRAINTS, "must be a JSON array in a string");
            return List.of();
        }
        if (a.get(SLICE_REQUIRED).isPresent() || a.get(SLICE_SIZE).isPresent() || a.get(GROUP).isPresent()) {
            warn(a, SLICE_CONSTRAINTS, "excludes podset-slice-required-topology, podset-slice-size and podset-group-name");
        }
        JsonNode json;
        try {
            json = JSON.readTree(s.text());
        } catch (JsonProcessingException e) {
            int line = s.line();
            int column = s.column();
            if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
                boolean block = s.text().contains("\n");
                line = block ? s.line() + e.getLocation().getLineNr() : s.line();
                column = block ? Math.max(1, e.getLocation().getColumnNr()) : s.column() + e.getLocation().getColumnNr();
            }
            d.warning(line, column, SLICE_CONSTRAINTS + ": invalid JSON, " + e.getOriginalMessage());
            return List.of();
        }
        if (json == null || !json.isArray() || json.isEmpty() || json.size() > 3) {
            warn(a, SLICE_CONSTRAINTS, "must be a JSON array of 1 to 3 {\"topology\", \"size\"} objects");
            if (json == null || !json.isArray()) {
                return List.of();
            }
        }
        List<SliceConstraint> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode item : json) {
            JsonNode topology = item.get("topology");
            JsonNode size = item.get("size");
            if (topology == null || !topology.isTextual() || size == null) {
                warn(a, SLICE_CONSTRAINTS, "entry without a string topology and a size: " + item);
                continue;
            }
            if (!size.isIntegralNumber()) {
                warn(a, SLICE_CONSTRAINTS, "size of " + topology.asText() + " must be a JSON number, not " + size
                        + " (Kueue rejects strings)");
            }
            int n = size.isIntegralNumber() ? size.asInt() : parseOrZero(size.asText());
            if (!seen.add(topology.asText())) {
                warn(a, SLICE_CONSTRAINTS, "topology " + topology.asText() + " appears twice");
            }
            if (!out.isEmpty() && (n < 1 || out.get(out.size() - 1).size() % n != 0)) {
                warn(a, SLICE_CONSTRAINTS, "size " + n + " of " + topology.asText() + " must divide the previous size "
                        + out.get(out.size() - 1).size());
            }
            checkLevel(s, SLICE_CONSTRAINTS, topology.asText());
            out.add(new SliceConstraint(topology.asText(), n));
        }
        return out;
    }

    private static int parseOrZero(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void warn(YamlValue.Mapping a, String key, String message) {
        d.warning(a.keyLine(key), a.keyColumn(key), message);
    }

    /** Go's {@code strconv.ParseBool}. */
    static Optional<Boolean> goBool(String s) {
        return switch (s) {
            case "1", "t", "T", "TRUE", "true", "True" -> Optional.of(true);
            case "0", "f", "F", "FALSE", "false", "False" -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    static boolean mentionsTas(Map<String, YamlValue> annotations) {
        return annotations.keySet().stream().anyMatch(k -> k.startsWith(PREFIX + "podset-"));
    }
}
