package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code export --targets dra} validated against the real schemas kept in the test resources
 * (importers/src/test/resources/schemas/k8s/PROVENANCE.md): ResourceClaimTemplates against the resource.k8s.io/v1 OpenAPI
 * components, ComputeDomains against NVIDIA's CRD, both strict (unknown fields fail, as
 * {@code kubectl --validate=strict}).
 */
class DraExportSchemaTest {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Schema TEMPLATE = openApi("io.k8s.api.resource.v1.ResourceClaimTemplate");
    private static final Schema COMPUTE_DOMAIN = crd("resource.nvidia.com_computedomains.yaml", "v1beta1");

    @Test
    void everyExportedDraDocumentIsValid() throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        for (var plan : List.of(ExportFixtures.exampleWithBlocks(), ExportFixtures.rail())) {
            for (ExportFile f : ExportBundle.build(plan, EnumSet.of(ExportTarget.DRA))) {
                if (f.relativePath().startsWith("k8s/dra/")) {
                    YAML.readValues(YAML.createParser(f.text()), JsonNode.class).readAll().forEach(docs::add);
                }
            }
        }
        long templates = docs.stream().filter(d -> d.path("kind").asText().equals("ResourceClaimTemplate")).count();
        long domains = docs.stream().filter(d -> d.path("kind").asText().equals("ComputeDomain")).count();
        assertThat(templates).isEqualTo(4);
        assertThat(domains).as("block-a spans 4 hosts of block b1; the others are single-host or cross no block")
                .isEqualTo(1);
        for (JsonNode d : docs) {
            Schema s = d.path("kind").asText().equals("ComputeDomain") ? COMPUTE_DOMAIN : TEMPLATE;
            assertThat(s.validate(d)).as(d.toString()).isEmpty();
        }
    }

    /** A job on two trays of one nvidia-smi clique (no fabric block) gets a ComputeDomain naming the clique. */
    @Test
    void aJobInsideOneCliqueGetsAValidComputeDomain() throws IOException {
        String uuid = "9c6f5af3-53bf-49b5-a436-b66766c413c3";
        org.topoplanner.model.fabric.FabricBuilder fb = new org.topoplanner.model.fabric.FabricBuilder();
        List.of("gb-01", "gb-02", "gb-03").forEach(fb::addHost);
        var cluster = new org.topoplanner.model.cluster.Cluster("c", fb.build(), java.util.Map.of(), java.util.Map.of(),
                null, null, org.topoplanner.model.nvlink.NvlinkDomains.of(List.of(
                        org.topoplanner.model.nvlink.NvlinkDomain.ofClique(uuid, 4026, List.of("gb-01", "gb-02"),
                                org.topoplanner.model.nvlink.DomainOrigin.NVIDIA_SMI))));
        var inClique = new org.topoplanner.model.job.Placement("train", List.of(
                org.topoplanner.model.job.HostAllocation.of("gb-01", List.of(0, 1, 2, 3),
                        org.topoplanner.model.cpu.CpuSet.empty()),
                org.topoplanner.model.job.HostAllocation.of("gb-02", List.of(0, 1, 2, 3),
                        org.topoplanner.model.cpu.CpuSet.empty())));
        String yaml = org.topoplanner.importers.dra.DraClaimWriter.write(inClique, cluster);
        List<JsonNode> docs = YAML.readValues(YAML.createParser(yaml), JsonNode.class).readAll();
        JsonNode domain = docs.stream().filter(d -> d.path("kind").asText().equals("ComputeDomain")).findFirst()
                .orElseThrow();
        assertThat(COMPUTE_DOMAIN.validate(domain)).isEmpty();
        assertThat(domain.path("spec").path("numNodes").asInt()).isEqualTo(2);
        assertThat(yaml).contains("nvidia.com/gpu.clique=" + uuid + ".4026");
        var across = new org.topoplanner.model.job.Placement("wide", List.of(
                org.topoplanner.model.job.HostAllocation.of("gb-02", List.of(0), org.topoplanner.model.cpu.CpuSet.empty()),
                org.topoplanner.model.job.HostAllocation.of("gb-03", List.of(0), org.topoplanner.model.cpu.CpuSet.empty())));
        assertThat(org.topoplanner.importers.dra.DraClaimWriter.write(across, cluster)).doesNotContain("ComputeDomain");
    }

    @Test
    void theSchemasRejectWhatKubernetesWouldReject() throws IOException {
        JsonNode bad = YAML.readTree("""
                apiVersion: resource.k8s.io/v1
                kind: ResourceClaimTemplate
                metadata: {name: x}
                spec:
                  spec:
                    devices:
                      requests:
                      - name: gpu
                        deviceClassName: gpu.nvidia.com
                """);
        // v1beta1's request shape (deviceClassName beside name) is an unknown field in v1
        List<Error> errors = TEMPLATE.validate(bad);
        assertThat(errors).isNotEmpty();
        assertThat(errors.toString()).contains("deviceClassName");
        JsonNode noChannel = YAML.readTree("""
                apiVersion: resource.nvidia.com/v1beta1
                kind: ComputeDomain
                metadata: {name: d}
                spec: {numNodes: 2}
                """);
        assertThat(COMPUTE_DOMAIN.validate(noChannel).toString()).contains("channel");
    }

    private static Schema openApi(String component) {
        try (InputStream in = resource("resource.k8s.io_v1.openapi-excerpt.json")) {
            ObjectNode doc = (ObjectNode) new ObjectMapper().readTree(in);
            close(doc);
            doc.put("$ref", "#/components/schemas/" + component);
            return registry().getSchema(doc);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Schema crd(String file, String version) {
        try (InputStream in = resource(file)) {
            JsonNode crd = YAML.readTree(in);
            for (JsonNode v : crd.path("spec").path("versions")) {
                if (v.path("name").asText().equals(version)) {
                    JsonNode schema = v.path("schema").path("openAPIV3Schema").deepCopy();
                    close(schema);
                    return registry().getSchema(schema);
                }
            }
            throw new IllegalStateException(file + " has no version " + version);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static InputStream resource(String file) {
        InputStream in = DraExportSchemaTest.class.getResourceAsStream("/schemas/k8s/" + file);
        if (in == null) {
            throw new IllegalStateException("missing test resource /schemas/k8s/" + file);
        }
        return in;
    }

    private static SchemaRegistry registry() {
        Dialect base = Dialects.getOpenApi30();
        Dialect k8s = Dialect.builder(base.getId(), base).keywords(Stream.of("x-kubernetes-validations",
                "x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type",
                "x-kubernetes-preserve-unknown-fields", "x-kubernetes-int-or-string", "x-kubernetes-embedded-resource",
                "x-kubernetes-group-version-kind", "x-kubernetes-patch-strategy", "x-kubernetes-patch-merge-key")
                .map(NonValidationKeyword::new).toList()).build();
        return SchemaRegistry.withDefaultDialect(k8s);
    }

    /** Strict mode: every object schema listing properties rejects others (kubectl --validate=strict). */
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
