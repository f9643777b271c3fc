package org.topoplanner.allocator.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads job scripts in both formats of the real-Slurm harness: the JSON list of cli.md
 * ({@code {"name","nodes","gpus_per_node",...,"sbatch":[...]}}, {@code {"cancel":[..]}}, ...) and the
 * {@code jobs.txt} lines ({@code job NAME OPTIONS...}, {@code cancel}, {@code reset}, {@code sleep},
 * {@code snapshot}, {@code show}, {@code note}). JSON job keys become sbatch options exactly as the
 * harness's {@code json_job_args} writes them.
 */
public final class JobScriptReader {
    private JobScriptReader() {
    }

    /** Reads {@code text}: JSON when it starts with {@code [}, else {@code jobs.txt} lines. */
    public static JobScript read(String text) {
        String t = text.strip();
        return t.startsWith("[") ? readJson(t) : readText(text);
    }

    public static JobScript readJson(String json) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("job script is not valid JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("a JSON job script is a list of steps");
        }
        List<JobScript.Step> steps = new ArrayList<>();
        int i = 0;
        for (JsonNode j : root) {
            i++;
            if (j.has("cancel")) {
                steps.add(new JobScript.Cancel(strings(j.get("cancel"))));
            } else if (j.path("reset").asBoolean(false)) {
                steps.add(new JobScript.Reset());
            } else if (j.has("note")) {
                steps.add(new JobScript.Note(j.get("note").asText()));
            } else if (j.has("show")) {
                steps.add(new JobScript.Show(strings(j.get("show"))));
            } else if (j.has("sleep")) {
                steps.add(new JobScript.Sleep(j.get("sleep").asDouble()));
            } else if (j.has("snapshot")) {
                steps.add(new JobScript.Snapshot(strings(j.get("snapshot"))));
            } else {
                String name = j.hasNonNull("name") ? j.get("name").asText() : "job" + i;
                steps.add(new JobScript.Submit(name, jsonArgs(j)));
            }
        }
        return new JobScript(steps);
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

    public static JobScript readText(String text) {
        List<JobScript.Step> steps = new ArrayList<>();
        int lineNo = 0;
        for (String raw : text.split("\n", -1)) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> toks = List.of(line.split("\\s+"));
            String cmd = toks.get(0).toLowerCase(java.util.Locale.ROOT);
            List<String> rest = toks.subList(1, toks.size());
            switch (cmd) {
                case "job" -> {
                    if (rest.isEmpty()) {
                        throw new IllegalArgumentException("line " + lineNo + ": job needs a name");
                    }
                    steps.add(new JobScript.Submit(rest.get(0), rest.subList(1, rest.size())));
                }
                case "cancel" -> steps.add(new JobScript.Cancel(rest));
                case "reset" -> steps.add(new JobScript.Reset());
                case "note" -> steps.add(new JobScript.Note(line.contains(" ") ? line.split("\\s+", 2)[1] : ""));
                case "show" -> steps.add(new JobScript.Show(rest));
                case "sleep" -> steps.add(new JobScript.Sleep(Double.parseDouble(rest.get(0))));
                case "snapshot" -> steps.add(new JobScript.Snapshot(rest));
                default -> throw new IllegalArgumentException("line " + lineNo + ": unknown step '" + cmd + "'");
            }
        }
        return new JobScript(steps);
    }
}
