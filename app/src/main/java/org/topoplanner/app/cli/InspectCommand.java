package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.inspect.InspectJsonWriter;
import org.topoplanner.model.diag.Diagnostic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code inspect FILE...}: import and merge, then print what was understood. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Import and merge the files (format detected from content) and print what was understood.",
                "--json prints the normalized model (topoplanner.inspect/1)."})
public final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    @Option(names = "--json", description = "Print the normalized model as JSON.")
    boolean json;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Input files or folders.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        if (files.isEmpty() && !source.example) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give FILE... or --example");
        }
        ImportOutcome outcome = source.load(spec, files);
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
