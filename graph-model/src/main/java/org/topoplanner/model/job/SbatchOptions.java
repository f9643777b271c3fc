package org.topoplanner.model.job;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

/**
 * Reads and writes job requests in sbatch's own option spelling, so Slurm users need nothing new:
 * {@code -N 4 --gpus-per-node=8 --switches=1@5:00}. Both {@code --opt=value} and {@code --opt value}
 * are read, and short options glued ({@code -N4}) or apart ({@code -N 4}). Every problem is
 * collected; unknown options are named.
 */
public final class SbatchOptions {
    private static final Set<String> WITH_VALUE = Set.of("-N", "--nodes", "-n", "--ntasks", "--ntasks-per-node",
            "--ntasks-per-socket", "-c", "--cpus-per-task", "--gpus", "-G", "--gpus-per-node", "--gpus-per-task",
            "--gres", "--cpus-per-gpu", "--switches", "--gres-flags", "-w", "--nodelist", "-x", "--exclude", "-J",
            "--job-name", "--segment");
    private static final Set<String> SHORT_GLUED = Set.of("-N", "-n", "-c", "-G", "-w", "-x", "-J");

    private SbatchOptions() {
    }

    /** Reads a request from sbatch arguments; {@code defaultName} is used when there is no {@code -J}. */
    public static JobRequest parse(List<String> args, String defaultName) throws JobRequestException {
        Reading r = new Reading(defaultName);
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String key = a;
            String val = null;
            if (a.startsWith("--") && a.contains("=")) {
                key = a.substring(0, a.indexOf('='));
                val = a.substring(a.indexOf('=') + 1);
            } else if (a.length() > 2 && a.charAt(0) == '-' && a.charAt(1) != '-' && SHORT_GLUED.contains(a.substring(0, 2))) {
                key = a.substring(0, 2);
                val = a.substring(2);
                if (val.startsWith("=")) {
                    val = val.substring(1);
                }
            }
            if (!WITH_VALUE.contains(key) && !key.equals("--exclusive")) {
                r.problems.add("unknown option " + a);
                continue;
            }
            if (val == null && WITH_VALUE.contains(key)) {
                if (i + 1 >= args.size()) {
                    r.problems.add(key + " needs a value");
                    continue;
                }
                val = args.get(++i);
            }
            r.option(key, val);
        }
        return r.finish();
    }

    /** Reads a request typed as one line ({@code -N 12 --gpus-per-node=8 --switches=2}), with shell quoting. */
    public static JobRequest parseLine(String line, String defaultName) throws JobRequestException {
        return parse(ShellWords.split(line), defaultName);
    }

    /** The request in canonical sbatch spelling; {@code parse(toArgs(r))} gives {@code r} back. */
    public static List<String> toArgs(JobRequest r) {
        List<String> out = new ArrayList<>();
        out.add("--job-name=" + r.name());
        if (r.minNodes() != null) {
            out.add("--nodes=" + r.minNodes() + (r.maxNodes() != null ? "-" + r.maxNodes() : ""));
        }
        add(out, "--ntasks", r.ntasks());
        add(out, "--ntasks-per-node", r.ntasksPerNode());
        add(out, "--ntasks-per-socket", r.ntasksPerSocket());
        add(out, "--cpus-per-task", r.cpusPerTask());
        String type = r.gpuType() == null ? "" : r.gpuType() + ":";
        if (r.gpus() != null) {
            out.add("--gpus=" + type + r.gpus());
        }
        if (r.gpusPerNode() != null) {
            out.add("--gpus-per-node=" + type + r.gpusPerNode());
        }
        if (r.gpusPerTask() != null) {
            out.add("--gpus-per-task=" + type + r.gpusPerTask());
        }
        add(out, "--cpus-per-gpu", r.cpusPerGpu());
        if (r.switches() != null) {
            out.add("--switches=" + r.switches() + (r.switchesWait() == null ? "" : "@" + SlurmTime.format(r.switchesWait())));
        }
        if (r.enforceBinding()) {
            out.add("--gres-flags=enforce-binding");
        }
        if (r.exclusiveTopo()) {
            out.add("--exclusive=topo");
        } else if (r.exclusive()) {
            out.add("--exclusive");
        }
        if (!r.nodelist().isEmpty()) {
            out.add("--nodelist=" + Hostlist.compress(r.nodelist()));
        }
        if (!r.exclude().isEmpty()) {
            out.add("--exclude=" + Hostlist.compress(r.exclude()));
        }
        add(out, "--segment", r.segment());
        return out;
    }

    private static void add(List<String> out, String option, Integer value) {
        if (value != null) {
            out.add(option + "=" + value);
        }
    }

    /** The state of one parse: values read so far and every problem found. */
    private static final class Reading {
        final List<String> problems = new ArrayList<>();
        String name;
        Integer minNodes;
        Integer maxNodes;
        Integer ntasks;
        Integer ntasksPerNode;
        Integer ntasksPerSocket;
        Integer cpusPerTask;
        Integer gpus;
        Integer gpusPerNode;
        Integer gpusPerTask;
        String gpuType;
        Integer cpusPerGpu;
        Integer switches;
        Duration wait;
        boolean bind;
        boolean exclusive;
        boolean exclusiveTopo;
        List<String> nodelist = List.of();
        List<String> exclude = List.of();
        Integer segment;

        Reading(String defaultName) {
            this.name = defaultName;
        }

        void option(String key, String val) {
            switch (key) {
                case "-N", "--nodes" -> nodes(val);
                case "-n", "--ntasks" -> ntasks = count(key, val);
                case "--ntasks-per-node" -> ntasksPerNode = count(key, val);
                case "--ntasks-per-socket" -> ntasksPerSocket = count(key, val);
                case "-c", "--cpus-per-task" -> cpusPerTask = count(key, val);
                case "--gpus", "-G" -> gpus = typedCount(key, val);
                case "--gpus-per-node" -> gpusPerNode = typedCount(key, val);
                case "--gpus-per-task" -> gpusPerTask = typedCount(key, val);
                case "--gres" -> gres(val);
                case "--cpus-per-gpu" -> cpusPerGpu = count(key, val);
                case "--switches" -> switches(val);
                case "--gres-flags" -> gresFlags(val);
                case "--exclusive" -> exclusive(val);
                case "-w", "--nodelist" -> nodelist = hosts(key, val);
                case "-x", "--exclude" -> exclude = hosts(key, val);
                case "-J", "--job-name" -> name(val);
                case "--segment" -> segment = count(key, val);
                default -> problems.add("unknown option " + key);
            }
        }

        private void nodes(String val) {
            int dash = val.indexOf('-');
            minNodes = count("--nodes", dash < 0 ? val : val.substring(0, dash));
            maxNodes = dash < 0 ? null : count("--nodes", val.substring(dash + 1));
        }

        private Integer count(String key, String val) {
            try {
                int n = Integer.parseInt(val.strip());
                if (n < 0 || (n == 0 && !key.startsWith("--gpus") && !key.equals("-G") && !key.equals("--switches"))) {
                    problems.add(key + "=" + val + ": must be a positive number");
                    return null;
                }
                return n;
            } catch (NumberFormatException e) {
                problems.add(key + "=" + val + ": not a number");
                return null;
            }
        }

        /** {@code [type:]count}, as sbatch's {@code --gpus*} options take. */
        private Integer typedCount(String key, String val) {
            int colon = val.lastIndexOf(':');
            if (colon >= 0) {
                type(key, val.substring(0, colon));
            }
            return count(key, colon < 0 ? val : val.substring(colon + 1));
        }

        private void type(String key, String t) {
            if (t.isEmpty() || t.contains(":")) {
                problems.add(key + ": bad GPU type '" + t + "'");
            } else if (gpuType != null && !gpuType.equals(t)) {
                problems.add(key + ": GPU type '" + t + "' differs from the '" + gpuType + "' asked for before");
            } else {
                gpuType = t;
            }
        }

        /** {@code --gres=gpu[:type]:N[,other...]}; only GPUs are modelled. */
        private void gres(String val) {
            for (String item : val.split(",")) {
                String[] p = item.split(":");
                if (!p[0].equals("gpu")) {
                    problems.add("--gres=" + item + ": only gpu GRES are modelled");
                    continue;
                }
                if (p.length == 1) {
                    gpusPerNode = 1;
                } else if (p.length == 2) {
                    // gpu:2 is a count; gpu:h100 a type with count 1 (Slurm reads it the same way).
                    if (p[1].chars().allMatch(Character::isDigit)) {
                        gpusPerNode = count("--gres", p[1]);
                    } else {
                        type("--gres", p[1]);
                        gpusPerNode = 1;
                    }
                } else if (p.length == 3) {
                    type("--gres", p[1]);
                    gpusPerNode = count("--gres", p[2]);
                } else {
                    problems.add("--gres=" + item + ": expected gpu[:type]:count");
                }
            }
        }

        private void switches(String val) {
            String[] p = val.split("@", 2);
            switches = count("--switches", p[0]);
            if (p.length > 1) {
                try {
                    wait = SlurmTime.parse(p[1]);
                } catch (IllegalArgumentException e) {
                    problems.add("--switches=" + val + ": " + e.getMessage());
                }
            }
        }

        private void gresFlags(String val) {
            for (String f : val.split(",")) {
                switch (f.strip()) {
                    case "enforce-binding" -> bind = true;
                    case "disable-binding" -> bind = false;
                    default -> problems.add("--gres-flags=" + f + ": expected enforce-binding or disable-binding");
                }
            }
        }

        private void exclusive(String val) {
            if (val == null) {
                exclusive = true;
            } else if (val.equals("topo")) {
                exclusiveTopo = true;
            } else if (!val.equals("user") && !val.equals("mcs")) {
                problems.add("--exclusive=" + val + ": expected user, mcs or topo");
            }
        }

        private List<String> hosts(String key, String val) {
            try {
                return Hostlist.expand(val);
            } catch (HostlistSyntaxException e) {
                problems.add(key + "=" + val + ": " + e.getMessage());
                return List.of();
            }
        }

        private void name(String val) {
            if (val.isBlank()) {
                problems.add("--job-name needs a name");
            } else {
                name = val;
            }
        }

        JobRequest finish() throws JobRequestException {
            if (problems.isEmpty()) {
                try {
                    return new JobRequest(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask,
                            gpus, gpusPerNode, gpusPerTask, gpuType, cpusPerGpu, switches, wait, bind, exclusive,
                            exclusiveTopo, nodelist, exclude, segment);
                } catch (IllegalArgumentException e) {
                    problems.add(e.getMessage());
                }
            }
            throw new JobRequestException(problems);
        }
    }
}
