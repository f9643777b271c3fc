package org.topoplanner.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.export.ExportBundle;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportOptions;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code export --cluster SRC... --out DIR [--targets slurm,k8s,jobs] [--slurm-version V] [--force]}: every
 * export of the
 * cluster (and, from a project file, of its placed jobs), the Slurm files for release V, validated as written, plus MANIFEST.txt, swapped
 * into DIR as one unit ({@link ExportWriter}). An error writes nothing and exits 1; a warning, or a file in
 * DIR the previous export did not write as it is now (its diff goes to stderr), writes nothing unless
 * {@code --force}. The last line on stderr says what was and was not written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write every export, validated, plus a manifest: slurm/ (topology.conf, gres.conf, node lines,",
                "slurm.conf keys), k8s/ (node labels, HyperNodes, Kueue Topology, kubelet config) and, for the",
                "placed jobs of a project file, jobs/*.sbatch and k8s/jobs/*.yaml pinned to their placement."})
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    @Option(names = "--cluster", paramLabel = "SRC", arity = "1..*",
            description = "Files, a Slurm folder, or a project file (which brings its jobs and placements).")
    List<Path> cluster = new ArrayList<>();

    @Mixin
    PodShapeArgs shape = new PodShapeArgs();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write the bundle into.")
    Path out;

    @Option(names = "--targets", split = ",", paramLabel = "TARGET",
            description = "Any of slurm, k8s, jobs, dra (default: slurm,k8s,jobs; dra writes k8s/dra/<job>.yaml:"
                    + " ResourceClaimTemplates for the planned GPUs and NICs, and a ComputeDomain for multi-node NVLink jobs).")
    List<String> targets = new ArrayList<>();

    @Option(names = "--force", description = {"Write even when the validation warns (never when it finds errors),",
            "and overwrite files in DIR that were edited by hand or not written by a previous export."})
    boolean force;

    @Option(names = "--tm-policy", paramLabel = "P", converter = SettingWords.TopologyManagerPolicies.class,
            completionCandidates = SettingWords.TopologyManagerPolicies.class,
            description = {"The kubelet Topology Manager policy the jobs were"
            + " validated under (${COMPLETION-CANDIDATES}): the exported kubelet configuration",
            "uses exactly it. Without it, the configuration is TopoPlanner's recommendation per node, as the manifest says."})
    TopologyManagerPolicy tmPolicy;

    @Option(names = "--tm-scope", paramLabel = "S", converter = SettingWords.TopologyManagerScopes.class,
            completionCandidates = SettingWords.TopologyManagerScopes.class,
            description = "The Topology Manager scope the jobs were validated"
            + " under (${COMPLETION-CANDIDATES}); with --tm-policy (default then: container, as validate's).")
    TopologyManagerScope tmScope;

    @Mixin
    SlurmVersionArg slurmVersion = new SlurmVersionArg();

    @Mixin
    TopologyPickArg topology = new TopologyPickArg();

    @Option(names = "--topology-yaml", description = {"Also write slurm/topology.yaml (Slurm 25.05 and later read it"
            + " instead of topology.conf).", "It is written anyway when the cluster has several named topologies."})
    boolean topologyYaml;

    @Override
    public Integer call() {
        if (tmScope != null && tmPolicy == null) {
            throw new ParameterException(spec.commandLine(), "--tm-scope needs --tm-policy");
        }
        if (cluster.isEmpty() && !source.example) {
            throw new ParameterException(spec.commandLine(), "give --cluster SRC... or --example");
        }
        Set<ExportTarget> chosen = EnumSet.noneOf(ExportTarget.class);
        for (String t : targets) {
            chosen.add(ExportTarget.fromId(t).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "unknown target '" + t + "'; known: slurm, k8s, jobs, dra")));
        }
        if (chosen.isEmpty()) {
            chosen = ExportTarget.all();
        }
        List<String> shapeLine = shape.checkedLine(spec);
        var release = slurmVersion.version(spec);
        var err = spec.commandLine().getErr();
        ProjectDocument doc = load(err);
        if (doc == null) {
            err.println("topoplanner: export: the input has errors; nothing written");
            return TopoPlannerCommand.INVALID;
        }
        // --topology picks the Slurm side only (ExportOptions.slurmTopology): the Kubernetes files keep the whole cluster
        if (topology.apply(doc.cluster(), "export", err).isEmpty()) {
            return TopoPlannerCommand.INVALID;
        }
        if (!shapeLine.isEmpty()) {
            // the command line's pod shape is the shape of every job that gives none, validated and written as such
            List<Job> shaped = doc.jobs().stream().map(j -> new Job(j.name(), shape.onto(j.sbatch()))).toList();
            doc = new ProjectDocument(doc.cluster(), shaped, doc.placements(), doc.view());
        }
        ExportOptions options = tmPolicy == null ? ExportOptions.DEFAULT
                : ExportOptions.DEFAULT.withTopologyManager(tmPolicy, tmScope == null ? TopologyManagerScope.DEFAULT : tmScope);
        List<ExportFile> files = ExportBundle.build(doc, chosen, options.withTopologyYaml(topologyYaml)
                .withSlurmVersion(release).withSlurmTopology(topology.name));
        files.forEach(f -> f.validation().forEach(err::println));
        ExportWriter.Result result = ExportWriter.write(out, files, force);
        result.handEdits().forEach(h -> err.print(h.diff()));
        if (!result.written()) {
            result.blocking().stream().filter(d -> files.stream().noneMatch(f -> f.validation().contains(d)))
                    .forEach(err::println);
            err.println("topoplanner: export: " + result.summary());
            return TopoPlannerCommand.INVALID;
        }
        result.blocking().forEach(err::println);
        var o = spec.commandLine().getOut();
        files.forEach(f -> o.println(String.format("%-8s %s", f.status(), out.resolve(f.relativePath()))));
        o.flush();
        err.println("topoplanner: export: " + result.summary());
        return result.blocking().isEmpty() ? TopoPlannerCommand.OK : TopoPlannerCommand.INVALID;
    }

    /** The plan: a project file alone keeps its jobs and placements; anything else gives the cluster only. */
    private ProjectDocument load(java.io.PrintWriter err) {
        if (cluster.size() == 1 && !source.example && Files.isRegularFile(cluster.get(0))) {
            try {
                String text = org.topoplanner.model.input.InputFile.readText(cluster.get(0),
                        source.limits().limit(org.topoplanner.model.input.InputLimits.LARGE), "a project");
                if (ProjectCodec.looksLikeProject(text)) {
                    ProjectDocument doc = new ProjectCodec().read(text, cluster.get(0).toString());
                    HardwareResult given = source.giveHardware(doc.cluster());
                    given.diagnostics().forEach(err::println);
                    return given.hasErrors() ? null
                            : new ProjectDocument(given.cluster(), doc.jobs(), doc.placements(), doc.view());
                }
            } catch (org.topoplanner.model.input.InputRefusal r) {
                err.println(r.toDiagnostic());
                return null;
            } catch (ProjectFormatException e) {
                e.diagnostics().forEach(err::println);
                return null;
            }
        }
        ImportOutcome outcome = source.load(spec, cluster);
        outcome.diagnostics().forEach(err::println);
        if (outcome.cluster() == null || outcome.hasErrors()) {
            return null;
        }
        return ProjectDocument.of(outcome.cluster());
    }
}
