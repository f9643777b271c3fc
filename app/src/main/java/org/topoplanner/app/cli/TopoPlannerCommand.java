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
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the input is invalid or a placement is impossible or invalid",
                "2:usage error"})
public final class TopoPlannerCommand implements Runnable {
    public static final int OK = 0;
    public static final int INVALID = 1;
    public static final int USAGE = 2;

    /** The subcommands' names, in the order {@code --help} lists them. */
    static final List<String> SUBCOMMANDS = List.of("inspect", "convert", "place", "validate", "compare", "replay",
            "whatif", "export", "templates");

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
        CommandLine cl = commandLine(rest.isEmpty() ? "" : rest.get(0));
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

    /** Whether {@code name} is a subcommand's name (then {@code topoplanner NAME ...} runs it, not the window). */
    public static boolean isSubcommand(String name) {
        return SUBCOMMANDS.contains(name);
    }

    /**
     * The command line for arguments that begin with {@code first}: with that subcommand alone when
     * {@code first} names one, else with all of them (help, a mistyped name and its suggestions).
     * picocli reads the annotations of every subcommand it is given, loading their classes and what
     * their options name; a {@code convert} would pay for eight commands it never runs (issue 15).
     */
    static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new TopoPlannerCommand());
        if (isSubcommand(first)) {
            cl.addSubcommand(first, subcommand(first));
        } else {
            SUBCOMMANDS.forEach(name -> cl.addSubcommand(name, subcommand(name)));
        }
        return cl;
    }

    /** A new instance of the named subcommand; a switch, so that no other command's class is loaded. */
    private static Object subcommand(String name) {
        return switch (name) {
            case "inspect" -> new InspectCommand();
            case "convert" -> new ConvertCommand();
            case "place" -> new PlaceCommand();
            case "validate" -> new ValidateCommand();
            case "compare" -> new CompareCommand();
            case "replay" -> new ReplayCommand();
            case "whatif" -> new WhatIfCommand();
            case "export" -> new ExportCommand();
            case "templates" -> new TemplatesCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
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
