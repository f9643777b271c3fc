package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.project.ProjectDocument;

/**
 * Every export of a plan, validated: from a project document (cluster, jobs, placements) and the chosen
 * targets, the files to write below an output folder, each with what its validation found, and a
 * {@code MANIFEST.txt} listing them all ({@link ManifestWriter}).
 *
 * <p>Targets: {@link ExportTarget#SLURM} gives {@code slurm/*}, {@link ExportTarget#K8S} gives {@code k8s/*},
 * and {@link ExportTarget#JOBS} the per-job files for the schedulers chosen with it: {@code jobs/*.sbatch}
 * with Slurm, {@code k8s/jobs/*.yaml} with Kubernetes, both when {@code jobs} comes alone. Nothing is
 * written here; {@link ExportWriter} writes a bundle only when its validation allows it.
 */
public final class ExportBundle {
    public static final String MANIFEST = "MANIFEST.txt";

    private ExportBundle() {
    }

    public static List<ExportFile> build(ProjectDocument doc, Set<ExportTarget> targets) {
        return build(doc, targets, ExportOptions.DEFAULT);
    }

    public static List<ExportFile> build(ProjectDocument doc, Set<ExportTarget> targets, ExportOptions options) {
        List<ExportFile> files = new ArrayList<>();
        List<Diagnostic> bundle = new ArrayList<>();
        boolean slurm = targets.contains(ExportTarget.SLURM);
        boolean k8s = targets.contains(ExportTarget.K8S);
        Cluster slurmSide = slurmSide(doc.cluster(), options, bundle);
        if (slurmSide == null) {
            files.add(new ExportFile(MANIFEST, ManifestWriter.write(doc.cluster().name(), files, bundle, null), bundle));
            return List.copyOf(files);
        }
        if (slurm) {
            files.addAll(SlurmFiles.build(slurmSide, options.topologyYaml(), options.slurmVersion()));
        }
        if (k8s) {
            files.addAll(KubernetesFiles.build(doc.cluster(), options));
        }
        if (targets.contains(ExportTarget.JOBS)) {
            boolean alone = !slurm && !k8s;
            files.addAll(JobFiles.build(doc, slurmSide, slurm || alone, k8s || alone, options, bundle));
        }
        if (targets.contains(ExportTarget.DRA)) {
            files.addAll(DraFiles.build(doc));
        }
        if (k8s && !doc.placements().isEmpty() && options.tmPolicy() == null && options.tmScope() == null) {
            bundle.add(Diagnostic.info(MANIFEST, 0, 0, "the kubelet configuration's Topology Manager settings are"
                    + " TopoPlanner's recommendation per node, not settings the jobs were validated under; export with"
                    + " --tm-policy and --tm-scope as given to validate to write exactly those"));
        }
        // slurm/ files, or job scripts (jobs with Slurm, or jobs alone)
        boolean slurmFiles = slurm || targets.contains(ExportTarget.JOBS) && !k8s;
        files.add(new ExportFile(MANIFEST, ManifestWriter.write(doc.cluster().name(), files, bundle,
                slurmFiles ? options : null), bundle));
        return List.copyOf(files);
    }

    /**
     * The cluster the Slurm side is written from: the whole one, or with {@code --topology NAME} that named topology
     * alone ({@link Cluster#withTopologyAlone}); {@code null}, with an error on the bundle, when there is no such one.
     */
    private static Cluster slurmSide(Cluster cluster, ExportOptions options, List<Diagnostic> bundle) {
        if (options.slurmTopology() == null) {
            return cluster;
        }
        var alone = cluster.withTopologyAlone(options.slurmTopology());
        if (alone.isEmpty()) {
            bundle.add(Diagnostic.error(MANIFEST, 0, 0, "the cluster has no topology named " + options.slurmTopology()
                    + "; no Slurm file written from it"));
        }
        return alone.orElse(null);
    }

    /** A job name as a file name: characters other than letters, digits, dot, dash and underscore become {@code _}. */
    public static String fileName(String job) {
        String s = job.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
    }
}
