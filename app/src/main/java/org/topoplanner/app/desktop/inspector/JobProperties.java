package org.topoplanner.app.desktop.inspector;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.RailReach;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The inspector's properties of a job: what it asks for (Request), where it runs (Placement) and
 * how good that is (Metrics). Plain values, so they are tested without a toolkit.
 */
public final class JobProperties {
    static final String REQUEST = "Request";
    static final String PLACEMENT = "Placement";
    static final String METRICS = "Metrics";
    static final List<String> CATEGORIES = List.of(REQUEST, PLACEMENT, METRICS);
    /** Hosts listed one by one; a job on thousands of hosts would otherwise build thousands of rows. */
    static final int HOSTS_LISTED = 16;
    /** The leaves metric's value while it is counted off the FX thread. */
    static final String COUNTING = "computing\u2026";

    private JobProperties() {
    }

    /**
     * The properties of {@code job} in {@code plan}; {@code advice} is the validation of its placement,
     * or null when it is not placed.
     */
    static List<InspectorProperty> of(Plan plan, String job, Advice advice) {
        Placement p = plan.placements().get(job);
        return of(plan, job, advice, p == null ? new Leaves.Counting()
                : new Leaves.Counted(RailReach.of(plan.cluster().fabric(), p.hostNames())));
    }

    /**
     * The properties of {@code job} with its leaves metric as given: the window counts the leaves off the FX
     * thread ({@link JobPropertiesReach}) and shows the sheet meanwhile with {@link Leaves.Counting}.
     */
    static List<InspectorProperty> of(Plan plan, String job, Advice advice, Leaves leaves) {
        List<InspectorProperty> all = new ArrayList<>(request(plan, job));
        Placement p = plan.placements().get(job);
        if (p == null || advice == null) {
            all.add(InspectorProperty.of(PLACEMENT, "placed", "no: drag it onto the fabric, or Apply suggestion"));
            return all;
        }
        all.addAll(placement(p, advice));
        if (advice.metrics() != null) {
            all.addAll(metrics(advice.metrics(), leaves));
        }
        return all;
    }

    /** Whether a placed job's sheet needs its leaves counted (it shows metrics). */
    static boolean showsLeaves(Plan plan, String job, Advice advice) {
        return plan.placements().containsKey(job) && advice != null && advice.metrics() != null;
    }

    /** The leaves metric of a job's sheet: counted, being counted on a worker, or not countable. */
    sealed interface Leaves {
        /** The job's leaves (or rails) as counted. */
        record Counted(RailReach reach) implements Leaves {
        }

        /** Still being counted: the sheet says so until the answer comes. */
        record Counting() implements Leaves {
        }

        /** Counting failed; {@code reason} says why. */
        record Uncounted(String reason) implements Leaves {
        }
    }

    /** The properties of a placed {@code job} while its validation is still being computed. */
    static List<InspectorProperty> checking(Plan plan, String job) {
        List<InspectorProperty> all = new ArrayList<>(request(plan, job));
        all.add(InspectorProperty.of(PLACEMENT, "verdict", "checking\u2026"));
        all.add(InspectorProperty.of(PLACEMENT, "hosts", hostlist(plan.placements().get(job).hostNames())));
        return all;
    }

    private static List<InspectorProperty> request(Plan plan, String job) {
        JobRequest r = plan.request(job);
        List<InspectorProperty> l = new ArrayList<>();
        l.add(InspectorProperty.of(REQUEST, "job", job));
        l.add(new InspectorProperty(REQUEST, "sbatch", String.join(" ", plan.job(job).orElseThrow().sbatch()),
                "The request in sbatch's own options; every policy reads it the same way."));
        if (r.minNodes() != null) {
            l.add(InspectorProperty.of(REQUEST, "nodes", r.maxNodes() == null ? String.valueOf(r.minNodes())
                    : r.minNodes() + "\u2013" + r.maxNodes()));
        }
        if (r.gpusPerNode() != null) {
            l.add(InspectorProperty.of(REQUEST, "GPUs per node", r.gpusPerNode()
                    + (r.gpuType() == null ? "" : " \u00d7 " + r.gpuType())));
        }
        if (r.gpus() != null) {
            l.add(InspectorProperty.of(REQUEST, "GPUs", r.gpus() + (r.gpuType() == null ? "" : " \u00d7 " + r.gpuType())));
        }
        if (r.ntasks() != null || r.ntasksPerNode() != null) {
            l.add(InspectorProperty.of(REQUEST, "tasks", (r.ntasks() == null ? "" : r.ntasks() + " ")
                    + (r.ntasksPerNode() == null ? "" : "(" + r.ntasksPerNode() + " per node)")));
        }
        if (r.switches() != null) {
            l.add(new InspectorProperty(REQUEST, "switches", "at most " + r.switches()
                    + (r.switchesWait() == null ? "" : ", waiting up to " + r.switchesWait().getSeconds() + " s"),
                    "--switches: the most leaf switches the job may span, and how long it waits for that."));
        }
        if (r.exclusive() || r.exclusiveTopo()) {
            l.add(InspectorProperty.of(REQUEST, "exclusive", r.exclusiveTopo() ? "whole blocks" : "whole nodes"));
        }
        if (!r.nodelist().isEmpty()) {
            l.add(InspectorProperty.of(REQUEST, "only on", hostlist(r.nodelist())));
        }
        if (!r.exclude().isEmpty()) {
            l.add(InspectorProperty.of(REQUEST, "not on", hostlist(r.exclude())));
        }
        return l;
    }

