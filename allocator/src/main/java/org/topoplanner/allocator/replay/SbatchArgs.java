package org.topoplanner.allocator.replay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.allocator.slurm.SlurmJobSpec;

/**
 * sbatch options of a job script step, read into a {@link SlurmJobSpec}. Covers the options of
 * cli.md; unknown options are an error that names them. (The model's {@code SbatchOptions} will
 * replace this reader; it is here so replays run before it lands.)
 */
public final class SbatchArgs {
    private static final Pattern RANGE = Pattern.compile("^(.*?)\\[([^\\]]+)\\](.*)$");

    private SbatchArgs() {
    }

    public static SlurmJobSpec parse(String name, List<String> args) {
        Integer minNodes = null;
        Integer maxNodes = null;
        Integer ntasks = null;
        Integer ntpn = null;
        Integer ntps = null;
        int cpt = 1;
        Integer gpn = null;
        Integer gpj = null;
        Integer gpt = null;
        Integer cpg = null;
        String type = null;
        Integer switches = null;
        Duration wait = null;
        boolean bind = false;
        boolean exclusive = false;
        boolean exclusiveTopo = false;
        List<String> nodelist = new ArrayList<>();
        List<String> exclude = new ArrayList<>();
        Integer segment = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String key = a;
            String val = null;
            if (a.startsWith("--") && a.contains("=")) {
                key = a.substring(0, a.indexOf('='));
                val = a.substring(a.indexOf('=') + 1);
            } else if (a.matches("-[NnwcxJG].+")) {
                key = a.substring(0, 2);
                val = a.substring(2);
            }
            if (val == null && takesValue(key)) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(key + " needs a value");
                }
                val = args.get(++i);
            }
            switch (key) {
                case "-N", "--nodes" -> {
                    String[] r = val.split("-");
                    minNodes = Integer.parseInt(r[0]);
                    maxNodes = r.length > 1 ? Integer.valueOf(r[1]) : minNodes;
                }
                case "-n", "--ntasks" -> ntasks = Integer.parseInt(val);
                case "--ntasks-per-node" -> ntpn = Integer.parseInt(val);
                case "--ntasks-per-socket" -> ntps = Integer.parseInt(val);
                case "-c", "--cpus-per-task" -> cpt = Integer.parseInt(val);
                case "--gpus-per-node" -> {
                    String[] t = typed(val);
                    type = t[0];
                    gpn = Integer.parseInt(t[1]);
                }
                case "--gpus", "-G" -> {
                    String[] t = typed(val);
                    type = t[0];
                    gpj = Integer.parseInt(t[1]);
                }
                case "--gpus-per-task" -> {
                    String[] t = typed(val);
                    type = t[0];
                    gpt = Integer.parseInt(t[1]);
                }
                case "--gres" -> {
                    String[] p = val.split(":");
                    if (!p[0].equals("gpu")) {
                        throw new IllegalArgumentException("only gpu GRES are modelled: " + val);
                    }
                    type = p.length == 3 ? p[1] : null;
                    gpn = p.length == 1 ? 1 : Integer.parseInt(p[p.length - 1]);
                }
                case "--cpus-per-gpu" -> cpg = Integer.parseInt(val);
                case "--switches" -> {
                    String[] p = val.split("@", 2);
                    switches = Integer.parseInt(p[0]);
                    wait = p.length > 1 ? slurmTime(p[1]) : null;
                }
                case "--gres-flags" -> bind = val.contains("enforce-binding");
                case "--exclusive" -> {
                    exclusive = val == null; // =topo, =user and =mcs do not take whole nodes
                    exclusiveTopo = "topo".equals(val);
                }
                case "-w", "--nodelist" -> nodelist.addAll(expand(val));
                case "-x", "--exclude" -> exclude.addAll(expand(val));
                case "-J", "--job-name" -> {
                }
                case "--segment" -> segment = Integer.parseInt(val);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        int min = minNodes != null ? minNodes : Math.max(1, nodelist.size());
        return new SlurmJobSpec(name, min, maxNodes, ntasks, ntpn, ntps, cpt, gpn, gpj, gpt, cpg, type, switches,
                wait, bind, exclusive, exclusiveTopo, nodelist, exclude, segment);
    }

    private static boolean takesValue(String key) {
        return switch (key) {
            case "--exclusive" -> false;
            default -> key.startsWith("-") && !key.equals("--exclusive");
        };
    }

    private static String[] typed(String v) {
        int c = v.lastIndexOf(':');
        return c < 0 ? new String[] {null, v} : new String[] {v.substring(0, c), v.substring(c + 1)};
    }

    /** Slurm time: {@code MM}, {@code MM:SS}, {@code HH:MM:SS}, {@code D-HH[:MM[:SS]]}. */
    static Duration slurmTime(String t) {
        long days = 0;
        String s = t;
        if (s.contains("-")) {
            days = Long.parseLong(s.substring(0, s.indexOf('-')));
            s = s.substring(s.indexOf('-') + 1);
            String[] p = s.split(":");
            long h = Long.parseLong(p[0]);
            long m = p.length > 1 ? Long.parseLong(p[1]) : 0;
            long sec = p.length > 2 ? Long.parseLong(p[2]) : 0;
            return Duration.ofSeconds(days * 86400 + h * 3600 + m * 60 + sec);
        }
        String[] p = s.split(":");
        return switch (p.length) {
            case 1 -> Duration.ofMinutes(Long.parseLong(p[0]));
            case 2 -> Duration.ofSeconds(Long.parseLong(p[0]) * 60 + Long.parseLong(p[1]));
            default -> Duration.ofSeconds(Long.parseLong(p[0]) * 3600 + Long.parseLong(p[1]) * 60
                    + Long.parseLong(p[2]));
        };
    }

    /**
     * Expands a Slurm hostlist ({@code node[01-04,07],gpu5}); numeric ranges keep their zero padding.
     * A private stand-in until the model's {@code Hostlist} lands.
     */
    static List<String> expand(String expr) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (char ch : expr.toCharArray()) {
            if (ch == '[') {
                depth++;
            } else if (ch == ']') {
                depth--;
            }
            if (ch == ',' && depth == 0) {
                out.addAll(expandOne(cur.toString()));
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        if (cur.length() > 0) {
            out.addAll(expandOne(cur.toString()));
        }
        return out;
    }

    private static List<String> expandOne(String h) {
        Matcher m = RANGE.matcher(h);
        if (!m.matches()) {
            return List.of(h);
        }
        List<String> out = new ArrayList<>();
        for (String part : m.group(2).split(",")) {
            String[] r = part.split("-");
            int width = r[0].length();
            long lo = Long.parseLong(r[0]);
            long hi = r.length > 1 ? Long.parseLong(r[1]) : lo;
            for (long v = lo; v <= hi; v++) {
                for (String tail : expandOne(m.group(3))) {
                    out.add(m.group(1) + String.format("%0" + width + "d", v) + tail);
                }
            }
        }
        return out;
    }
}
