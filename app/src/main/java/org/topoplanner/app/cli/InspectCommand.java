package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.inspect.InspectJsonWriter;
import org.topoplanner.importers.inspect.SlurmReleaseFit;
import org.topoplanner.model.diag.Diagnostic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code inspect FILE... [--slurm-version V]}: import and merge, then print what was understood; with a Slurm
 * release, also what that release refuses of the Slurm files ({@link SlurmReleaseFit}).
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Import and merge the files (format detected from content) and print what was understood.",
                "--json prints the normalized model (topoplanner.inspect/1).",
                "--slurm-version V also checks the Slurm files as release V reads them (errors where it refuses them)."})
public final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    @Option(names = "--json", description = "Print the normalized model as JSON.")
    boolean json;

    @Mixin
    SlurmVersionArg slurmVersion = new SlurmVersionArg();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Input files or folders.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        if (files.isEmpty() && !source.example) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give FILE... or --example");
        }
        var release = slurmVersion.given(spec);
        ImportOutcome read = source.load(spec, files);
        // with --slurm-version, that release's verdict on the Slurm files joins the readers' own findings
        List<Diagnostic> all = new ArrayList<>(read.diagnostics());
        release.ifPresent(v -> all.addAll(SlurmReleaseFit.check(read.cluster(), read.sources(), v)));
        ImportOutcome outcome = new ImportOutcome(read.cluster(), read.sources(), all, read.conflicts());
        var err = spec.commandLine().getErr();
        for (Diagnostic d : outcome.diagnostics()) {
            err.println(d);
        }
        if (outcome.cluster() == null) {
            err.println("topoplanner: inspect: nothing could be read");
            return TopoPlannerCommand.INVALID;
        }
        var out = spec.commandLine().getOut();
        if (json) {
            out.print(new InspectJsonWriter().write(outcome.cluster(), outcome.sources(), outcome.diagnostics()));
        } else {
            out.print(new InspectSummary(outcome).text());
        }
        out.flush();
        return outcome.hasErrors() ? TopoPlannerCommand.INVALID : TopoPlannerCommand.OK;
    }
}
