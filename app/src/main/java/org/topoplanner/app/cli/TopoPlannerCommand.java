package org.topoplanner.app.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code topoplanner SUBCOMMAND [OPTIONS] [FILES]}. Output goes to stdout,
 * diagnostics to stderr; exit codes are 0 success, 1 invalid input or impossible placement, 2 usage.
 */
@Command(name = "topoplanner", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Plan GPU jobs on InfiniBand/RoCE fabrics: import what machines and schedulers report,",
                "place jobs, compare schedulers, export configs. Without arguments the window opens.",
                "--debug (with any subcommand, before --) adds the Java stack trace to an internal error."},
        subcommands = {InspectCommand.class, ConvertCommand.class, PlaceCommand.class, ValidateCommand.class,
                CompareCommand.class, ReplayCommand.class, WhatIfCommand.class, ExportCommand.class, TemplatesCommand.class},
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

    /**
     * Runs the command line with the given streams and returns the exit code. {@code --debug}
     * anywhere before {@code --} (or {@code TOPOPLANNER_DEBUG} set) adds the Java stack trace to an
     * internal error; without it no trace is ever printed.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>();
        boolean debug = System.getenv("TOPOPLANNER_DEBUG") != null;
        boolean afterDashes = false;
        for (String a : args) {
            afterDashes |= a.equals("--");
            if (!afterDashes && a.equals("--debug")) {
                debug = true;
            } else {
                rest.add(a);
            }
        }
        PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
        boolean traces = debug;
        // picocli already exits 2 on usage errors and 1 when a command fails.
        CommandLine cl = new CommandLine(new TopoPlannerCommand());
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(errWriter);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            // Bad input is reported by the commands themselves; anything reaching here is a defect,
            // still told in one line, never as a stack trace unless asked for.
            internalError(commandLine.getErr(), commandLine.getCommandName(), rest, ex, traces);
            return INVALID;
        });
        try {
            return cl.execute(rest.toArray(String[]::new));
        } catch (Throwable t) {
            // Errors (out of memory, stack overflow) pass picocli's handler; they end here in one line too.
            internalError(errWriter, "topoplanner", rest, t, traces);
            return INVALID;
        }
    }

    private static void internalError(PrintWriter err, String command, List<String> args, Throwable ex, boolean trace) {
        List<String> inputs = args.stream().filter(a -> !a.startsWith("-") && isFile(a)).toList();
        String what = ex instanceof OutOfMemoryError ? "ran out of memory" : "internal error";
        err.println("topoplanner: " + command + ": " + what + (inputs.isEmpty() ? "" : " reading " + String.join(", ",
                inputs)) + ": " + org.topoplanner.model.diag.Diagnostic.printable(String.valueOf(ex).lines().findFirst()
                .orElse("")) + "; please report it with the input" + (trace ? "" : " (--debug adds the Java stack trace)"));
        if (trace) {
            ex.printStackTrace(err);
        }
        err.flush();
    }

    private static boolean isFile(String a) {
        try {
            return java.nio.file.Files.exists(java.nio.file.Path.of(a));
        } catch (RuntimeException e) {
            return false;
        }
    }
}
