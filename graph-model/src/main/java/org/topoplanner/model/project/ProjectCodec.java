package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;

/**
 * Reads and writes project files ({@code topoplanner.project/1}): versioned JSON holding the
 * cluster, jobs, placements and view state. Reading either returns a complete document or throws
 * {@link ProjectFormatException} with located diagnostics; it never returns half a project.
 * Writing goes through {@link AtomicFiles}, so a crash mid-save leaves the old file intact.
 */
public final class ProjectCodec {
    public static final String SCHEMA = "topoplanner.project/1";
    private static final String SCHEMA_PREFIX = "topoplanner.project/";
    private static final int VERSION = 1;
    private final ObjectMapper mapper;

    public ProjectCodec() {
        this.mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(64).maxStringLength(1 << 20).build());
    }

    public String write(ProjectDocument doc) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.set("cluster", ClusterJson.write(doc.cluster()));
        ArrayNode jobs = root.putArray("jobs");
        for (Job j : doc.jobs()) {
            ArrayNode args = jobs.addObject().put("name", j.name()).putArray("sbatch");
            j.sbatch().forEach(args::add);
        }
        ArrayNode placements = root.putArray("placements");
        for (Placement p : doc.placements()) {
            ObjectNode po = placements.addObject().put("job", p.job());
            ArrayNode hosts = po.putArray("hosts");
            for (HostAllocation h : p.hosts()) {
                ObjectNode ho = hosts.addObject().put("host", h.host());
                ArrayNode gpus = ho.putArray("gpus");
                h.gpus().forEach(gpus::add);
                ho.put("cpus", h.cpus().toString());
                ObjectNode nics = ho.putObject("nics");
                h.nicByGpu().forEach((gpu, nic) -> nics.put(String.valueOf(gpu), nic));
            }
        }
        ViewState v = doc.view();
        ObjectNode vo = root.putObject("view");
        NodeTopologyJson.putNullable(vo, "selection", v.selection());
        vo.put("zoom", v.zoom()).put("centerX", v.centerX()).put("centerY", v.centerY())
                .put("policy", v.policy()).put("theme", v.theme());
        if (v.settings() != null) {
            vo.set("policySettings", PolicySettingsJson.write(v.settings()));
        }
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written", e);
        }
    }

    public void save(ProjectDocument doc, Path file) throws IOException {
        AtomicFiles.writeString(file, write(doc));
    }

    /** Reads a project file within the large input limit; a special or oversized file is a format error. */
    public ProjectDocument load(Path file) throws IOException, ProjectFormatException {
        try {
            return read(org.topoplanner.model.input.InputFile.readText(file,
                    org.topoplanner.model.input.InputLimits.LARGE, "a project"), file.toString());
        } catch (org.topoplanner.model.input.InputRefusal r) {
            throw new ProjectFormatException(List.of(r.toDiagnostic()));
        }
    }

    /** Whether a text looks like a project file of any version (for format detection). */
    public static boolean looksLikeProject(String text) {
        String head = text.length() > 4096 ? text.substring(0, 4096) : text;
        return head.stripLeading().startsWith("{") && head.contains("\"" + SCHEMA_PREFIX);
    }

    public ProjectDocument read(String text, String path) throws ProjectFormatException {
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            int line = loc == null ? 1 : Math.max(1, loc.getLineNr());
            int col = loc == null ? 1 : Math.max(1, loc.getColumnNr());
            throw new ProjectFormatException(List.of(Diagnostic.error(path, line, col,
                    "not a project file: " + e.getOriginalMessage())));
        }
        if (root == null || !root.isObject()) {
            throw new ProjectFormatException(List.of(Diagnostic.error(path, 1, 1,
                    "not a project file: expected a JSON object with \"schema\": \"" + SCHEMA + "\"")));
        }
        JsonLocations locations = JsonLocations.index(text);
        try {
            checkSchema(root, path, locations);
            return readDocument(new JsonFields(root, ""));
        } catch (JsonShapeException e) {
            int[] loc = locations.at(e.pointer());
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1], e.getMessage())));
        }
    }

    private void checkSchema(JsonNode root, String path, JsonLocations locations) throws ProjectFormatException {
        JsonNode schema = root.get("schema");
        int[] loc = locations.at("/schema");
        if (schema == null || !schema.isTextual() || !schema.asText().startsWith(SCHEMA_PREFIX)) {
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1],
                    "not a TopoPlanner project: \"schema\" must be \"" + SCHEMA + "\"")));
        }
        String version = schema.asText().substring(SCHEMA_PREFIX.length());
        int v;
        try {
            v = Integer.parseInt(version);
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (v > VERSION) {
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1],
                    "this project was saved by a newer TopoPlanner (format " + schema.asText()
                            + "); this version reads " + SCHEMA + ". Open it with a newer TopoPlanner.")));
        }
        if (v != VERSION) {
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1],
                    "unknown project format version \"" + schema.asText() + "\"")));
        }
    }

    private ProjectDocument readDocument(JsonFields root) {
        var cluster = ClusterJson.read(root.object("cluster"));
        List<Job> jobs = new ArrayList<>();
        Set<String> jobNames = new HashSet<>();
        for (JsonFields j : root.objects("jobs")) {
            Job job = NodeTopologyJson.guard(j, "name", () -> new Job(j.string("name"), j.strings("sbatch")));
            if (!jobNames.add(job.name())) {
                throw new JsonShapeException(j.pointer("name"), "job " + job.name() + " is listed twice");
            }
            jobs.add(job);
        }
        List<Placement> placements = new ArrayList<>();
        for (JsonFields p : root.objects("placements")) {
            String job = p.string("job");
            if (!jobNames.contains(job)) {
                throw new JsonShapeException(p.pointer("job"), "placement of job " + job + ", which the jobs list does not define");
            }
            List<HostAllocation> hosts = new ArrayList<>();
            for (JsonFields h : p.objects("hosts")) {
                String host = h.string("host");
                if (!cluster.hostNames().contains(host)) {
                    throw new JsonShapeException(h.pointer("host"), "job " + job + " is placed on " + host
                            + ", which the cluster does not have");
                }
                CpuSet cpus;
                try {
                    cpus = CpuSet.parse(h.has("cpus") ? h.string("cpus") : "");
                } catch (IllegalArgumentException e) {
                    throw new JsonShapeException(h.pointer("cpus"), "not a CPU list at " + h.pointer("cpus"));
                }
                Map<Integer, String> nics = new LinkedHashMap<>();
                for (var e : h.stringMap("nics").entrySet()) {
                    try {
                        nics.put(Integer.parseInt(e.getKey()), e.getValue());
                    } catch (NumberFormatException ex) {
                        throw new JsonShapeException(h.pointer("nics") + "/" + e.getKey(), "NIC keys are GPU indices");
                    }
                }
                hosts.add(new HostAllocation(host, h.integers("gpus"), cpus, nics));
            }
            placements.add(new Placement(job, hosts));
        }
        ViewState view = ViewState.DEFAULT;
        if (root.has("view")) {
            JsonFields v = root.object("view");
            view = NodeTopologyJson.guard(v, "zoom", () -> new ViewState(v.optString("selection"), v.number("zoom", 1.0),
                    v.number("centerX", 0), v.number("centerY", 0),
                    v.has("policy") ? v.string("policy") : "planner", v.has("theme") ? v.string("theme") : "light",
                    v.has("policySettings") ? PolicySettingsJson.read(v.object("policySettings")) : null));
        }
        return new ProjectDocument(cluster, jobs, placements, view);
    }
}
