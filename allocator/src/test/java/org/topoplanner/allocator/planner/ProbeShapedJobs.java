package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * Random jobs in the shapes of the probe generator ({@code oracle/cases/probefuzz.py}, modes fuzz4 and fuzz5,
 * written again here in Java): background jobs that fragment a cluster (part of a node's cores, part of a GPU
 * node's GPUs, a whole node, a CPU job on two named nodes) and probes ({@code --gpus-per-node} with {@code -n/-c}
 * or {@code --cpus-per-gpu}, {@code --gpus=N} with or without {@code -N} or a node range, {@code --gpus-per-task},
 * CPU-only {@code -n/-c}, {@code --exclusive}, {@code --ntasks-per-node}, {@code -w} lists, one named node;
 * enforce-binding, {@code --mem-per-gpu}, {@code -x}, {@code --switches} with a wait).
 */
final class ProbeShapedJobs {
    private ProbeShapedJobs() {
    }

    /** A background job on {@code c}, or {@code null} when the drawn options do not parse. */
    static JobRequest background(Random r, Cluster c, String name) {
        List<String> all = c.hostNames();
        List<String> gpuNodes = gpuNodes(c);
        double roll = r.nextDouble();
        String spec;
        if (roll < 0.1) {
            spec = "-w " + pick(r, all) + " -N1 --exclusive";
        } else if (roll < 0.2 && all.size() > 1) {
            String a = pick(r, all);
            String b = pick(r, all);
            spec = a.equals(b) ? "-w " + a + " -n1 -c" + (1 + r.nextInt(6))
                    : "-w " + a + "," + b + " -N2 -n2 -c" + (1 + r.nextInt(6));
        } else if (r.nextDouble() >= 0.55 && !gpuNodes.isEmpty()) {
            String node = pick(r, gpuNodes);
            int gpus = 1 + r.nextInt(Math.max(1, c.node(node).gpus().size() / 2));
            spec = "-w " + node + " -n1 -c" + (1 + r.nextInt(6)) + " --gpus-per-node=" + gpus;
        } else {
            spec = "-w " + pick(r, all) + " -n" + (1 + r.nextInt(2)) + " -c" + (1 + r.nextInt(8));
        }
        return parsed(spec, name);
    }

