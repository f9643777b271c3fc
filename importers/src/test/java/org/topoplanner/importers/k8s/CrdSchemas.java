package org.topoplanner.importers.k8s;

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
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CRD schemas of the test resources as JSON-schema validators (networknt, OpenAPI 3.0 dialect
 * with Kubernetes' {@code x-kubernetes-*} keywords ignored), optionally "strict": every object schema
 * with properties closed by {@code additionalProperties: false}, which is what
 * {@code kubectl --validate=strict} does about unknown fields.
 */
final class CrdSchemas {
    private static final YAMLMapper YAML = new YAMLMapper();

    private CrdSchemas() {
    }

    static Schema schema(String crdFile, String version, boolean strict) {
        try {
            JsonNode crd = YAML.readTree(Samples.resource("/schemas/k8s/" + crdFile));
            JsonNode schema = null;
            for (JsonNode v : crd.path("spec").path("versions")) {
                if (v.path("name").asText().equals(version)) {
                    schema = v.path("schema").path("openAPIV3Schema").deepCopy();
                }
            }
            if (schema == null) {
                throw new IllegalArgumentException(crdFile + " has no version " + version);
            }
            if (strict) {
                close(schema);
            }
            Dialect base = Dialects.getOpenApi30();
            Dialect k8s = Dialect.builder(base.getId(), base).keywords(Stream.of("x-kubernetes-validations",
                    "x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type",
                    "x-kubernetes-preserve-unknown-fields", "x-kubernetes-int-or-string", "x-kubernetes-embedded-resource")
                    .map(NonValidationKeyword::new).toList()).build();
            return SchemaRegistry.withDefaultDialect(k8s).getSchema(schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void close(JsonNode node) {
        if (node instanceof ObjectNode o) {
            if (o.has("properties") && !o.has("additionalProperties") && !o.has("x-kubernetes-preserve-unknown-fields")) {
                o.put("additionalProperties", false);
            }
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            close(it.next());
        }
    }

    /** Every document of a multi-document YAML text. */
    static List<JsonNode> documents(String yaml) {
        try {
            List<JsonNode> out = new ArrayList<>();
            var it = YAML.readValues(YAML.createParser(yaml), JsonNode.class);
            while (it.hasNext()) {
                JsonNode n = it.next();
                if (n != null && !n.isMissingNode() && !n.isNull()) {
                    out.add(n);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Error> validate(Schema schema, JsonNode doc) {
        return schema.validate(doc);
    }
}
