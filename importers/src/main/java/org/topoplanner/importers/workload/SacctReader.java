package org.topoplanner.importers.workload;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Reads {@code sacct --parsable2} output (also {@code --parsable}, whose lines end in a {@code |}): a header
 * naming the fields, then one line per job and per step. Columns are found by the header, in any order;
 * {@code JobID}, {@code Submit}, {@code Start}, {@code End} and {@code NNodes} are needed, and GPUs come from
 * {@code AllocTRES} or {@code ReqTRES}. Steps ({@code 4211.batch}, {@code 4211.extern}, {@code 4211.0}) are
 * skipped: the job line holds the allocation. Jobs that never started or have not ended have no run time
 * and are left out with a note; so are jobs without GPUs, since a what-if replays GPU jobs.
 *
 * <p>Never throws on bad input: a line that cannot be read is reported with its line and column and left
 * out, and the rest of the file is kept.
 */
public final class SacctReader {
    static final List<String> NEEDED = List.of("JobID", "Submit", "Start", "End", "NNodes");

    /** What a read gave: the jobs that ran, in file order, and every problem and omission. */
    public record Result(List<SacctJob> jobs, List<Diagnostic> diagnostics) {
        public Result {
            jobs = List.copyOf(jobs);
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    private final String path;
    private final List<Diagnostic> diags = new ArrayList<>();
    private final Map<String, Integer> notRun = new HashMap<>();
    private int noGpu;
    private int firstNoGpuLine;

    private SacctReader(String path) {
        this.path = path;
    }

    public static Result read(String path, String text) {
        return new SacctReader(path).read(text);
    }

    private Result read(String text) {
        List<SacctJob> jobs = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        int headerLine = 0;
        while (headerLine < lines.length && lines[headerLine].isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.length) {
            diags.add(Diagnostic.error(path, 0, 0, "empty: sacct --parsable2 output starts with a header line"
                    + " (JobID|Submit|Start|End|NNodes|AllocTRES|...)"));
            return new Result(jobs, diags);
        }
        List<String> header = new ArrayList<>(fields(lines[headerLine]));
        if (header.size() > 1 && header.get(header.size() - 1).isEmpty()) {
            header.remove(header.size() - 1); // --parsable ends every line with '|'
        }
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            col.putIfAbsent(header.get(i).strip(), i);
        }
        List<String> missing = NEEDED.stream().filter(f -> !col.containsKey(f)).toList();
        if (!missing.isEmpty() || (!col.containsKey("AllocTRES") && !col.containsKey("ReqTRES"))) {
            List<String> all = new ArrayList<>(missing);
            if (!col.containsKey("AllocTRES") && !col.containsKey("ReqTRES")) {
                all.add("AllocTRES or ReqTRES");
            }
            diags.add(Diagnostic.error(path, headerLine + 1, 1, "the header lacks " + String.join(", ", all)
                    + ": not sacct --parsable2 output with --format=JobID,Submit,Start,End,NNodes,AllocTRES,..."));
            return new Result(jobs, diags);
        }
        for (int n = headerLine + 1; n < lines.length; n++) {
            if (lines[n].isBlank()) {
                continue;
            }
            line(n + 1, lines[n], header.size(), col).ifPresent(jobs::add);
        }
        notRun.forEach((state, count) -> diags.add(Diagnostic.info(path, 0, 0, count + " job(s) in state " + state
                + " left out: they have no recorded run time")));
        if (noGpu > 0) {
            diags.add(Diagnostic.info(path, firstNoGpuLine, 0, noGpu + " job(s) without GPUs left out (the first on"
                    + " this line): a what-if replays GPU jobs"));
        }
        return new Result(jobs, diags);
    }