    /** A probe on {@code c}, or {@code null} when sbatch would refuse the options. */
    static JobRequest probe(Random r, Cluster c, boolean deep, String name) {
        List<String> all = c.hostNames();
        List<String> gpuNodes = gpuNodes(c);
        String[] forms = {"gpn", "gpn", "gpus", "gpus", "gpt", "cpu", "excl", "one", "tpn", "wlist"};
        String form = gpuNodes.size() < 2 ? "cpu" : forms[r.nextInt(forms.length)];
        List<String> o = new ArrayList<>();
        switch (form) {
            case "gpn" -> {
                int nodes = new int[] {1, 2, 2, 3}[r.nextInt(4)];
                o.add("-N" + nodes);
                double roll = r.nextDouble();
                if (roll < 0.35) {
                    o.add("-n" + nodes * (1 + r.nextInt(2)));
                    o.add("-c" + (1 + r.nextInt(6)));
                } else if (roll < 0.7) {
                    o.add("--cpus-per-gpu=" + (2 + 2 * r.nextInt(4)));
                }
                o.add("--gpus-per-node=" + (1 + r.nextInt(4)));
                if (deep && nodes > 1 && r.nextDouble() < 0.3) {
                    o.add("--switches=1@0:05");
                }
            }
            case "gpus" -> {
                if (r.nextBoolean()) {
                    int n = 1 + r.nextInt(3);
                    o.add(n > 1 && r.nextDouble() < 0.3 ? "-N1-" + n : "-N" + n);
                }
                double roll = r.nextDouble();
                if (roll < 0.35) {
                    o.add("-n" + (1 + r.nextInt(4)));
                    o.add("-c" + (1 + r.nextInt(4)));
                } else if (roll < 0.75) {
                    o.add("--cpus-per-gpu=" + new int[] {1, 2, 4, 8}[r.nextInt(4)]);
                }
                o.add("--gpus=" + (2 + r.nextInt(9)));
            }
            case "gpt" -> {
                o.add("-n" + (1 + r.nextInt(6)));
                o.add("-c" + (1 + r.nextInt(6)));
                o.add("--gpus-per-task=" + (r.nextInt(3) == 2 ? 2 : 1));
            }
            case "cpu" -> {
                if (r.nextDouble() < 0.3) {
                    o.add("-N" + (1 + r.nextInt(2)));
                }
                o.add("-n" + (1 + r.nextInt(6)));
                o.add("-c" + (1 + r.nextInt(12)));
            }
            case "excl" -> {
                o.add("-N" + (1 + r.nextInt(3)));
                o.add("--exclusive");
                if (r.nextBoolean()) {
                    o.add("--gpus-per-node=" + (1 + r.nextInt(2)));
                }
            }
            case "tpn" -> {
                o.add("-N" + new int[] {1, 2, 2, 3}[r.nextInt(4)]);
                o.add("--ntasks-per-node=" + (1 + r.nextInt(4)));
                o.add("-c" + (1 + r.nextInt(4)));
                int gpu = r.nextInt(3);
                if (gpu == 0) {
                    o.add("--gpus-per-task=1");
                } else if (gpu == 1) {
                    o.add("--gpus-per-node=" + (1 + r.nextInt(4)));
                }
            }
            case "wlist" -> {
                List<String> named = new ArrayList<>(gpuNodes);
                java.util.Collections.shuffle(named, r);
                named = new ArrayList<>(named.subList(0, Math.min(named.size(), r.nextInt(3) == 2 ? 3 : 2)));
                o.add("-w " + String.join(",", named));
                if (r.nextBoolean()) {
                    o.add("-N" + named.size());
                }
                if (r.nextBoolean()) {
                    o.add("--gpus-per-node=" + (1 + r.nextInt(3)));
                    if (r.nextBoolean()) {
                        o.add("--cpus-per-gpu=" + new int[] {2, 4, 8}[r.nextInt(3)]);
                    }
                } else {
                    o.add("--gpus=" + (2 + r.nextInt(7)));
                    if (r.nextBoolean()) {
                        o.add("-n" + (2 + r.nextInt(3)));
                        o.add("-c" + (1 + r.nextInt(4)));
                    }
                }
            }
            default -> {
                o.add("-w " + pick(r, gpuNodes));
                o.add("--gpus-per-node=" + (1 + r.nextInt(4)));
                o.add(r.nextDouble() < 0.6 ? "--cpus-per-gpu=" + new int[] {2, 4, 8}[r.nextInt(3)]
                        : "-c" + (1 + r.nextInt(8)));
            }
        }
        if (!form.equals("cpu") && !form.equals("excl") && r.nextDouble() < 0.4) {
            o.add("--gres-flags=enforce-binding");
        }
        if (o.stream().anyMatch(x -> x.startsWith("--gpus")) && !form.equals("excl") && r.nextDouble() < 0.3) {
            o.add("--mem-per-gpu=" + new int[] {4, 16, 32, 96}[r.nextInt(4)] + "G");
        }
        if (!form.equals("one") && !form.equals("wlist") && r.nextDouble() < 0.12) {
            o.add(0, "-x " + pick(r, all));
        } else if ((form.equals("gpus") || form.equals("gpt")) && r.nextDouble() < 0.12) {
            o.add(0, "-w " + pick(r, gpuNodes));
        }
        return parsed(String.join(" ", o), name);
    }

    private static List<String> gpuNodes(Cluster c) {
        return c.hostNames().stream().filter(h -> !c.node(h).gpus().isEmpty()).toList();
    }

    private static String pick(Random r, List<String> from) {
        return from.get(r.nextInt(from.size()));
    }

    private static JobRequest parsed(String options, String name) {
        try {
            return SbatchOptions.parseLine(options, name);
        } catch (JobRequestException | IllegalArgumentException e) {
            return null; // sbatch refuses these options too (e.g. --gpus below -N): no placement question
        }
    }
}
