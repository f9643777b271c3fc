package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a job given directly as Kubernetes pods, the command line's
 * {@code --pods N --container gpu=4,cpu=16,mem=64Gi,rdma=1 [--container ...] [--pods-per-node one|any]
 * [--min-member N] [--slice-size N --slice-level L]}, and writes it back the same way. Every problem is
 * collected and names its option, as {@link SbatchOptions} does.
 */
public final class PodShapeOptions {
    /** The keys a {@code --container} value may hold. */
    public static final List<String> CONTAINER_KEYS = List.of("gpu", "cpu", "mem", "hugepages", "rdma");

    private PodShapeOptions() {
    }

    /** The options as typed; {@code null} for each one not given ({@code containers} empty). */
    public record Given(Integer pods, List<String> containers, String podsPerNode, Integer minMember,
                        Integer sliceSize, String sliceLevel) {
        public Given {
            containers = containers == null ? List.of() : List.copyOf(containers);
        }

        /** Whether any pod shape option was given at all. */
        public boolean any() {
            return pods != null || !containers.isEmpty() || podsPerNode != null || minMember != null
                    || sliceSize != null || sliceLevel != null;
        }
    }

    /**
     * The pod shape the options say; pods share nodes only with {@code --pods-per-node any}.
     *
     * @throws JobRequestException listing every problem (a missing {@code --pods} or {@code --container},
     *                             unknown keys, bad quantities, contradicting gang or slice values)
     */
    public static PodShape parse(Given g) throws JobRequestException {
        List<String> problems = new ArrayList<>();
        if (g.pods() == null) {
            problems.add("--pods is needed with a pod shape (how many pods)");
        } else if (g.pods() < 1) {
            problems.add("--pods must be at least 1, not " + g.pods());
        }
        if (g.containers().isEmpty()) {
            problems.add("--container is needed with --pods (what each container asks for, e.g. gpu=8,cpu=64)");
        }
        List<ContainerSpec> containers = new ArrayList<>();
        for (String c : g.containers()) {
            ContainerSpec spec = container(c, problems);
            if (spec != null) {
                containers.add(spec);
            }
        }
        PodShape.PodsPerNode perNode = PodShape.PodsPerNode.ONE;
        if (g.podsPerNode() != null) {
            switch (g.podsPerNode().toLowerCase(Locale.ROOT)) {
                case "one" -> perNode = PodShape.PodsPerNode.ONE;
                case "any" -> perNode = PodShape.PodsPerNode.ANY;
                default -> problems.add("--pods-per-node=" + g.podsPerNode() + ": expected one or any");
            }
        }
        if (problems.isEmpty()) {
            try {
                return new PodShape(g.pods(), containers, perNode, g.minMember(), g.sliceSize(), g.sliceLevel(), false);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage().replace("minMember", "--min-member").replace("slice size", "--slice-size")
                        .replace("a slice needs both a size and a topology level",
                                "--slice-size and --slice-level go together"));
            }
        }
        throw new JobRequestException(problems);
    }

    /** One {@code --container} value, or null with the problems added. */
    static ContainerSpec container(String text, List<String> problems) {
        int gpu = 0;
        int cpu = 0;
        long mem = 0;
        long huge = 0;
        int rdma = 0;
        Set<String> seen = new LinkedHashSet<>();
        int before = problems.size();
        for (String part : text.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                problems.add("--container " + text + ": '" + part + "' is not key=value (keys: "
                        + String.join(", ", CONTAINER_KEYS) + ")");
                continue;
            }
            String key = part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String val = part.substring(eq + 1).strip();
            if (!seen.add(key)) {
                problems.add("--container " + text + ": " + key + " is given twice");
                continue;
            }
            try {
                switch (key) {
                    case "gpu" -> gpu = count(val);
                    case "cpu" -> cpu = count(val);
                    case "rdma" -> rdma = count(val);
                    case "mem" -> mem = KubeQuantity.parseMiB(val);
                    case "hugepages" -> huge = KubeQuantity.parseMiB(val);
                    default -> problems.add("--container " + text + ": unknown key '" + key + "' (keys: "
                            + String.join(", ", CONTAINER_KEYS) + ")");
                }
            } catch (IllegalArgumentException e) {
                problems.add("--container " + text + ": " + key + " " + e.getMessage());
            }
        }
        return problems.size() == before ? new ContainerSpec(gpu, cpu, mem, huge, rdma) : null;
    }

    private static int count(String val) {
        if (!val.matches("[0-9]{1,6}")) {
            throw new IllegalArgumentException("'" + val + "' is not a whole count");
        }
        return Integer.parseInt(val);
    }

    /** The options that {@link #parse} reads back to {@code shape} (whole-node shapes as their resolved containers). */
    public static List<String> toArgs(PodShape shape) {
        List<String> out = new ArrayList<>();
        out.add("--pods=" + shape.pods());
        shape.containers().forEach(c -> out.add("--container=" + c.toOption()));
        out.add("--pods-per-node=" + shape.podsPerNode().word());
        if (shape.minMember() != null) {
            out.add("--min-member=" + shape.minMember());
        }
        if (shape.sliceSize() != null) {
            out.add("--slice-size=" + shape.sliceSize());
            out.add("--slice-level=" + shape.sliceLevel());
        }
        return out;
    }
}
