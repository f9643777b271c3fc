package org.topoplanner.app.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code topoplanner SUBCOMMAND [OPTIONS] [FILES]}. Output goes to stdout,
 * diagnostics to stderr; exit codes are 0 success, 1 invalid input or impossible placement, 2 usage.
 */
@Command(name = "topoplanner", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Plan GPU jobs on InfiniBand/RoCE fabrics: import what machines and schedulers report,",
                "place jobs, compare schedulers, export configs. Without arguments the window opens."},
        subcommands = {InspectCommand.class, ConvertCommand.class, PlaceCommand.class, ValidateCommand.class,
                CompareCommand.class, ReplayCommand.class, ExportCommand.class, TemplatesCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the input is invalid or a placement is impossible or invalid",
                "2:usage error"})
public final class TopoPlannerCommand implements Runnable {
    public static final int OK = 0;
    public static final int INVALID = 1;
    public static final int USAGE = 2;

    @picocli.CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        // picocli already exits 2 on usage errors and 1 when a command fails.
        CommandLine cl = new CommandLine(new TopoPlannerCommand());
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            // Bad input is reported by the commands themselves; anything reaching here is a defect,
            // still told in one line, never as a stack trace.
            commandLine.getErr().println("topoplanner: " + commandLine.getCommandName() + ": internal error: " + ex);
            if (System.getenv("TOPOPLANNER_DEBUG") != null) {
                ex.printStackTrace(commandLine.getErr());
            }
            return INVALID;
        });
        return cl.execute(args);
    }
}
