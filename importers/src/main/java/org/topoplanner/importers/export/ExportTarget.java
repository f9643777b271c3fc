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
    JOBS("jobs");

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

    public static Set<ExportTarget> all() {
        return EnumSet.allOf(ExportTarget.class);
    }
}
