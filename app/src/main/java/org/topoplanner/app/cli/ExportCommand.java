package org.topoplanner.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.importers.export.ExportBundle;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.model.diag.Diagnostic;
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
 * {@code export --cluster SRC... --out DIR [--targets slurm,k8s,jobs] [--force]}: every export of the
 * cluster (and, from a project file, of its placed jobs), validated as written, plus MANIFEST.txt. An
 * error writes nothing and exits 1; a warning writes nothing unless {@code --force}.
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

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write the bundle into.")
    Path out;

    @Option(names = "--targets", split = ",", paramLabel = "TARGET",
            description = "Any of slurm, k8s, jobs (default: all).")
    List<String> targets = new ArrayList<>();

    @Option(names = "--force", description = "Write even when the validation warns (never when it finds errors).")
    boolean force;

    @Override
    public Integer call() {
        if (cluster.isEmpty() && !source.example) {
            throw new ParameterException(spec.commandLine(), "give --cluster SRC... or --example");
        }
        Set<ExportTarget> chosen = EnumSet.noneOf(ExportTarget.class);
        for (String t : targets) {
            chosen.add(ExportTarget.fromId(t).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "unknown target '" + t + "'; known: slurm, k8s, jobs")));
        }
        if (chosen.isEmpty()) {
            chosen = ExportTarget.all();
        }
        var err = spec.commandLine().getErr();
        ProjectDocument doc = load(err);
        if (doc == null) {
            err.println("topoplanner: export: the input has errors; nothing written");
            return TopoPlannerCommand.INVALID;
        }
        List<ExportFile> files = ExportBundle.build(doc, chosen);
        files.forEach(f -> f.validation().forEach(err::println));
        ExportWriter.Result result = ExportWriter.write(out, files, force);
        if (!result.written()) {
            boolean errors = result.blocking().stream().anyMatch(Diagnostic::isError);
            if (errors) {
                result.blocking().stream().filter(d -> files.stream().noneMatch(f -> f.validation().contains(d)))
                        .forEach(err::println);
            }
            boolean invalid = files.stream().flatMap(f -> f.validation().stream()).anyMatch(Diagnostic::isError);
            if (errors && !invalid) {
                // nothing wrong with the files: the disk refused them, and the line above says why
                err.println("topoplanner: export: the files could not be written; nothing more was written");
                return TopoPlannerCommand.INVALID;
            }
            err.println("topoplanner: export: " + (errors ? "the export would be rejected by its consumers;"
                    + " nothing written" : "the export has warnings; nothing written (use --force to write anyway)"));
            return TopoPlannerCommand.INVALID;
        }
        var o = spec.commandLine().getOut();
        files.forEach(f -> o.println(String.format("%-8s %s", f.status(), out.resolve(f.relativePath()))));
        o.flush();
        return TopoPlannerCommand.OK;
    }

    /** The plan: a project file alone keeps its jobs and placements; anything else gives the cluster only. */
    private ProjectDocument load(java.io.PrintWriter err) {
        if (cluster.size() == 1 && !source.example && Files.isRegularFile(cluster.get(0))) {
            try {
                String text = org.topoplanner.model.input.InputFile.readText(cluster.get(0),
                        source.limits().limit(org.topoplanner.model.input.InputLimits.LARGE), "a project");
                if (ProjectCodec.looksLikeProject(text)) {
                    return new ProjectCodec().read(text, cluster.get(0).toString());
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
