package org.topoplanner.app.desktop.canvas;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import javafx.scene.paint.Color;

/**
 * An immutable snapshot of which job holds what: per host, the job on each GPU (by GPU index),
 * on cores and on NICs; and optional explicit job colours. Both views draw from it; jobs without
 * an explicit colour take the palette's categorical colour by first-seen order, so the same
 * snapshot colours a job the same way in the fabric and in the node view.
 */
public final class Occupancy {
    private static final Occupancy EMPTY = new Builder().build();

    private final Map<String, String[]> gpus;
    private final Map<String, Map<Integer, String>> cores;
    private final Map<String, Map<String, String>> nics;
    private final Map<String, Color> colours;
    private final Map<String, Integer> ordinals;
    private final String[] byOrdinal;
    private final Map<String, Integer> gpusHeld;
    private final Map<String, Integer> usedByHost;

    private Occupancy(Builder b) {
        Map<String, String[]> g = new HashMap<>();
        b.gpus.forEach((h, list) -> g.put(h, list.toArray(new String[0])));
        this.gpus = g;
        Map<String, Map<Integer, String>> c = new HashMap<>();
        b.cores.forEach((h, m) -> c.put(h, Collections.unmodifiableMap(new TreeMap<>(m))));
        this.cores = c;
        Map<String, Map<String, String>> n = new HashMap<>();
        b.nics.forEach((h, m) -> n.put(h, Collections.unmodifiableMap(new LinkedHashMap<>(m))));
        this.nics = n;
        this.colours = Map.copyOf(b.colours);
        Map<String, Integer> ord = new LinkedHashMap<>();
        for (String job : b.seen) {
            ord.put(job, ord.size());
        }
        this.ordinals = Collections.unmodifiableMap(ord);
        this.byOrdinal = ord.keySet().toArray(new String[0]);
        Map<String, Integer> held = new HashMap<>();
        Map<String, Integer> used = new HashMap<>();
        g.forEach((host, jobs) -> {
            int u = 0;
            for (String job : jobs) {
                if (job != null) {
                    held.merge(job, 1, Integer::sum);
                    u++;
                }
            }
            used.put(host, u);
        });
        this.gpusHeld = held;
        this.usedByHost = used;
    }

    /** Nothing allocated. */
    public static Occupancy empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A snapshot from per-host GPU lists: entry {@code i} is the job on GPU index {@code i}, or
     * {@code null} when that GPU is free. {@code colours} may be empty.
     */
    public static Occupancy of(Map<String, List<String>> perGpu, Map<String, Color> colours) {
        Builder b = builder();
        perGpu.forEach((host, jobs) -> {
            for (int i = 0; i < jobs.size(); i++) {
                if (jobs.get(i) != null) {
                    b.hold(host, i, jobs.get(i));
                }
            }
        });
        colours.forEach(b::colour);
        return b.build();
    }

    /** The job on GPU {@code gpu} of {@code host}, or {@code null} when it is free. */
    public String jobOn(String host, int gpu) {
        String[] jobs = gpus.get(host);
        return jobs == null || gpu < 0 || gpu >= jobs.length ? null : jobs[gpu];
    }

    /** GPUs of the host held by some job. */
    public int usedGpus(String host) {
        return usedByHost.getOrDefault(host, 0);
    }

    /** The jobs on a host's GPUs, cores or NICs, in first-seen order. */
    public Set<String> jobsOn(String host) {
        Set<String> out = new LinkedHashSet<>();
        String[] g = gpus.get(host);
        if (g != null) {
            for (String j : g) {
                if (j != null) {
                    out.add(j);
                }
            }
        }
        out.addAll(cores.getOrDefault(host, Map.of()).values());
        out.addAll(nics.getOrDefault(host, Map.of()).values());
        return out;
    }

    /**
     * The jobs on a host's cores or NICs that hold none of its GPUs (CPU-only jobs, or a GPU job's
     * share without GPUs there), in first-seen order: the views draw these apart from the GPU bar.
     */
    public List<String> jobsWithoutGpusOn(String host) {
        Set<String> onGpus = new LinkedHashSet<>();
        String[] g = gpus.get(host);
        if (g != null) {
            for (String j : g) {
                if (j != null) {
                    onGpus.add(j);
                }
            }
        }
        return jobsOn(host).stream().filter(j -> !onGpus.contains(j)).toList();
    }

    /** The job on a core (by core id), or {@code null}. */
    public String coreJob(String host, int core) {
        return cores.getOrDefault(host, Map.of()).get(core);
    }

    /** The job on a NIC (by device id such as {@code NIC0}), or {@code null}. */
    public String nicJob(String host, String nic) {
        return nics.getOrDefault(host, Map.of()).get(nic);
    }

    /** Every job, in first-seen order. */
    public List<String> jobs() {
        return List.copyOf(ordinals.keySet());
    }

    /** The first-seen position of a job; -1 for a job not in the snapshot. */
    public int ordinal(String job) {
        return ordinals.getOrDefault(job, -1);
    }

    /** The job of a first-seen position. */
    public String job(int ordinal) {
        return byOrdinal[ordinal];
    }

    /** The colour the caller chose for a job, or {@code null} to let the palette choose. */
    public Color explicitColour(String job) {
        return colours.get(job);
    }

    /** How many GPUs a job holds in the whole cluster. */
    public int gpusHeld(String job) {
        return gpusHeld.getOrDefault(job, 0);
    }

    @Override
    public String toString() {
        return "Occupancy[" + ordinals.size() + " jobs, " + gpusHeld.values().stream().mapToInt(i -> i).sum() + " GPUs]";
    }

    /** Collects holdings; later calls for the same GPU, core or NIC win. */
    public static final class Builder {
        private final Map<String, List<String>> gpus = new HashMap<>();
        private final Map<String, Map<Integer, String>> cores = new HashMap<>();
        private final Map<String, Map<String, String>> nics = new HashMap<>();
        private final Map<String, Color> colours = new HashMap<>();
        private final Set<String> seen = new LinkedHashSet<>();

        private Builder() {
        }

        public Builder hold(String host, int gpu, String job) {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(job, "job");
            if (gpu < 0) {
                throw new IllegalArgumentException("negative GPU index " + gpu);
            }
            List<String> list = gpus.computeIfAbsent(host, h -> new ArrayList<>());
            while (list.size() <= gpu) {
                list.add(null);
            }
            list.set(gpu, job);
            seen.add(job);
            return this;
        }

        /** Holds GPUs {@code gpuIndices} of a host for a job. */
        public Builder holdGpus(String host, Collection<Integer> gpuIndices, String job) {
            gpuIndices.forEach(i -> hold(host, i, job));
            return this;
        }

        public Builder holdCores(String host, Collection<Integer> coreIds, String job) {
            Objects.requireNonNull(job, "job");
            Map<Integer, String> m = cores.computeIfAbsent(host, h -> new HashMap<>());
            coreIds.forEach(c -> m.put(c, job));
            seen.add(job);
            return this;
        }

        public Builder holdNic(String host, String nic, String job) {
            Objects.requireNonNull(job, "job");
            nics.computeIfAbsent(host, h -> new LinkedHashMap<>()).put(nic, job);
            seen.add(job);
            return this;
        }

        public Builder colour(String job, Color colour) {
            colours.put(job, colour);
            seen.add(job);
            return this;
        }

        public Occupancy build() {
            return new Occupancy(this);
        }
    }
}
