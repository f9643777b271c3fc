package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A job as one argument list, as project files, placement files and the palette keep it: sbatch options,
 * optionally with the pod shape options of {@link PodShapeOptions} among them
 * ({@code -J train --pods=4 --container=gpu=8,cpu=64}). Without pod shape options it is exactly
 * {@link SbatchOptions}.
 */
public final class JobLine {
    private static final Set<String> SHAPE_OPTIONS = Set.of("--pods", "--container", "--pods-per-node",
            "--min-member", "--slice-size", "--slice-level");

    private JobLine() {
    }

    /** Whether {@code args} give any pod shape option ({@code --pods}, {@code --container=...}, ...). */
    public static boolean hasShapeOptions(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (SHAPE_OPTIONS.contains(a.indexOf('=') < 0 ? a : a.substring(0, a.indexOf('='))) && !isSbatchContainer(args, i)) {
                return true;
            }
        }
        return false;
    }

    /** Reads the request; {@code defaultName} when there is no {@code -J}. */
    public static JobRequest parse(List<String> args, String defaultName) throws JobRequestException {
        List<String> sbatch = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Integer pods = null;
        List<String> containers = new ArrayList<>();
        String perNode = null;
        Integer minMember = null;
        Integer sliceSize = null;
        String sliceLevel = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            if (!SHAPE_OPTIONS.contains(key) || isSbatchContainer(args, i)) {
                sbatch.add(a);
                continue;
            }
            String val;
            if (eq >= 0) {
                val = a.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                val = args.get(++i);
            } else {
                problems.add(key + " needs a value");
                continue;
            }
            switch (key) {
                case "--pods" -> pods = number(key, val, problems);
                case "--container" -> containers.add(val);
                case "--pods-per-node" -> perNode = val;
                case "--min-member" -> minMember = number(key, val, problems);
                case "--slice-size" -> sliceSize = number(key, val, problems);
                default -> sliceLevel = val;
            }
        }
        PodShapeOptions.Given given = new PodShapeOptions.Given(pods, containers, perNode, minMember, sliceSize,
                sliceLevel);
        JobRequest base = null;
        try {
            base = SbatchOptions.parse(sbatch, defaultName);
        } catch (JobRequestException e) {
            problems.addAll(e.problems());
        }
        PodShape shape = null;
        if (given.any()) {
            try {
                shape = PodShapeOptions.parse(given);
            } catch (JobRequestException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new JobRequestException(problems);
        }
        return shape == null ? base : SbatchToPods.withShape(base, shape);
    }

    /** Reads a request typed as one line, with shell quoting; {@code defaultName} when there is no {@code -J}. */
    public static JobRequest parseLine(String line, String defaultName) throws JobRequestException {
        return parse(ShellWords.split(line), defaultName);
    }

    /** The request as one argument list that {@link #parse} reads back to it. */
    public static List<String> toArgs(JobRequest r) {
        List<String> out = new ArrayList<>(SbatchOptions.toArgs(r));
        if (r.podShape() != null) {
            out.addAll(PodShapeOptions.toArgs(r.podShape()));
        }
        return out;
    }

    /**
     * Whether word {@code i} is sbatch's own {@code --container=PATH} (an OCI bundle, a note): a pod container is
     * {@code key=value} pairs ({@code gpu=8,cpu=64}), a bundle path holds no {@code =}.
     */
    private static boolean isSbatchContainer(List<String> args, int i) {
        String a = args.get(i);
        String value = a.startsWith("--container=") ? a.substring("--container=".length())
                : a.equals("--container") && i + 1 < args.size() ? args.get(i + 1) : null;
        return value != null && value.indexOf('=') < 0;
    }

    private static Integer number(String key, String val, List<String> problems) {
        if (!val.matches("[0-9]{1,6}")) {
            problems.add(key + "=" + val + ": expected a whole number");
            return null;
        }
        return Integer.valueOf(val);
    }
}
