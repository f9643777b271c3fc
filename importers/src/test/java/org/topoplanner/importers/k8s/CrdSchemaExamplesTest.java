package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The validator itself, checked on the hand-written valid and invalid examples (their first comment says what to expect). */
class CrdSchemaExamplesTest {

    private static Map<String, Boolean> validity(String example, String crd, String version, boolean strict) {
        Schema schema = CrdSchemas.schema(crd, version, strict);
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (JsonNode doc : CrdSchemas.documents(Samples.resource("/schemas/k8s/examples/" + example))) {
            out.put(doc.path("metadata").path("name").asText(), CrdSchemas.validate(schema, doc).isEmpty());
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            hypernode.valid.yaml              | topology.volcano.sh_hypernodes.yaml  | v1alpha1 | true  | leaf-r01=true,leaf-r02=true,spine-s1=true
            hypernode.invalid.yaml            | topology.volcano.sh_hypernodes.yaml  | v1alpha1 | false | bad-no-tier=false,bad-type-enum=false,bad-negative-tier-empty-members-uppercase=false,bad-uppercase-exact=false,cel-only-two-selectors=true,typo-field-tierNmae=true
            hypernode.invalid.yaml            | topology.volcano.sh_hypernodes.yaml  | v1alpha1 | true  | bad-no-tier=false,bad-type-enum=false,bad-negative-tier-empty-members-uppercase=false,bad-uppercase-exact=false,cel-only-two-selectors=true,typo-field-tierNmae=false
            kueue-topology.valid.yaml         | kueue.x-k8s.io_topologies.yaml       | v1beta2  | true  | gpu-fabric=true
            kueue-topology.invalid.yaml       | kueue.x-k8s.io_topologies.yaml       | v1beta2  | true  | bad-empty=false,bad-label=false,cel-only-hostname-not-last-and-dup=true
            kueue-resourceflavor.valid.yaml   | kueue.x-k8s.io_resourceflavors.yaml  | v1beta2  | true  | h200-tas=true
            kueue-resourceflavor.invalid.yaml | kueue.x-k8s.io_resourceflavors.yaml  | v1beta2  | true  | bad-topologyname=false,cel-only-no-nodelabels=true
            """)
    void validatorAgreesWithTheExamples(String example, String crd, String version, boolean strict, String expected) {
        Map<String, Boolean> want = new LinkedHashMap<>();
        for (String kv : expected.split(",")) {
            want.put(kv.split("=")[0], Boolean.valueOf(kv.split("=")[1]));
        }
        assertThat(validity(example, crd, version, strict)).isEqualTo(want);
    }
}
