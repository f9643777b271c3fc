package org.topoplanner.app.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.pipeline.WriterRegistry;
import org.topoplanner.importers.export.ExportVerdict;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.project.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code convert --to FORMAT FILE... [-o OUT] [--slurm-version V]}: import, then write one export format. The
 * export is checked first, by the same rules and with the same verdict as that file of an {@code export} bundle
 * for the same Slurm release
 * ({@link ExportVerdict}): an error writes nothing; a warning writes nothing unless {@code --force}.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Import and merge the files, then write one export format to stdout or -o OUT.",
                "On an ibnetdiscover dump, --to slurm-topology replaces slurmibtopology."})
public final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "Export format: ${COMPLETION-CANDIDATES}.",
            completionCandidates = Targets.class)
    String target;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write here (atomically) instead of stdout.")
    Path output;

    @Option(names = "--force", description = "Write even when the export check warns.")
    boolean force;

    @Mixin
    SlurmVersionArg slurmVersion = new SlurmVersionArg();

    @Mixin
    TopologyPickArg topology = new TopologyPickArg();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Input files or folders.")
    List<Path> files = new ArrayList<>();

    /** The export names, for help and completion. */
    static final class Targets implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return WriterRegistry.standard().targets().iterator();
        }
    }

    @Override
    public Integer call() {
        FormatWriter writer = WriterRegistry.standard().writer(target).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "unknown format '" + target + "'; known: "
                        + String.join(", ", WriterRegistry.standard().targets())));
        if (files.isEmpty() && !source.example) {
            throw new ParameterException(spec.commandLine(), "give FILE... or --example");
        }
        var release = slurmVersion.version(spec);
        var err = spec.commandLine().getErr();
        ImportOutcome outcome = source.load(spec, files);
        outcome.diagnostics().forEach(err::println);
        if (outcome.cluster() == null || outcome.hasErrors()) {
            err.println("topoplanner: convert: the input has errors; nothing written");
            return TopoPlannerCommand.INVALID;
        }
        Optional<Cluster> picked = topology.apply(outcome.cluster(), "convert", err);
        if (picked.isEmpty()) {
            return TopoPlannerCommand.INVALID;
        }
        Cluster cluster = picked.get();
        // The verdict export gives the same file, so that the two commands never disagree.
        Optional<ExportVerdict.Checked> verdict = ExportVerdict.checked(cluster, writer.target(),
                output == null ? "<stdout>" : output.toString(), release);
        List<Diagnostic> checks = verdict.map(ExportVerdict.Checked::findings).orElseGet(() -> writer.check(cluster));
        checks.forEach(err::println);
        boolean errors = checks.stream().anyMatch(Diagnostic::isError);
        boolean warnings = checks.stream().anyMatch(d -> d.severity() == Severity.WARNING);
        if (errors || (warnings && !force)) {
            err.println("topoplanner: convert: the " + target + " export " + (errors
                    ? "would be rejected by its consumer; nothing written"
                    : "has warnings; nothing written (use --force to write anyway)"));
            return TopoPlannerCommand.INVALID;
        }
        // The text the verdict was given is the file: written once, and what was checked is what is written.
        String text = verdict.flatMap(ExportVerdict.Checked::text).orElseGet(() -> writer.write(cluster));
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            try {
                AtomicFiles.writeString(output, text);
            } catch (IOException e) {
                err.println("topoplanner: convert: cannot write " + output + ": " + e.getMessage());
                return TopoPlannerCommand.INVALID;
            }
        }
        return TopoPlannerCommand.OK;
    }
}
