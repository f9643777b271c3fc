package org.topoplanner.importers.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The CRD schemas shipped in {@code org/topoplanner/importers/k8s/crd/} (where each comes from:
 * src/main/resources/org/topoplanner/importers/k8s/crd/PROVENANCE.md) as
 * strict JSON-schema validators: OpenAPI 3.0 dialect with the {@code x-kubernetes-*} keywords known but
 * not evaluated, and every object schema that lists properties closed with
 * {@code additionalProperties: false}, so that an unknown field fails as {@code kubectl --validate=strict}
 * would fail it. CEL rules are not evaluated here; {@link KubernetesExportCheck} checks them in Java.
 */
final class CrdSchemas {
    /** A schema by CRD file and version; {@code subPath} walks into it (empty for the whole object). */
    enum Crd {
        HYPERNODE("topology.volcano.sh_hypernodes.yaml", "v1alpha1"),
        VOLCANO_JOB("batch.volcano.sh_jobs.yaml", "v1alpha1"),
        KUEUE_TOPOLOGY("kueue.x-k8s.io_topologies.yaml", "v1beta2"),
        RESOURCE_FLAVOR("kueue.x-k8s.io_resourceflavors.yaml", "v1beta2"),
        JOBSET("jobset.x-k8s.io_jobsets.yaml", "v1alpha2"),
        /** batch/v1 JobSpec: the JobSet CRD embeds it in full under {@code replicatedJobs[].template.spec}. */
        JOB_SPEC("jobset.x-k8s.io_jobsets.yaml", "v1alpha2", "properties", "spec", "properties", "replicatedJobs",
                "items", "properties", "template", "properties", "spec");

        final String file;
        final String version;
        final String[] subPath;

        Crd(String file, String version, String... subPath) {
            this.file = file;
            this.version = version;
            this.subPath = subPath;
        }
    }

    private static final String BASE = "/org/topoplanner/importers/k8s/crd/";
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Map<Crd, Schema> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, JsonNode> FILES = new ConcurrentHashMap<>();

    private CrdSchemas() {
    }

    /** The schema's findings for {@code doc}, each as {@code $.path: message}; empty when valid. */
    static List<String> validate(Crd crd, JsonNode doc) {
        List<Error> errors = CACHE.computeIfAbsent(crd, CrdSchemas::load).validate(doc);
        return errors.stream().map(CrdSchemas::describe).toList();
    }

    private static String describe(Error e) {
        String where = e.getInstanceLocation() == null ? "$" : e.getInstanceLocation().toString();
        String message = e.getMessage();
        return message.startsWith(where) ? message : where + ": " + message;
    }

    /** A shipped CRD file, read once (the JobSet CRD, 0.8 MB, serves both the JobSet and the Job schema). */
    private static JsonNode crdFile(String file) {
        try (InputStream in = CrdSchemas.class.getResourceAsStream(BASE + file)) {
            if (in == null) {
                throw new IllegalStateException("missing shipped CRD " + BASE + file);
            }
            return YAML.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema load(Crd crd) {
        JsonNode root = FILES.computeIfAbsent(crd.file, CrdSchemas::crdFile);
        JsonNode schema = null;
        for (JsonNode v : root.path("spec").path("versions")) {
            if (v.path("name").asText().equals(crd.version)) {
                schema = v.path("schema").path("openAPIV3Schema").deepCopy();
            }
        }
        if (schema == null) {
            throw new IllegalStateException(crd.file + " has no version " + crd.version);
        }
        for (String step : crd.subPath) {
            schema = schema.path(step);
        }
        if (schema.isMissingNode()) {
            throw new IllegalStateException(crd.file + " has no schema at " + String.join(".", crd.subPath));
        }
        close(schema);
        Dialect base = Dialects.getOpenApi30();
        Dialect k8s = Dialect.builder(base.getId(), base).keywords(Stream.of("x-kubernetes-validations",
                        "x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type",
                        "x-kubernetes-preserve-unknown-fields", "x-kubernetes-int-or-string",
                        "x-kubernetes-embedded-resource")
                .map(NonValidationKeyword::new).toList()).build();
        return SchemaRegistry.withDefaultDialect(k8s).getSchema(schema);
    }

    /** Strict mode: close every object schema with properties and no other say on unknown fields. */
    private static void close(JsonNode node) {
        if (node instanceof ObjectNode o && o.has("properties") && !o.has("additionalProperties")
                && !o.has("x-kubernetes-preserve-unknown-fields")) {
            o.put("additionalProperties", false);
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            close(it.next());
        }
    }
}