    private static List<InspectorProperty> placement(Placement p, Advice advice) {
        List<InspectorProperty> l = new ArrayList<>();
        l.add(InspectorProperty.of(PLACEMENT, "verdict", advice.verdict().name().toLowerCase(Locale.ROOT)
                + (advice.violations().isEmpty() ? "" : " (" + advice.violations().size() + " violation"
                + (advice.violations().size() == 1 ? ")" : "s)"))));
        l.add(InspectorProperty.of(PLACEMENT, "hosts", hostlist(p.hostNames())));
        l.add(InspectorProperty.of(PLACEMENT, "nodes, GPUs", p.hosts().size() + " nodes, " + p.gpuCount() + " GPUs"));
        List<HostAllocation> hosts = p.hosts();
        for (HostAllocation h : hosts.subList(0, Math.min(HOSTS_LISTED, hosts.size()))) {
            StringBuilder sb = new StringBuilder((h.gpus().isEmpty() ? "no GPUs" : "GPUs " + ranges(h.gpus()))
                    + " \u00b7 CPUs " + h.cpus());
            if (!h.nicByGpu().isEmpty()) {
                sb.append(" \u00b7 NICs ").append(String.join(", ", h.nicByGpu().values().stream().distinct().toList()));
            }
            l.add(InspectorProperty.of(PLACEMENT, h.host(), sb.toString()));
        }
        if (hosts.size() > HOSTS_LISTED) {
            l.add(InspectorProperty.of(PLACEMENT, "\u2026", (hosts.size() - HOSTS_LISTED)
                    + " more hosts; the node view shows each"));
        }
        return l;
    }

    private static List<InspectorProperty> metrics(PlacementMetrics m, Leaves leaves) {
        List<InspectorProperty> l = new ArrayList<>();
        if (leaves instanceof Leaves.Counted c && c.reach().railOptimised()) {
            // rails counted as rails: the schedulers' logical leaf of a rail group would say "1" for all 8 rails
            l.add(new InspectorProperty(METRICS, "rails", c.reach().words(JobProperties::hostlist),
                    "Leaf switches of a rail-optimised fabric the job's HCAs reach; Slurm and the planner "
                            + "schedule each scalable unit as one leaf."));
        } else if (leaves instanceof Leaves.Counted c) {
            l.add(InspectorProperty.of(METRICS, "leaves", c.reach().words(JobProperties::hostlist)));
        } else if (leaves instanceof Leaves.Uncounted u) {
            l.add(InspectorProperty.of(METRICS, "leaves", "cannot count: " + u.reason()));
        } else {
            l.add(InspectorProperty.of(METRICS, "leaves", COUNTING));
        }
        l.add(InspectorProperty.of(METRICS, "spines", String.valueOf(m.spines())));
        l.add(new InspectorProperty(METRICS, "highest tier", String.valueOf(m.highestTier()),
                "The tier of the lowest switch above all the job's hosts; 0 for one host."));
        var pair = m.worstPair();
        l.add(new InspectorProperty(METRICS, "worst pair", pair.a() == null ? "" : pair.hops() < 0
                ? pair.a() + " \u2194 " + pair.b() + ": no path"
                : pair.a() + " \u2194 " + pair.b() + ", " + pair.hops() + " hops",
                "The two hosts farthest apart, and the cables between them."));
        l.add(new InspectorProperty(METRICS, "ring all-reduce", Double.isFinite(m.busGBps())
                ? String.format(Locale.ROOT, "~%.1f GB/s", m.busGBps()) : "",
                "Estimated ring all-reduce bus bandwidth per direction."));
        if (m.ring().bottleneck() != null && !m.ring().bottleneck().isEmpty()) {
            l.add(InspectorProperty.of(METRICS, "bottleneck", m.ring().bottleneck()));
        }
        var left = m.fragmentation();
        l.add(new InspectorProperty(METRICS, "left free", left.freeNodes() + " nodes, " + left.freeGpus() + " GPUs"
                + (left.strandedGpus() == 0 ? "" : " (" + left.strandedGpus() + " stranded)"),
                "What the cluster has left once this job runs; stranded GPUs are free but unusable for multi-GPU jobs."));
        return l;
    }

    /** Device indices as ranges ({@code 0-3,6}), the way nvidia-smi and Slurm write GPU sets: CPU-list syntax. */
    static String ranges(List<Integer> indices) {
        return org.topoplanner.model.cpu.CpuSet.of(indices).toString();
    }

    /** A Slurm hostlist when the names allow one, else the names joined. */
    /** The hosts as Slurm prints a job's node list: in its node table's (strnatcmp) order, compressed. */
    public static String hostlist(List<String> names) {
        try {
            return Hostlist.compress(names.stream().sorted(org.topoplanner.model.hostlist.NaturalOrder.INSTANCE).toList());
        } catch (IllegalArgumentException e) {
            return String.join(", ", names);
        }
    }
}
