package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One verdict per exported file, whichever command writes it: {@code convert --to slurm-topology} gets
 * exactly the findings {@code export} has for {@code slurm/topology.conf} (the same text, checked by the
 * same rules), so a file one command refuses the other refuses too. Two findings are convert's alone: a
 * {@code topology.conf} of a cluster with several named topologies, which the bundle completes with
 * {@code topology.yaml} and a single converted file cannot, and a file with nothing in it
 * ({@link EmptyExport}), which the bundle leaves out or never asks for alone.
 */
public final class ExportVerdict {
    private static final Map<String, String> BUNDLE_PATH = Map.of(
            "slurm-topology", SlurmFiles.TOPOLOGY,
            "slurm-topology-block", SlurmFiles.TOPOLOGY_BLOCK,
            "slurm-topology-yaml", SlurmFiles.TOPOLOGY_YAML,
            "slurm-gres", SlurmFiles.GRES,
            "slurm-nodes", SlurmFiles.NODES,
            "k8s-labels", KubernetesFiles.LABELS,
            "volcano-hypernodes", KubernetesFiles.HYPERNODES,
            "kueue-topology", KubernetesFiles.KUEUE,
            "kubelet-config", KubernetesFiles.KUBELET);

    private ExportVerdict() {
    }

    /**
     * The bundle's findings for the file a {@code convert} target writes, with {@code path} as their path;
     * empty when the target is not part of the bundle (the caller uses the writer's own check then).
     */
    public static Optional<List<Diagnostic>> of(Cluster cluster, String target, String path) {
        return checked(cluster, target, path).map(Checked::findings);
    }

    /** As {@link #of}, for the Slurm release the file is written for. */
    public static Optional<List<Diagnostic>> of(Cluster cluster, String target, String path, SlurmVersion release) {
        return checked(cluster, target, path, release).map(Checked::findings);
    }

    /**
     * The findings of {@link #of}, and for a Slurm target the text they were found in: the bundle's
     * file, written by the same writer {@code convert} uses, so that {@code convert} need not write it
     * a second time (at 16,384 hosts that is a tenth of the whole command).
     *
     * @param text the checked text of a {@code slurm/} file; empty for the Kubernetes targets (the
     *             bundle splits some of them per node group) and when the bundle leaves the file out
     */
    public record Checked(Optional<String> text, List<Diagnostic> findings) {
    }

    /** As {@link #of}, with the text that was checked when there is one (for the newest release). */
    public static Optional<Checked> checked(Cluster cluster, String target, String path) {
        return checked(cluster, target, path, SlurmVersion.DEFAULT);
    }

    /**
     * As {@link #of}, with the text that was checked when there is one, for {@code release}: the bundle built
     * for that release ({@link SlurmRelease}), so that {@code convert --slurm-version} and {@code export
     * --slurm-version} agree file by file.
     */
    public static Optional<Checked> checked(Cluster cluster, String target, String path, SlurmVersion release) {
        String file = BUNDLE_PATH.get(target);
        if (file == null) {
            return Optional.empty();
        }
        boolean slurm = file.startsWith("slurm/");
        if (file.equals(SlurmFiles.TOPOLOGY)) {
            Optional<ExportFile> alone = SlurmFiles.topologyAlone(cluster);
            if (alone.isPresent()) {
                List<Diagnostic> found = new ArrayList<>();
                alone.get().validation().forEach(d -> found.add(new Diagnostic(d.severity(), path, d.line(),
                        d.column(), d.message())));
                severalTopologies(cluster, file, path, release).ifPresent(found::add);
                return Optional.of(new Checked(Optional.of(alone.get().text()), found));
            }
        }
        List<ExportFile> files = slurm ? SlurmFiles.build(cluster, file.equals(SlurmFiles.TOPOLOGY_YAML), release)
                : KubernetesFiles.build(cluster);
        List<Diagnostic> out = new ArrayList<>();
        boolean found = false;
        String text = null;
        for (ExportFile f : files) {
            boolean kubelet = file.equals(KubernetesFiles.KUBELET) && f.relativePath().startsWith("k8s/kubelet-config");
            if (f.relativePath().equals(file) || kubelet) {
                found = true;
                text = slurm ? f.text() : null;
                f.validation().forEach(d -> out.add(new Diagnostic(d.severity(), path, d.line(), d.column(), d.message())));
            }
        }
        if (!found && slurm) {
            // The bundle leaves this file out for this cluster (a tree file for a cluster of blocks alone, a block
            // file for a tree): its other Slurm findings still concern what convert would write.
            files.forEach(f -> f.validation().forEach(d -> out.add(new Diagnostic(d.severity(), path, d.line(),
                    d.column(), d.message()))));
            EmptyExport.refusal(cluster, file, path).ifPresent(out::add);
            if (file.equals(SlurmFiles.TOPOLOGY_BLOCK) && !cluster.fabric().blocks().isEmpty()) {
                // a tree cluster's blocks, which the bundle leaves out for a release without topology/block
                SlurmRelease.blockFile(release, path).ifPresent(out::add);
            }
        }
        if (found || file.equals(KubernetesFiles.HYPERNODES)) {
            EmptyExport.refusal(cluster, file, path, text == null ? hyperNodesText(files, file) : text)
                    .ifPresent(out::add);
        }
        if (file.equals(KubernetesFiles.KUBELET)) {
            // convert writes one document where the bundle writes one file per node group: say so.
            new org.topoplanner.importers.k8s.KubeletConfigWriter().check(cluster).forEach(d -> out.add(
                    new Diagnostic(d.severity(), path, d.line(), d.column(), d.message())));
        }
        severalTopologies(cluster, file, path, release).ifPresent(out::add);
        return Optional.of(new Checked(Optional.ofNullable(text), out));
    }

    /** The HyperNodes text of the bundle when {@code file} is it: the one Kubernetes file that can be empty. */
    private static String hyperNodesText(List<ExportFile> files, String file) {
        return file.equals(KubernetesFiles.HYPERNODES) ? files.stream().filter(f -> f.relativePath().equals(file))
                .findFirst().map(ExportFile::text).orElse("") : null;
    }

    /**
     * A {@code topology.conf} holds one topology: converting a cluster of several named topologies (topology.yaml,
     * bound to partitions) to it would drop the others and every partition's binding without a word. The bundle
     * writes {@code topology.yaml} beside it then ({@link SlurmFiles#build}); {@code convert} writes one file, so
     * it warns (and writes nothing without {@code --force}) and names the target that keeps them all.
     */
    private static Optional<Diagnostic> severalTopologies(Cluster cluster, String file, String path,
                                                          SlurmVersion release) {
        var topologies = cluster.slurm().topologies();
        if (topologies.size() < 2 || !(file.equals(SlurmFiles.TOPOLOGY) || file.equals(SlurmFiles.TOPOLOGY_BLOCK))) {
            return Optional.empty();
        }
        String names = String.join(", ", topologies.stream().map(t -> t.name()).toList());
        return Optional.of(Diagnostic.warning(path, 1, 1, "the cluster has " + topologies.size()
                + " named topologies (" + names + ") bound to partitions; this file holds only one of them and no"
                + " binding: " + (release.hasTopologyYaml()
                ? "write topology.yaml (--to slurm-topology-yaml, Slurm 25.05 and later) to keep them all"
                : "Slurm " + release.label() + " reads no topology.yaml (25.05 and later); pick the one to write with"
                + " --topology NAME")));
    }
}
