package org.topoplanner.importers.export;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The parts of an export bundle, by their {@code export --targets} names. */
public enum ExportTarget {
    /** {@code slurm/}: topology.conf (and topology-block.conf), gres.conf, node lines, slurm.conf keys. */
    SLURM("slurm"),
    /** {@code k8s/}: node labels, HyperNodes, Kueue Topology and ResourceFlavor, kubelet configuration. */
    K8S("k8s"),
    /** {@code jobs/} and {@code k8s/jobs/}: one pinned job per placed job, for Slurm and Kubernetes. */
    JOBS("jobs"),
    /** {@code k8s/dra/}: per placed job, DRA ResourceClaimTemplates for its GPUs and NICs, and a ComputeDomain. */
    DRA("dra");

    private final String id;

    ExportTarget(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<ExportTarget> fromId(String id) {
        String want = id.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(t -> t.id.equals(want)).findFirst();
    }

    /** The targets of a plain {@code export}: DRA is written only when asked for, as clusters without DRA drivers cannot use it. */
    public static Set<ExportTarget> all() {
        return EnumSet.of(SLURM, K8S, JOBS);
    }
}
