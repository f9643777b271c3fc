package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.importers.slurm.SlurmKeysWriter;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.SbatchToPods;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;

/**
 * The per-job part of a bundle: for every placement, {@code jobs/<job>.sbatch} (with Slurm) and
 * {@code k8s/jobs/<job>.yaml} plus {@code k8s/jobs/<job>.volcano.yaml} (with Kubernetes). The leaves a
 * job's nodes sit under are read back from the topology.conf the bundle writes, so {@code --switches}
 * counts the switches Slurm will see (rail groups become one logical leaf there).
 */
final class JobFiles {
    private JobFiles() {
    }

    /** {@code slurmSide}: the cluster the bundle's Slurm files are written from, whose leaves {@code --switches} counts. */
    static List<ExportFile> build(ProjectDocument doc, Cluster slurmSide, boolean slurm, boolean k8s,
                                  ExportOptions options, List<Diagnostic> bundleProblems) {
        Cluster cluster = doc.cluster();
        Map<String, Job> jobs = new HashMap<>();
        doc.jobs().forEach(j -> jobs.putIfAbsent(j.name(), j));
        Map<String, String> leafOf = leaves(slurmSide);
        Map<String, Map<String, String>> labels = k8s ? PlacementDomain.labels(cluster) : Map.of();
        List<String> levels = k8s ? KueueTopologyWriter.levels(cluster) : List.of();
        KubernetesJobWriter kube = new KubernetesJobWriter(cluster, options);
        Set<String> used = new HashSet<>();
        List<ExportFile> out = new ArrayList<>();
        for (Placement p : doc.placements()) {
            String file = ExportBundle.fileName(p.job());
            List<Diagnostic> common = new ArrayList<>();
            if (!used.add(file)) {
                common.add(Diagnostic.error("", 0, 0, "two jobs are written to the same file name " + file));
            }
            if (p.hosts().isEmpty()) {
                bundleProblems.add(Diagnostic.error(ExportBundle.MANIFEST, 0, 0, "job " + p.job()
                        + " is placed on no node; nothing to pin"));
                continue;
            }
            for (HostAllocation h : p.hosts()) {
                if (!cluster.hostNames().contains(h.host())) {
                    common.add(Diagnostic.error("", 0, 0, "job " + p.job() + " is placed on " + h.host()
                            + ", which the cluster does not have"));
                }
            }
            Job job = jobs.get(p.job());
            JobRequest request = null;
            if (job == null) {
                common.add(Diagnostic.error("", 0, 0, "job " + p.job() + " is placed but the plan holds no request"
                        + " for it; an exported job would have to make its options up"));
            } else {
                try {
                    request = JobLine.parse(job.sbatch(), p.job());
                    PlanAgreement.problems(cluster, request, p, leafOf).forEach(m -> common.add(
                            Diagnostic.error("", 0, 0, "job " + p.job() + " " + m + "; the plan and the request disagree")));
                } catch (JobRequestException e) {
                    e.problems().forEach(m -> common.add(Diagnostic.error("", 0, 0, "job " + p.job()
                            + ": its request '" + String.join(" ", job.sbatch()) + "' does not parse: " + m)));
                }
            }
            if (slurm && request == null) {
                String path = "jobs/" + file + ".sbatch";
                out.add(new ExportFile(path, "", KubernetesFiles.at(path, common)));
            } else if (slurm) {
                String path = "jobs/" + file + ".sbatch";
                SbatchPin pin = SbatchPin.of(p, request, leafOf);
                String text = SbatchScriptWriter.write(cluster, job, p, pin);
                out.add(new ExportFile(path, text, KubernetesFiles.join(KubernetesFiles.at(path, common),
                        SbatchScriptCheck.check(path, text, cluster, p, pin))));
            }
            if (k8s) {
                PlacementDomain domain = PlacementDomain.of(cluster, p, labels);
                List<Diagnostic> k8sCommon = new ArrayList<>(common);
                if (domain.level() == null) {
                    k8sCommon.add(Diagnostic.warning("", 0, 0, "no switch holds every node of job " + p.job()
                            + "; the workloads pin the nodes but name no topology domain"));
                }
                if (p.hosts().stream().map(h -> h.gpus().size() + "/" + h.cpus().size()).distinct().count() > 1) {
                    k8sCommon.add(Diagnostic.warning("", 0, 0, "the nodes of job " + p.job() + " hold different GPU or"
                            + " CPU counts; one pod template asks for the first node's on every node"));
                }
                PodShape shape = podShape(request, cluster.node(p.hosts().get(0).host()));
                String path = "k8s/jobs/" + file + ".yaml";
                String text = kube.kueue(p, domain, shape);
                out.add(new ExportFile(path, text, KubernetesFiles.join(KubernetesFiles.at(path, k8sCommon),
                        KubernetesExportCheck.kueueJob(path, text, levels))));
                String vpath = "k8s/jobs/" + file + ".volcano.yaml";
                String vtext = kube.volcano(p, domain, shape);
                out.add(new ExportFile(vpath, vtext, KubernetesFiles.join(KubernetesFiles.at(vpath, k8sCommon),
                        KubernetesExportCheck.volcanoJob(vpath, vtext))));
            }
        }
        return out;
    }

    /**
     * The pod shape the workloads write, or null for the plain one (one pod per planned node of one container,
     * no memory asked), which the placement itself describes best: its planned CPUs and memory per GPU.
     */
    private static PodShape podShape(JobRequest request, org.topoplanner.model.node.NodeTopology first) {
        if (request == null) {
            return null;
        }
        PodShape shape = SbatchToPods.of(request, KubernetesJobWriter.allocatable(first));
        boolean plain = request.podShape() == null && !shape.wholeNode() && shape.onePerNode()
                && shape.containers().size() == 1 && shape.memMiBPerPod() == 0;
        return plain ? null : shape;
    }

    /** Host to the leaf it sits under in the written topology.conf (empty without a tree). */
    static Map<String, String> leaves(Cluster cluster) {
        if (SlurmKeysWriter.pluginFor(cluster.fabric()) != SlurmKeysWriter.Plugin.TREE) {
            return Map.of();
        }
        String text = new TopologyConfWriter().write(cluster);
        ImportResult r = new TopologyConfReader().read(new SourceText(SlurmFiles.TOPOLOGY, text));
        Fabric written = r.part().fabric();
        Map<String, String> out = new HashMap<>();
        written.hosts().forEach(h -> written.switchesOf(h.name()).stream().findFirst()
                .ifPresent(leaf -> out.put(h.name(), leaf)));
        return out;
    }
}
