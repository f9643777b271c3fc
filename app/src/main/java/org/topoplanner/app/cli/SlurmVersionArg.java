package org.topoplanner.app.cli;

import org.topoplanner.model.slurm.SlurmVersion;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --slurm-version 22.05|24.11|26.05}, declared once for every command that takes a Slurm release: the
 * planning commands (whose Slurm policies behave like it) and the commands that write or check Slurm files
 * ({@code export}, {@code convert}, {@code inspect}: what that release accepts). One spelling, one default, one
 * usage error.
 */
public final class SlurmVersionArg {
    @Option(names = "--slurm-version", paramLabel = "V", defaultValue = "26.05",
            description = "Slurm release to behave like and to write and check Slurm files for: 26.05, 24.11 or 22.05"
                    + " (default ${DEFAULT-VALUE}).")
    String text;

    /** The release given on the command line; empty when the default stands. */
    java.util.Optional<SlurmVersion> given(CommandSpec spec) {
        boolean matched = spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption("--slurm-version");
        return matched ? java.util.Optional.of(version(spec)) : java.util.Optional.empty();
    }

    /** The release asked for; a usage error (exit 2) naming the three releases otherwise. */
    SlurmVersion version(CommandSpec spec) {
        return SlurmVersion.parse(text).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "--slurm-version must be " + String.join(", ", SlurmVersion.labels()) + ", not " + text));
    }
}
