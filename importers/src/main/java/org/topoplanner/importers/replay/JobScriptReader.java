package org.topoplanner.importers.replay;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.replay.JobScript;

/**
 * Reads job scripts in both formats of the real-Slurm harness: the JSON list that {@code replay} takes
 * ({@code {"name","nodes","gpus_per_node",...,"sbatch":[...]}}, {@code {"cancel":[..]}}, ...) and the
 * {@code jobs.txt} lines ({@code job NAME OPTIONS...}, {@code cancel}, {@code reset}, {@code sleep},
 * {@code snapshot}, {@code show}, {@code note}). JSON job keys become sbatch options exactly as the
 * harness's {@code json_job_args} writes them. The sbatch options themselves are read when the job
 * is submitted (a bad option rejects that job, as {@code sbatch} would), not here.
 *
 * <p>Never throws on bad input: a step that cannot be read is left out and reported with its line
 * and column; the rest of the script is kept.
 */
public final class JobScriptReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> JOB_KEYS = Set.of("name", "nodes", "gpus_per_node", "gpus", "ntasks",
            "switches", "enforce_binding", "cpus_per_gpu", "cpus_per_task", "exclusive", "sbatch");

    /** What a script read gave: the steps that could be read, and every problem. */
    public record Result(JobScript script, List<Diagnostic> diagnostics) {
        public Result {
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    private JobScriptReader() {
    }

    /** Reads {@code text}: JSON when it starts with {@code [}, else {@code jobs.txt} lines. */
    public static Result read(String path, String text) {
        return text.strip().startsWith("[") ? readJson(path, text) : readText(path, text);
    }

    /** Reads {@code text} and fails with every error when there is any (warnings are dropped). */
    public static JobScript readStrict(String path, String text) throws JobScriptException {
        Result r = read(path, text);
        if (r.hasErrors()) {
            throw new JobScriptException(r.diagnostics().stream().filter(Diagnostic::isError).toList());
        }
        return r.script();
    }

    public static Result readJson(String path, String text) {
        Positions pos = new Positions(path, text);
        var where = org.topoplanner.model.project.JsonLocations.index(text);
        List<JobScript.Step> steps = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_ARRAY) {
                pos.error(p.currentTokenLocation(), "a JSON job script is a list of steps");
                return new Result(new JobScript(steps), pos.diagnostics);
            }
            int i = 0;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    pos.error(p.currentLocation(), "the list of steps is not closed with ]");
                    break;
                }
                JsonLocation at = p.currentTokenLocation();
                i++;
                JsonNode j = p.readValueAsTree();
                if (j == null || !j.isObject()) {
                    pos.error(at, "step " + i + " is not an object");
                    continue;
                }
                if (!schemaOk(j, i, pos, where)) {
                    continue;
                }
                JobScript.Step step = jsonStep(j, i, at, pos);
                if (step != null) {
                    steps.add(step);
                }
            }
            if (t == JsonToken.END_ARRAY && p.nextToken() != null) {
                pos.warning(p.currentTokenLocation(), "text after the list of steps is ignored");
            }
        } catch (JsonProcessingException e) {
            pos.error(e.getLocation(), "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            pos.error(null, "cannot read the job script: " + e.getMessage());
        }
        return new Result(new JobScript(steps), pos.diagnostics);
    }

    /** Job keys whose value is a count: a whole number, or a string in sbatch's own syntax ("2-4"). */
    private static final Set<String> COUNT_KEYS = Set.of("nodes", "gpus_per_node", "gpus", "ntasks", "switches",
            "cpus_per_gpu", "cpus_per_task");
    private static final Set<String> FLAG_KEYS = Set.of("enforce_binding", "exclusive");
    private static final Set<String> NAME_LIST_KEYS = Set.of("cancel", "show", "snapshot");

    /**
     * The schema of a step: every key known, every value of its type. Each problem is an error at
     * the value's own line and column; a step with one is left out.
     */
    private static boolean schemaOk(JsonNode j, int i, Positions pos, org.topoplanner.model.project.JsonLocations where) {
        String step = "/" + (i - 1);
        boolean control = NAME_LIST_KEYS.stream().anyMatch(j::has) || j.has("reset") || j.has("note") || j.has("sleep");
        boolean ok = true;
        for (Iterator<String> it = j.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            JsonNode v = j.get(key);
            int[] loc = where.at(step + "/" + key.replace("~", "~0").replace("/", "~1"));
            String problem = null;
            if (NAME_LIST_KEYS.contains(key)) {
                boolean names = v.isTextual() || (v.isArray() && java.util.stream.StreamSupport.stream(v.spliterator(), false)
                        .allMatch(JsonNode::isTextual));
                problem = names ? null : key + " takes a job name or a list of them, not " + v.getNodeType().name().toLowerCase(Locale.ROOT);
            } else if (key.equals("note")) {
                problem = v.isTextual() ? null : "note takes a string";
            } else if (key.equals("reset") || key.equals("sleep")) {
                problem = null; // reset takes anything; sleep is checked with its step
            } else if (control) {
                problem = "unknown key '" + key + "' in a " + controlName(j) + " step";
            } else if (!JOB_KEYS.contains(key)) {
                problem = "unknown key '" + key + "' (a job takes " + String.join(", ", JOB_KEYS.stream().sorted().toList()) + ")";
            } else if (key.equals("name")) {
                problem = v.isTextual() && !v.textValue().isBlank() ? null : "name takes a non-empty string";
            } else if (key.equals("sbatch")) {
                boolean words = v.isArray() && java.util.stream.StreamSupport.stream(v.spliterator(), false)
                        .allMatch(JsonNode::isTextual);
                problem = words || v.isTextual() ? null : "sbatch takes a list of option words [\"-N\", \"2\"]";
            } else if (FLAG_KEYS.contains(key)) {
                problem = v.isBoolean() ? null : key + " takes true or false, not " + v;
            } else if (COUNT_KEYS.contains(key)) {
                boolean count = (v.isIntegralNumber() && v.canConvertToInt() && v.intValue() >= 0)
                        || (v.isTextual() && !v.textValue().isBlank());
                problem = count ? null : key + " takes a whole number of at least 0 (or sbatch's text for it), not "
                        + abbreviate(v.toString());
            }
            if (problem != null) {
                pos.add(Diagnostic.error(pos.path, loc[0], loc[1], "step " + i + ": " + problem));
                ok = false;
            }
        }
        return ok;
    }

    private static String controlName(JsonNode j) {
        for (String k : List.of("cancel", "reset", "note", "show", "sleep", "snapshot")) {
            if (j.has(k)) {
                return k;
            }
        }
        return "control";
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    private static JobScript.Step jsonStep(JsonNode j, int i, JsonLocation at, Positions pos) {
        if (j.has("cancel")) {
            return new JobScript.Cancel(strings(j.get("cancel")));
        } else if (j.has("reset")) {
            return new JobScript.Reset();
        } else if (j.has("note")) {
            return new JobScript.Note(j.get("note").asText());
        } else if (j.has("show")) {
            return new JobScript.Show(strings(j.get("show")));
        } else if (j.has("sleep")) {
            if (!j.get("sleep").isNumber() || j.get("sleep").asDouble() < 0) {
                pos.error(at, "step " + i + ": sleep needs a number of seconds, not " + j.get("sleep"));
                return null;
            }
            return new JobScript.Sleep(j.get("sleep").asDouble());
        } else if (j.has("snapshot")) {
            return new JobScript.Snapshot(strings(j.get("snapshot")));
        }
        String name = j.hasNonNull("name") ? j.get("name").asText() : "job" + i;
        return new JobScript.Submit(name, jsonArgs(j));
    }

    /** The harness's {@code json_job_args}, key by key, in its order. */
    static List<String> jsonArgs(JsonNode j) {
        List<String> a = new ArrayList<>();
        if (j.has("nodes")) {
            a.add("--nodes=" + j.get("nodes").asText());
        }
        if (j.has("ntasks")) {
            a.add("--ntasks=" + j.get("ntasks").asText());
        }
        if (j.has("gpus_per_node")) {
            a.add("--gpus-per-node=" + j.get("gpus_per_node").asText());
        }
        if (j.has("gpus")) {
            a.add("--gpus=" + j.get("gpus").asText());
        }
        if (j.has("switches")) {
            a.add("--switches=" + j.get("switches").asText());
        }
        if (j.path("enforce_binding").asBoolean(false)) {
            a.add("--gres-flags=enforce-binding");
        }
        if (j.has("cpus_per_gpu")) {
            a.add("--cpus-per-gpu=" + j.get("cpus_per_gpu").asText());
        }
        if (j.has("cpus_per_task")) {
            a.add("--cpus-per-task=" + j.get("cpus_per_task").asText());
        }
        if (j.path("exclusive").asBoolean(false)) {
            a.add("--exclusive");
        }
        a.addAll(strings(j.get("sbatch")));
        return a;
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n == null || n.isNull()) {
            return out;
        }
        if (n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        } else if (!n.isBoolean()) {
            out.add(n.asText());
        }
        return out;
    }

    public static Result readText(String path, String text) {
        Positions pos = new Positions(path, text);
        List<JobScript.Step> steps = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String raw = lines[n];
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int lineNo = n + 1;
            int col = raw.indexOf(line.charAt(0)) + 1;
            List<String> toks = List.of(line.split("\\s+"));
            String cmd = toks.get(0).toLowerCase(Locale.ROOT);
            List<String> rest = toks.subList(1, toks.size());
            switch (cmd) {
                case "job" -> {
                    if (rest.isEmpty()) {
                        pos.add(Diagnostic.error(path, lineNo, col, "job needs a name"));
                    } else {
                        steps.add(new JobScript.Submit(rest.get(0), rest.subList(1, rest.size())));
                    }
                }
                case "cancel" -> steps.add(new JobScript.Cancel(rest));
                case "reset" -> steps.add(new JobScript.Reset());
                case "note" -> steps.add(new JobScript.Note(line.contains(" ") || line.contains("\t")
                        ? line.split("\\s+", 2)[1] : ""));
                case "show" -> steps.add(new JobScript.Show(rest));
                case "sleep" -> sleep(rest, raw, lineNo, col, steps, pos);
                case "snapshot" -> steps.add(new JobScript.Snapshot(rest));
                default -> pos.add(Diagnostic.error(path, lineNo, col, "unknown step '" + toks.get(0)
                        + "' (expected job, cancel, reset, sleep, snapshot, show or note)"));
            }
        }
        return new Result(new JobScript(steps), pos.diagnostics);
    }

    private static void sleep(List<String> rest, String raw, int lineNo, int col, List<JobScript.Step> steps,
                              Positions pos) {
        if (rest.isEmpty()) {
            pos.add(Diagnostic.error(pos.path, lineNo, col, "sleep needs a number of seconds"));
            return;
        }
        try {
            double s = Double.parseDouble(rest.get(0));
            if (!(s >= 0) || Double.isInfinite(s)) {
                throw new NumberFormatException();
            }
            steps.add(new JobScript.Sleep(s));
        } catch (NumberFormatException e) {
            int at = raw.indexOf(rest.get(0), col) + 1;
            pos.add(Diagnostic.error(pos.path, lineNo, at, "sleep needs a number of seconds, not '" + rest.get(0)
                    + "'"));
        }
    }

    /** Turns parser locations (character offsets) into 1-based lines and columns of the text. */
    private static final class Positions {
        final String path;
        final String text;
        final List<Diagnostic> diagnostics = new ArrayList<>();

        Positions(String path, String text) {
            this.path = path;
            this.text = text;
        }

        void add(Diagnostic d) {
            diagnostics.add(d);
        }

        void error(JsonLocation at, String message) {
            int[] lc = lineColumn(at);
            diagnostics.add(Diagnostic.error(path, lc[0], lc[1], message));
        }

        void warning(JsonLocation at, String message) {
            int[] lc = lineColumn(at);
            diagnostics.add(Diagnostic.warning(path, lc[0], lc[1], message));
        }

        /** Counted from the character offset, with lines split at {@code \n} only (as the text reader splits). */
        private int[] lineColumn(JsonLocation at) {
            long offset = at == null ? -1 : at.getCharOffset();
            if (offset < 0 || text.isEmpty()) {
                return new int[] {1, 1};
            }
            int end = (int) Math.min(offset, text.length() - 1);
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < end; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            int lineEnd = text.indexOf('\n', lineStart);
            int length = (lineEnd < 0 ? text.length() : lineEnd) - lineStart;
            int column = Math.max(1, Math.min(end - lineStart + 1, Math.max(1, length)));
            return new int[] {line, column};
        }
    }
}
