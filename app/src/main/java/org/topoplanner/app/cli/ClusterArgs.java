package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.pipeline.ImportOutcome;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --cluster SRC...} (files, a Slurm folder or a project file) or {@code --example}. */
public final class ClusterArgs {
    @Option(names = "--cluster", arity = "1..*", paramLabel = "SRC",
            description = "Cluster sources: files, a Slurm configuration folder, or a project file.")
    List<Path> sources = new ArrayList<>();

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    /** Loads the cluster, printing diagnostics; {@code null} (after saying why) when it cannot be used. */
    ImportOutcome load(CommandSpec spec) {
        if (sources.isEmpty() && !source.example) {
            throw new ParameterException(spec.commandLine(), "give --cluster SRC... or --example");
        }
        ImportOutcome outcome = source.load(spec, sources);
        outcome.diagnostics().forEach(spec.commandLine().getErr()::println);
        if (outcome.cluster() == null || outcome.hasErrors()) {
            spec.commandLine().getErr().println("topoplanner: " + spec.name() + ": the cluster has errors");
            return null;
        }
        return outcome;
    }

    /** The size limits the command reads its other files with too ({@code --max-input-size}). */
    org.topoplanner.model.input.InputLimits limits() {
        return source.limits();
    }

    List<Path> sources() {
        return sources;
    }

    boolean example() {
        return source.example;
    }
}
