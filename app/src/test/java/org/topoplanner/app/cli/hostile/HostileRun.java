package org.topoplanner.app.cli.hostile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.app.cli.TopoPlannerCommand;

/**
 * One command line run in-process on a hostile input, and what is wrong with how it answered: an
 * exit code other than 0, 1 or 2, a stack trace or an internal error, a diagnostic without a file or
 * a real line and column, raw control bytes on stderr.
 */
public record HostileRun(List<String> args, int code, String out, String err, long millis) {
    /** {@code path:line:column: severity: message}, path not empty. */
    private static final Pattern DIAGNOSTIC = Pattern.compile("^(.+?):(\\d+):(\\d+): (error|warning|info): .+");
    private static final Pattern SEVERITY = Pattern.compile(": (error|warning|info): ");

    /** Every subcommand, each taking the hostile file where a user would give one. */
    public static List<List<String>> commandsFor(Path file, Path scratch) {
        String f = file.toString();
        return List.of(
                List.of("inspect", f),
                List.of("inspect", "--json", f),
                List.of("convert", "--to", "slurm-topology", f),
                List.of("place", "--cluster", f, "--policy", "planner", "--", "-N", "1", "--gpus-per-node=1"),
                List.of("compare", "--cluster", f, "--", "-N", "1", "--gpus-per-node=2"),
                List.of("validate", "--example", "--placement", f, "--policy", "k8s-default"),
                List.of("replay", "--example", "--policy", "slurm-tree", f),
                List.of("place", "--example", "--policy", "slurm-tree", "--state", f, "--", "-N", "1"),
                List.of("export", "--cluster", f, "--out", scratch.resolve("export").toString(), "--targets", "slurm"));
    }

    public static HostileRun of(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int code = TopoPlannerCommand.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new HostileRun(args, code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** What is wrong with this answer; empty when nothing is. */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        if (code < 0 || code > 2) {
            p.add("exit code " + code);
        }
        if (err.contains("\tat ") || err.contains("Exception in thread") || out.contains("\tat org.topoplanner")) {
            p.add("a stack trace");
        }
        if (err.contains("internal error") || err.contains("ran out of memory")) {
            p.add("an internal error: " + firstLine(err, "internal error"));
        }
        for (int i = 0; i < err.length(); i++) {
            char c = err.charAt(i);
            if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || (c >= 0x7f && c <= 0x9f)) {
                p.add("raw control character U+" + String.format("%04X", (int) c) + " on stderr");
                break;
            }
        }
        for (String line : err.split("\n")) {
            if (!SEVERITY.matcher(line).find() || line.startsWith("topoplanner: ")) {
                continue;
            }
            Matcher m = DIAGNOSTIC.matcher(line);
            if (!m.matches()) {
                p.add("a diagnostic without file:line:column: " + line);
            } else if (m.group(4).equals("error") && Integer.parseInt(m.group(2)) == 0) {
                p.add("an error without a line: " + line);
            }
        }
        return p;
    }

    private static String firstLine(String text, String containing) {
        return text.lines().filter(l -> l.contains(containing)).findFirst().orElse("");
    }

    @Override
    public String toString() {
        return String.join(" ", args) + " -> exit " + code + " in " + millis + " ms\n" + err.lines().limit(8)
                .map(l -> "  " + l).reduce("", (a, b) -> a + b + "\n");
    }
}
