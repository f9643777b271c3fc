package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.diag.Diagnostic;
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
    /** Reading needs only the parser: the window's start reads the example project (see {@link JsonTree}). */
    private static final JsonFactory PARSERS = JsonTree.projectFactory();

    /** The mapper that writes, made on the first write (thread-safe once configured). */
    private static final class Writer {
        static final ObjectMapper MAPPER = new ObjectMapper(JsonTree.projectFactory())
                .enable(SerializationFeature.INDENT_OUTPUT);
    }

    public String write(ProjectDocument doc) {
        ObjectMapper mapper = Writer.MAPPER;
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.set("cluster", ClusterJson.write(doc.cluster()));
        ArrayNode jobs = root.putArray("jobs");
        for (Job j : doc.jobs()) {
            ArrayNode args = jobs.addObject().put("name", j.name()).putArray("sbatch");
            j.sbatch().forEach(args::add);
        }
        ArrayNode placements = root.putArray("placements");
        doc.placements().forEach(p -> placements.add(PlacementJson.write(p)));
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
            root = JsonTree.parse(PARSERS, text);
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
            return readDocument(new JsonFields(root, ""), root.get("placements"), path, locations);
        } catch (JsonShapeException e) {
            int[] loc = locations.at(e.pointer());
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1], e.getMessage())));
        }
    }

    private void checkSchema(JsonNode root, String path, JsonLocations locations) throws ProjectFormatException {
        JsonNode schema = root.get("schema");
        if (schema == null || !schema.isTextual() || !schema.asText().startsWith(SCHEMA_PREFIX)) {
            int[] loc = locations.at("/schema");
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
        int[] loc = v == VERSION ? null : locations.at("/schema");
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

    private ProjectDocument readDocument(JsonFields root, JsonNode placementList, String path, JsonLocations locations)
            throws ProjectFormatException {
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
        // placements are read by the one placement codec, which reports every problem at its place
        PlacementJson.Result read = PlacementJson.readList(path, placementList, "/placements", locations);
        if (read.hasErrors()) {
            throw new ProjectFormatException(read.diagnostics());
        }
        List<Placement> placements = new ArrayList<>();
        for (PlacementJson.Entry e : read.entries()) {
            Placement p = e.placement();
            if (!jobNames.contains(p.job())) {
                throw new JsonShapeException(e.pointer() + "/job", "placement of job " + p.job()
                        + ", which the jobs list does not define");
            }
            for (int i = 0; i < p.hosts().size(); i++) {
                String host = p.hosts().get(i).host();
                if (!cluster.hostNames().contains(host)) {
                    throw new JsonShapeException(e.pointer() + "/hosts/" + i + "/host", "job " + p.job()
                            + " is placed on " + host + ", which the cluster does not have");
                }
            }
            placements.add(p);
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
