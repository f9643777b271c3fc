package org.topoplanner.importers.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.pipeline.FormatRegistry;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.DeviceRequest;
import org.topoplanner.model.dra.DraObjects;

class DraDocumentReaderTest {
    @Test
    void readsSlicesWithQualifiedAttributes() {
        DraObjects o = DraDocumentReader.read(Samples.load("dra/h100-resourceslices.yaml")).objects();
        assertThat(o.slices()).hasSize(4);
        assertThat(o.devicesOf("node01")).hasSize(8 + 9);
        assertThat(o.devicesOf("node02")).hasSize(8 + 8);
        var gpu3 = o.devicesOf("node01").get(3);
        assertThat(gpu3.attribute("gpu.nvidia.com/index")).contains(new AttributeValue.Int(3));
        assertThat(gpu3.attribute("resource.kubernetes.io/pcieRoot")).contains(new AttributeValue.Text("pci0000:59"));
        assertThat(gpu3.attribute("gpu.nvidia.com/cudaComputeCapability")).contains(new AttributeValue.Version("9.0.0"));
    }

    @Test
    void readsTheClaimTemplateWithDefaultsApplied() {
        var c = DraDocumentReader.read(Samples.load("dra/claim-gpu-nic-aligned.yaml")).objects().claims().get(0);
        assertThat(c.kind()).isEqualTo("ResourceClaimTemplate");
        assertThat(c.requests()).extracting(DeviceRequest::mode).containsOnly(DeviceRequest.Mode.EXACT_COUNT);
        assertThat(c.requests()).extracting(DeviceRequest::count).containsExactly(1, 1);
        assertThat(c.constraints().get(0).matchAttribute()).isEqualTo("resource.kubernetes.io/pcieRoot");
    }

    @Test
    void olderApiVersionsAndBrokenYamlAreLocated() {
        String text = """
                apiVersion: resource.k8s.io/v1
                kind: DeviceClass
                metadata: {name: a}
                spec: {}
                ---
                apiVersion: resource.k8s.io/v1beta1
                kind: ResourceClaim
                metadata: {name: old}
                ---
                kind: [unclosed
                """;
        var r = DraDocumentReader.read(new SourceText("m.yaml", text));
        var diags = r.diagnostics().list();
        assertThat(diags).anySatisfy(d -> {
            assertThat(d.message()).contains("resource.k8s.io/v1beta1");
            assertThat(d.line()).isEqualTo(6);
        });
        assertThat(diags).filteredOn(Diagnostic::isError).singleElement().satisfies(d -> assertThat(d.line()).isGreaterThanOrEqualTo(10));
        assertThat(r.objects().classes()).hasSize(1);
    }

    @Test
    void isDetectedAndSummarisedInAnImport() {
        SourceText s = Samples.load("dra/h100-resourceslices.yaml");
        assertThat(FormatRegistry.standard().detect(s).map(x -> x.format())).isEqualTo(Optional.of(Format.DRA_OBJECTS));
        var r = new DraFormatReader().read(s);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> assertThat(d.message())
                .startsWith("DRA: 4 ResourceSlice(s) with 33 device(s) on 2 node(s)"));
    }
}
