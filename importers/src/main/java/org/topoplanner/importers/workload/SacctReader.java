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
 *
 * <p>Reads a line at a time ({@link #streaming}): a history of any length costs the memory of one line here, and
 * {@link SacctHistory} replays a file without holding it.
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

    /** Problems past this many are counted, not kept: a broken file of millions of lines must not fill memory. */
    static final int KEPT_PROBLEMS = 1000;

    private final String path;
    private final LineSource in;
    private final List<Diagnostic> diags = new ArrayList<>();
    private final Map<String, Integer> notRun = new HashMap<>();
    private int noGpu;
    private int firstNoGpuLine;
    private int dropped;
    private int firstDroppedLine;
    private boolean droppedAnError;
    private int lineNo;
    private List<String> header;
    private Map<String, Integer> col;
    private boolean finished;

    private SacctReader(String path, LineSource in) {
        this.path = path;
        this.in = in;
    }

    /** Reads the whole of {@code text}. */
    public static Result read(String path, String text) {
        SacctReader r = new SacctReader(path, LineSource.of(new java.io.StringReader(text)));
        List<SacctJob> jobs = new ArrayList<>();
        try {
            for (SacctJob j = r.next(); j != null; j = r.next()) {
                jobs.add(j);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // a string reader does not fail
        }
        return new Result(jobs, r.diagnostics());
    }

    /**
     * A reader that takes the lines of {@code in} one at a time ({@link #next}), so that a history of any length
     * is read in the memory of one line: the what-if streams a site's accounting instead of holding it.
     */
    public static SacctReader streaming(String path, java.io.Reader in) {
        return new SacctReader(path, LineSource.of(in));
    }

    /**
     * The next job that ran, in file order, or {@code null} at the end of the file (or after a header that
     * lacks needed columns); problems on the way go to {@link #diagnostics}.
     */
    public SacctJob next() throws java.io.IOException {
        if (finished) {
            return null;
        }
        if (header == null && !readHeader()) {
            finished = true;
            return null;
        }
        for (String l = in.line(); l != null; l = in.line()) {
            lineNo++;
            if (l.isBlank()) {
                continue;
            }
            Optional<SacctJob> j = line(lineNo, l, header.size(), col);
            if (j.isPresent()) {
                return j.get();
            }
        }
        finished = true;
        notRun.forEach((state, count) -> diags.add(Diagnostic.info(path, 0, 0, count + " job(s) in state " + state
                + " left out: they have no recorded run time")));
        if (noGpu > 0) {
            diags.add(Diagnostic.info(path, firstNoGpuLine, 0, noGpu + " job(s) without GPUs left out (the first on"
                    + " this line): a what-if replays GPU jobs"));
        }
        return null;
    }

    /** Closes the text being read (a file, for {@link #streaming}). */
    public void close() throws java.io.IOException {
        in.close();
    }

    /** Every problem and omission so far (all of them once {@link #next} has returned {@code null}). */
    public List<Diagnostic> diagnostics() {
        List<Diagnostic> out = new ArrayList<>(diags);
        if (dropped > 0) {
            String m = dropped + " more problem(s) from this line on, not listed (the first " + KEPT_PROBLEMS + " are)";
            out.add(droppedAnError ? Diagnostic.error(path, firstDroppedLine, 0, m)
                    : Diagnostic.warning(path, firstDroppedLine, 0, m));
        }
        return out;
    }

    private boolean readHeader() throws java.io.IOException {
        String first = in.line();
        lineNo++;
        while (first != null && first.isBlank()) {
            first = in.line();
            lineNo++;
        }
        if (first == null) {
            diags.add(Diagnostic.error(path, 0, 0, "empty: sacct --parsable2 output starts with a header line"
                    + " (JobID|Submit|Start|End|NNodes|AllocTRES|...)"));
            return false;
        }
        List<String> h = new ArrayList<>(fields(first));
        if (h.size() > 1 && h.get(h.size() - 1).isEmpty()) {
            h.remove(h.size() - 1); // --parsable ends every line with '|'
        }
        Map<String, Integer> c = new HashMap<>();
        for (int i = 0; i < h.size(); i++) {
            c.putIfAbsent(h.get(i).strip(), i);
        }
        List<String> missing = NEEDED.stream().filter(f -> !c.containsKey(f)).toList();
        if (!missing.isEmpty() || (!c.containsKey("AllocTRES") && !c.containsKey("ReqTRES"))) {
            List<String> all = new ArrayList<>(missing);
            if (!c.containsKey("AllocTRES") && !c.containsKey("ReqTRES")) {
                all.add("AllocTRES or ReqTRES");
            }
            diags.add(Diagnostic.error(path, lineNo, 1, "the header lacks " + String.join(", ", all)
                    + ": not sacct --parsable2 output with --format=JobID,Submit,Start,End,NNodes,AllocTRES,..."));
            return false;
        }
        header = h;
        col = c;
        return true;
    }

    /** Keeps a line's problem, or counts it once {@value #KEPT_PROBLEMS} are kept. */
    private void problem(Diagnostic d) {
        if (diags.size() < KEPT_PROBLEMS) {
            diags.add(d);
        } else {
            if (dropped++ == 0) {
                firstDroppedLine = d.line();
            }
            droppedAnError |= d.isError();
        }
    }

    private Optional<SacctJob> line(int n, String line, int width, Map<String, Integer> col) {
        List<String> f = fields(line);
        if (f.size() == width + 1 && f.get(width).isEmpty()) {
            f = f.subList(0, width); // --parsable's closing '|'
        }
        if (f.size() != width) {
            problem(Diagnostic.error(path, n, 1, f.size() + " fields where the header has " + width
                    + " (a '|' inside a value, or a line cut short)"));
            return Optional.empty();
        }
        String id = f.get(col.get("JobID"));
        if (id.contains(".")) {
            return Optional.empty(); // a step: .batch, .extern, .0 ...
        }
        if (id.isEmpty() || !id.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '+'
                || c == '[' || c == ']' || c == '-')) {
            problem(Diagnostic.error(path, n, column(line, f, col.get("JobID")), "JobID '"
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
            problem(Diagnostic.warning(path, n, column(line, f, col.get("Start")), "job " + id
                    + ": Submit, Start and End are out of order; left out"));
            return Optional.empty();
        }
        String nn = f.get(col.get("NNodes"));
        if (!nn.matches("[0-9]{1,6}") || Integer.parseInt(nn) < 1) {
            problem(Diagnostic.error(path, n, column(line, f, col.get("NNodes")), "job " + id + ": NNodes '"
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
                problem(Diagnostic.warning(path, n, column(line, f, col.get("Timelimit")), "job " + id
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
            problem(Diagnostic.error(path, n, column(line, f, col.get(name)), name + " '" + Diagnostic.printable(v)
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
                problem(Diagnostic.error(path, n, column(line, f, c) + f.get(c).indexOf(item), name + ": '"
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
