package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.CpuSetSyntaxException;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.DiagnosticCap;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The one JSON form of placements, read and written: inside a project file ({@link ProjectCodec}'s
 * {@code "placements"}), in the files {@code validate --placement} and {@code place --state} take, and
 * in the command line's answers. {@code {"job": "a", "sbatch": ["-N", "2"], "hosts": [{"host": "node01",
 * "gpus": [0, 1], "cpus": "0-3", "countedCpus": 3, "nics": {"0": "NIC0"}}]}} ({@code sbatch} only where a
 * request goes with the placement; {@code countedCpus} only where the scheduler that placed the job said how many
 * CPUs it counts there, {@link HostAllocation#countedCpus}, so files written before it existed read as they did). Read like a schema: unknown keys, wrong types, GPU ids that are not whole
 * numbers in range, and a GPU listed twice are errors at the line and column of the value; nothing is
 * coerced ({@code "abc"} is not GPU 0, 4294967296 is not 0). Reading never throws on bad input.
 */
public final class PlacementJson {
    /** GPU ids above this are no GPU of any machine (a node of the model holds at most 64). */
    public static final int MAX_GPU_ID = 1023;
    private static final Set<String> PLACEMENT_KEYS = Set.of("job", "sbatch", "hosts");
    private static final Set<String> HOST_KEYS = Set.of("host", "gpus", "cpus", "countedCpus", "nics");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * The mapper of placement files and answers, made when first used: a project's placements arrive as a
     * parsed tree ({@link #readList}), and the window's start reads one (issue 15).
     */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper()
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /**
     * A placement as given, with its sbatch words when it had them (null otherwise), where they stand
     * (line, column), and the JSON pointer of the placement object.
     */
    public record Entry(Placement placement, List<String> sbatch, int[] sbatchAt, String pointer) {
    }

    /** What a read gave: the placements that could be read, and every problem. */
    public record Result(List<Entry> entries, List<Diagnostic> diagnostics) {
        public Result {
            entries = List.copyOf(entries);
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }

        public List<Placement> placements() {
            return entries.stream().map(Entry::placement).toList();
        }
    }

    private final String path;
    private final JsonLocations where;
    private final List<Diagnostic> problems = new ArrayList<>();
    private final Set<String> jobs = new HashSet<>();

    private PlacementJson(String path, JsonLocations where) {
        this.path = path;
        this.where = where;
    }

    /** Reads a placement file: one placement object or a non-empty list of them. */
    public static Result read(String path, String text) {
        JsonNode root;
        try {
            root = Mapper.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            int line = loc == null ? 1 : Math.max(1, loc.getLineNr());
            int col = loc == null ? 1 : Math.max(1, loc.getColumnNr());
            return new Result(List.of(), List.of(Diagnostic.error(path, line, col, "not valid JSON: "
                    + e.getOriginalMessage())));
        }
        return new PlacementJson(path, JsonLocations.index(text)).placements(root);
    }

    /**
     * Reads the list at {@code pointer} of an already parsed document (a project's {@code "placements"},
     * which may be empty), reporting at the places {@code where} indexed.
     */
    static Result readList(String path, JsonNode list, String pointer, JsonLocations where) {
        PlacementJson reader = new PlacementJson(path, where);
        List<Entry> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return new Result(out, List.of());
        }
        if (!list.isArray()) {
            reader.error(pointer, "placements are a list of {\"job\": ..., \"hosts\": [...]}, not " + kind(list));
        } else {
            for (int i = 0; i < list.size(); i++) {
                reader.placement(list.get(i), pointer + "/" + i, out);
            }
        }
        return new Result(out, DiagnosticCap.cap(reader.problems));
    }

    /** A placement as an object: {@code job} and {@code hosts}. */
    public static ObjectNode write(Placement p) {
        ObjectNode o = NODES.objectNode().put("job", p.job());
        o.set("hosts", hosts(p));
        return o;
    }

    /** The {@code hosts} list of a placement, for answers that put more beside it (a node list). */
    public static ArrayNode hosts(Placement p) {
        ArrayNode hosts = NODES.arrayNode();
        for (HostAllocation h : p.hosts()) {
            ObjectNode ho = hosts.addObject().put("host", h.host());
            ArrayNode gpus = ho.putArray("gpus");
            h.gpus().forEach(gpus::add);
            ho.put("cpus", h.cpus().toString());
            if (h.countedCpus() != null) {
                // the scheduler's own count (per-CPU memory is charged on it); left out where it said none
                ho.put("countedCpus", h.countedCpus().intValue());
            }
            ObjectNode nics = ho.putObject("nics");
            h.nicByGpu().forEach((gpu, nic) -> nics.put(String.valueOf(gpu), nic));
        }
        return hosts;
    }

    /** A placement file's text: the list, indented, with a final line break. */
    public static String text(List<Placement> placements) {
        ArrayNode list = NODES.arrayNode();
        placements.forEach(p -> list.add(write(p)));
        try {
            return Mapper.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(list) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written", e);
        }
    }

    private Result placements(JsonNode root) {
        List<Entry> out = new ArrayList<>();
        if (root == null || root.isMissingNode()) {
            error("", "empty: expected a placement object or a list of them");
        } else if (root.isArray()) {
            if (root.isEmpty()) {
                error("", "the list holds no placement");
            }
            for (int i = 0; i < root.size(); i++) {
                placement(root.get(i), "/" + i, out);
            }
        } else if (root.isObject()) {
            placement(root, "", out);
        } else {
            error("", "expected a placement object or a list of them, not " + kind(root));
        }
        return new Result(out, DiagnosticCap.cap(problems));
    }

    private void placement(JsonNode n, String at, List<Entry> out) {
        if (!n.isObject()) {
            error(at, "a placement is an object {\"job\": ..., \"hosts\": [...]}, not " + kind(n));
            return;
        }
        unknownKeys(n, at, PLACEMENT_KEYS);
        String job = "job" + (out.size() + 1);
        if (n.has("job")) {
            job = text(n.get("job"), at + "/job", "job name");
        }
        List<String> sbatch = null;
        if (n.has("sbatch")) {
            sbatch = new ArrayList<>();
            JsonNode s = n.get("sbatch");
            if (!s.isArray()) {
                error(at + "/sbatch", "sbatch is a list of option words [\"-N\", \"2\"], not " + kind(s));
            } else {
                for (int i = 0; i < s.size(); i++) {
                    sbatch.add(text(s.get(i), at + "/sbatch/" + i, "sbatch word"));
                }
            }
        }
        List<HostAllocation> hosts = new ArrayList<>();
        JsonNode hs = n.get("hosts");
        if (hs == null) {
            error(at, "placement of " + job + " has no \"hosts\"");
        } else if (!hs.isArray()) {
            error(at + "/hosts", "hosts is a list of {\"host\": ..., \"gpus\": [...]}, not " + kind(hs));
        } else if (hs.isEmpty()) {
            error(at + "/hosts", "placement of " + job + " lists no hosts");
        } else {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < hs.size(); i++) {
                HostAllocation h = host(hs.get(i), at + "/hosts/" + i);
                if (h != null && !seen.add(h.host())) {
                    error(at + "/hosts/" + i + "/host", "host " + h.host() + " is listed twice in " + job);
                } else if (h != null) {
                    hosts.add(h);
                }
            }
        }
        if (job != null && !jobs.add(job)) {
            error(at + "/job", "job " + job + " is given twice; each placement needs its own job name");
            return;
        }
        if (!hosts.isEmpty() && job != null) {
            out.add(new Entry(new Placement(job, hosts), sbatch, where.at(at + "/sbatch"), at));
        }
    }

    private HostAllocation host(JsonNode h, String at) {
        if (!h.isObject()) {
            error(at, "a host entry is an object {\"host\": ..., \"gpus\": [...]}, not " + kind(h));
            return null;
        }
        unknownKeys(h, at, HOST_KEYS);
        int before = problems.size();
        String name = h.has("host") ? text(h.get("host"), at + "/host", "host name") : null;
        if (!h.has("host")) {
            error(at, "a host entry needs \"host\"");
        } else if (name != null && name.isBlank()) {
            error(at + "/host", "the host name is empty");
        }
        List<Integer> gpus = new ArrayList<>();
        JsonNode g = h.get("gpus");
        if (g != null && !g.isArray()) {
            error(at + "/gpus", "gpus is a list of GPU ids [0, 1], not " + kind(g));
        } else if (g != null) {
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < g.size(); i++) {
                Integer id = gpuId(g.get(i), at + "/gpus/" + i);
                if (id != null && !seen.add(id)) {
                    error(at + "/gpus/" + i, "GPU " + id + " is listed twice");
                } else if (id != null) {
                    gpus.add(id);
                }
            }
        }
        CpuSet cpus = CpuSet.empty();
        if (h.has("cpus")) {
            String c = text(h.get("cpus"), at + "/cpus", "CPU list");
            if (c != null) {
                try {
                    cpus = CpuSet.parse(c);
                } catch (CpuSetSyntaxException e) {
                    int[] loc = where.at(at + "/cpus");
                    // the value starts with its quote, the problem's 0-based column counts from the next character
                    problems.add(Diagnostic.error(path, loc[0], loc[1] + 1 + e.column(),
                            "bad CPU list '" + c + "': " + e.reason()));
                }
            }
        }
        Integer counted = h.has("countedCpus") ? cpuCount(h.get("countedCpus"), at + "/countedCpus") : null;
        Map<Integer, String> nics = new LinkedHashMap<>();
        JsonNode ns = h.get("nics");
        if (ns != null && !ns.isObject()) {
            error(at + "/nics", "nics maps GPU ids to NIC names {\"0\": \"NIC0\"}, not " + kind(ns));
        } else if (ns != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = ns.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = at + "/nics/" + e.getKey().replace("~", "~0").replace("/", "~1");
                Integer gpu = wholeNumber(e.getKey());
                String nic = text(e.getValue(), p, "NIC name");
                if (gpu == null || gpu > MAX_GPU_ID) {
                    error(p, "nics key '" + e.getKey() + "' is not a GPU id (0 to " + MAX_GPU_ID + ")");
                } else if (!gpus.contains(gpu)) {
                    error(p, "NIC for GPU " + gpu + ", which this host entry does not list");
                } else if (nic != null) {
                    nics.put(gpu, nic);
                }
            }
        }
        if (problems.size() > before || name == null || name.isBlank()) {
            return null;
        }
        return new HostAllocation(name, gpus, cpus, nics, counted);
    }

    /** A scheduler's CPU count on a host: a whole number, 0 or more, that fits an int (nothing coerced). */
    private Integer cpuCount(JsonNode n, String at) {
        if (!n.isIntegralNumber()) {
            error(at, "countedCpus is a whole number of CPUs, not " + kind(n));
            return null;
        }
        if (!n.canConvertToInt() || n.intValue() < 0) {
            error(at, "countedCpus " + n.asText() + " is out of range (0 to " + Integer.MAX_VALUE + ")");
            return null;
        }
        return n.intValue();
    }

    private Integer gpuId(JsonNode n, String at) {
        if (!n.isIntegralNumber()) {
            error(at, "a GPU id is a whole number, not " + kind(n));
            return null;
        }
        if (!n.canConvertToInt() || n.intValue() < 0 || n.intValue() > MAX_GPU_ID) {
            error(at, "GPU id " + n.asText() + " is out of range (0 to " + MAX_GPU_ID + ")");
            return null;
        }
        return n.intValue();
    }

    private static Integer wholeNumber(String s) {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return Integer.parseInt(s);
    }

    private String text(JsonNode n, String at, String what) {
        if (!n.isTextual()) {
            error(at, "the " + what + " is a string, not " + kind(n));
            return null;
        }
        return n.textValue();
    }

    private void unknownKeys(JsonNode n, String at, Set<String> known) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                error(at + "/" + key.replace("~", "~0").replace("/", "~1"), "unknown key '" + key
                        + "' (expected " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    private static String kind(JsonNode n) {
        if (n.isTextual()) {
            String t = n.textValue();
            return "the string \"" + (t.length() > 40 ? t.substring(0, 37) + "..." : t) + "\"";
        }
        if (n.isNumber()) {
            return "the number " + (n.asText().length() > 40 ? n.asText().substring(0, 37) + "..." : n.asText());
        }
        if (n.isBoolean()) {
            return n.asText();
        }
        if (n.isNull()) {
            return "null";
        }
        return n.isArray() ? "a list" : "an object";
    }

    private void error(String pointer, String message) {
        int[] loc = where.at(pointer);
        problems.add(Diagnostic.error(path, loc[0], loc[1], message));
    }
}
