package org.topoplanner.model.job;

import java.util.List;

/**
 * The value syntaxes of the sbatch options we read, each checked as sbatch 22.05 checks it (by
 * {@code parse_int}, {@code verify_node_count} and the GRES parser), so a value sbatch refuses is
 * refused here with the option named. Problems are added to a list rather than thrown, so one call
 * of {@link SbatchOptions#parse} reports them all.
 */
final class SbatchValues {
    private final List<String> problems;

    SbatchValues(List<String> problems) {
        this.problems = problems;
    }

    /** A GPU type as GRES names it: anything but empty, {@code :} or {@code ,} ({@code h100}, MIG {@code 1g.10gb}). */
    /** A partition name as slurm.conf can define it: not empty, no blank, ',' or '='. */
    static boolean isPartitionName(String p) {
        return !p.isEmpty() && p.chars().noneMatch(c -> Character.isWhitespace(c) || c == ',' || c == '=');
    }

    /**
     * A {@code -p} list: names as {@link #isPartitionName}, joined by single commas; or {@link #NO_PARTITION_NAMES}, a
     * list of commas only, which names no partition.
     */
    static boolean isPartitionList(String p) {
        return p.equals(NO_PARTITION_NAMES)
                || !p.endsWith(",") && java.util.Arrays.stream(p.split(",", -1)).allMatch(SbatchValues::isPartitionName);
    }

    /**
     * How a {@code -p} of commas only ({@code -p ,,}) is kept: sbatch sends it as given and slurmctld's
     * {@code get_part_list} finds no name in it; what that means depends on the release (the Slurm policies), so the
     * parser keeps it rather than refusing or dropping it.
     */
    static final String NO_PARTITION_NAMES = ",";

    static boolean isGpuType(String t) {
        return !t.isEmpty() && t.indexOf(':') < 0 && t.indexOf(',') < 0;
    }

    /** {@code parse_int(..., positive=true)}: digits only (leading blanks allowed, as {@code strtol}), at least 1. */
    Integer positive(String option, String val) {
        Integer n = number(option, val);
        if (n != null && n < 1) {
            problems.add(option + "=" + val + ": must be at least 1");
            return null;
        }
        return n;
    }

    /** A count that may be 0 (GPU counts: sbatch accepts {@code --gpus=0} and {@code --gres=gpu:0}). */
    Integer count(String option, String val) {
        return number(option, val);
    }

    /** {@code -8}, {@code +2}, {@code -0.5}: a number with a sign, never a GPU type. */
    private static boolean isSigned(String s) {
        return s.length() > 1 && (s.charAt(0) == '-' || s.charAt(0) == '+') && Character.isDigit(s.charAt(1));
    }

    private Integer number(String option, String val) {
        String s = val.stripLeading();
        if (isSigned(s) && s.charAt(0) == '-') {
            problems.add(option + "=" + val + ": cannot be negative");
            return null;
        }
        if (s.isEmpty() || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            problems.add(option + "=" + val + ": not a whole number");
            return null;
        }
        if (s.length() > 10 || Long.parseLong(s) > Integer.MAX_VALUE) {
            problems.add(option + "=" + val + ": too large");
            return null;
        }
        return Integer.parseInt(s);
    }

    /** {@code -N min[-max]}: both at least 1, max not below min. (sbatch also takes {@code 2k} and {@code -3}; we do not.) */
    Integer[] nodes(String option, String val) {
        int dash = val.indexOf('-', 1);
        Integer min = positive(option, dash < 0 ? val : val.substring(0, dash));
        Integer max = dash < 0 ? null : positive(option, val.substring(dash + 1));
        if (min != null && max != null && max < min) {
            problems.add(option + "=" + val + ": maximum node count " + max + " is less than minimum node count " + min);
            return new Integer[] {null, null};
        }
        return new Integer[] {min, max};
    }

    /**
     * {@code --gpus*=[type:]count}: the type (or null) and the count. A lone type ({@code --gpus=a100}),
     * which sbatch accepts, is one GPU: a GRES without a count is one.
     */
    TypedCount typedCount(String option, String val) {
        int colon = val.lastIndexOf(':');
        String type = colon < 0 ? null : val.substring(0, colon);
        String count = colon < 0 ? val : val.substring(colon + 1);
        if (colon < 0 && isSigned(count)) {
            // sbatch reads "-8" as a count and refuses it; taking it as a type named "-8" placed 1 GPU.
            problems.add(option + "=" + val + ": a GPU count cannot be negative or signed");
            return null;
        }
        if (colon < 0 && !count.isEmpty() && !Character.isDigit(count.charAt(0))) {
            type = count;
            count = "1";
        }
        if (type != null && !isGpuType(type)) {
            problems.add(option + "=" + val + ": expected [type:]count, one GPU type (" + (val.indexOf(',') >= 0
                    ? "several types in one request are not supported" : "bad type '" + type + "'") + ")");
            return null;
        }
        Integer n = count(option, count);
        return n == null ? null : new TypedCount(type, n);
    }

    /**
     * {@code --gres=name[:type][:count][,...]}: the GPU entry of a GRES list. Other GRES are reported as
     * not supported; {@code none} means no GRES; sbatch's {@code gres:} prefix is accepted.
     */
    TypedCount gres(String val) {
        if (val.equalsIgnoreCase("none")) {
            return new TypedCount(null, 0);
        }
        TypedCount gpu = null;
        for (String item : val.split(",", -1)) {
            String entry = item.startsWith("gres:") ? item.substring(5) : item;
            String[] p = entry.split(":", -1);
            if (!p[0].equals("gpu")) {
                problems.add("--gres=" + item + ": only gpu GRES are supported"
                        + (p[0].equalsIgnoreCase("gpu") ? " (GRES names are case-sensitive: gpu)" : ""));
                continue;
            }
            if (gpu != null) {
                problems.add("--gres=" + val + ": more than one gpu entry (several GPU types in one request are not supported)");
                continue;
            }
            TypedCount t = switch (p.length) {
                case 1 -> new TypedCount(null, 1);
                case 2 -> isCount(p[1]) ? gresCount(item, null, p[1]) : gresType(item, p[1], "1");
                case 3 -> gresType(item, p[1], p[2]);
                default -> {
                    problems.add("--gres=" + item + ": expected gpu[:type][:count]");
                    yield null;
                }
            };
            gpu = t;
        }
        return gpu;
    }

    /** In {@code gpu:X}, X is a count when it is digits with at most a unit letter; otherwise a type. */
    private static boolean isCount(String s) {
        return s.matches("\\d+[kKmMgGtTpP]?");
    }

    private TypedCount gresType(String item, String type, String count) {
        if (!isGpuType(type)) {
            problems.add("--gres=" + item + ": bad GPU type '" + type + "'");
            return null;
        }
        return gresCount(item, type, count);
    }

    private TypedCount gresCount(String item, String type, String count) {
        if (count.matches("\\d+[kKmMgGtTpP]")) {
            problems.add("--gres=" + item + ": counts with a unit suffix (" + count + ") are not supported");
            return null;
        }
        Integer n = count("--gres", count);
        return n == null ? null : new TypedCount(type, n);
    }

    /** {@code [type:]count} of a GPU option. */
    record TypedCount(String type, int count) {
    }
}