    private Optional<SacctJob> line(int n, String line, int width, Map<String, Integer> col) {
        List<String> f = fields(line);
        if (f.size() == width + 1 && f.get(width).isEmpty()) {
            f = f.subList(0, width); // --parsable's closing '|'
        }
        if (f.size() != width) {
            diags.add(Diagnostic.error(path, n, 1, f.size() + " fields where the header has " + width
                    + " (a '|' inside a value, or a line cut short)"));
            return Optional.empty();
        }
        String id = f.get(col.get("JobID"));
        if (id.contains(".")) {
            return Optional.empty(); // a step: .batch, .extern, .0 ...
        }
        if (id.isEmpty() || !id.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '+'
                || c == '[' || c == ']' || c == '-')) {
            diags.add(Diagnostic.error(path, n, column(line, f, col.get("JobID")), "JobID '"
                    + Diagnostic.printable(id) + "' is not a Slurm job id"));
            return Optional.empty();
        }
        String state = col.containsKey("State") ? firstWord(f.get(col.get("State"))) : "";
        Optional<LocalDateTime> submit = date(n, line, f, col, "Submit");
        Optional<LocalDateTime> start = date(n, line, f, col, "Start");
        Optional<LocalDateTime> end = date(n, line, f, col, "End");
        if (submit == null || start == null || end == null) {
            return Optional.empty();
        }
        if (submit.isEmpty() || start.isEmpty() || end.isEmpty()) {
            notRun.merge(state.isEmpty() ? "(none)" : state, 1, Integer::sum);
            return Optional.empty();
        }
        if (end.get().isBefore(start.get()) || start.get().isBefore(submit.get())) {
            diags.add(Diagnostic.warning(path, n, column(line, f, col.get("Start")), "job " + id
                    + ": Submit, Start and End are out of order; left out"));
            return Optional.empty();
        }
        String nn = f.get(col.get("NNodes"));
        if (!nn.matches("[0-9]{1,6}") || Integer.parseInt(nn) < 1) {
            diags.add(Diagnostic.error(path, n, column(line, f, col.get("NNodes")), "job " + id + ": NNodes '"
                    + Diagnostic.printable(nn) + "' is not a node count"));
            return Optional.empty();
        }
        Optional<TresGpus> gpus = gpus(n, line, f, col, "AllocTRES");
        if (gpus == null) {
            return Optional.empty();
        }
        if (gpus.isEmpty() || gpus.get().count() == 0) {
            Optional<TresGpus> req = gpus(n, line, f, col, "ReqTRES");
            if (req == null) {
                return Optional.empty();
            }
            gpus = req.isPresent() ? req : gpus;
        }
        if (gpus.isEmpty() || gpus.get().count() == 0) {
            if (noGpu++ == 0) {
                firstNoGpuLine = n;
            }
            return Optional.empty();
        }
        long limit = 0;
        if (col.containsKey("Timelimit")) {
            String t = f.get(col.get("Timelimit"));
            OptionalLong l = SacctTime.limit(t);
            if (l.isEmpty()) {
                diags.add(Diagnostic.warning(path, n, column(line, f, col.get("Timelimit")), "job " + id
                        + ": Timelimit '" + Diagnostic.printable(t) + "' is not [days-]hours:minutes:seconds;"
                        + " taken as unknown"));
            } else {
                limit = l.getAsLong();
            }
        }
        String nodeList = col.containsKey("NodeList") ? f.get(col.get("NodeList")) : "";
        if (nodeList.equals("None assigned")) {
            nodeList = "";
        }
        String partition = col.containsKey("Partition") ? f.get(col.get("Partition")) : "";
        return Optional.of(new SacctJob(id, submit.get(), start.get(), end.get(), Integer.parseInt(nn),
                gpus.get().count(), gpus.get().type(), nodeList, partition, state, limit));
    }

    /** The value of field {@code name}; {@code null} (after a diagnostic) when unreadable. */
    private Optional<LocalDateTime> date(int n, String line, List<String> f, Map<String, Integer> col, String name) {
        String v = f.get(col.get(name));
        Optional<LocalDateTime> d = SacctTime.date(v);
        if (d == null) {
            diags.add(Diagnostic.error(path, n, column(line, f, col.get(name)), name + " '" + Diagnostic.printable(v)
                    + "' is not a sacct date (2025-03-04T09:15:02, Unknown or None)"));
        }
        return d;
    }

    private record TresGpus(int count, String type) {
    }

    /** The GPUs of a TRES list; empty when the column is absent or names none; {@code null} when unreadable. */
    private Optional<TresGpus> gpus(int n, String line, List<String> f, Map<String, Integer> col, String name) {
        Integer c = col.get(name);
        if (c == null || f.get(c).isEmpty()) {
            return Optional.empty();
        }
        Integer untyped = null;
        int typedSum = 0;
        String type = "";
        for (String item : f.get(c).split(",")) {
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            if (!key.equals("gres/gpu") && !key.startsWith("gres/gpu:")) {
                continue;
            }
            String v = eq < 0 ? "" : item.substring(eq + 1);
            if (!v.matches("[0-9]{1,6}")) {
                diags.add(Diagnostic.error(path, n, column(line, f, c) + f.get(c).indexOf(item), name + ": '"
                        + Diagnostic.printable(item) + "' is not gres/gpu[:type]=COUNT"));
                return null;
            }
            if (key.equals("gres/gpu")) {
                untyped = Integer.parseInt(v);
            } else {
                typedSum += Integer.parseInt(v);
                type = type.isEmpty() ? key.substring("gres/gpu:".length()) : type;
            }
        }
        int count = untyped != null ? untyped : typedSum;
        return count == 0 && untyped == null && type.isEmpty() ? Optional.empty() : Optional.of(new TresGpus(count, type));
    }

    private static String firstWord(String s) {
        int sp = s.indexOf(' ');
        return sp < 0 ? s : s.substring(0, sp);
    }

    /** The 1-based column where field {@code index} starts. */
    private static int column(String line, List<String> f, int index) {
        int c = 1;
        for (int i = 0; i < index; i++) {
            c += f.get(i).length() + 1;
        }
        return c;
    }

    /** The '|'-separated fields (sacct does not quote: a value never holds a '|'). */
    static List<String> fields(String line) {
        String l = line;
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= l.length(); i++) {
            if (i == l.length() || l.charAt(i) == '|') {
                out.add(l.substring(from, i));
                from = i + 1;
            }
        }
        return out;
    }
}
