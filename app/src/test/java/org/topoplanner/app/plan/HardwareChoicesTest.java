package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareSource;
import org.topoplanner.importers.hardware.HostGroup;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The window's hardware choices over example-32.ibnetdiscover (32 hosts the fabric knows only by their ports). */
class HardwareChoicesTest {
    private static Cluster fabricOnly() throws Exception {
        Path dump = Path.of(HardwareChoicesTest.class.getResource("/inputs/example-32.ibnetdiscover").toURI());
        return ClusterImport.standard().importFiles(List.of(dump), Optional.empty()).clusterOrThrow();
    }

    private static HardwareSource template(NodeTemplate t) {
        return HardwareSource.template(t.id(), ShippedData.template(t));
    }

    @Test
    void nothingChosenChangesNothingAndAChoiceGivesItsGroupTheTemplate() throws Exception {
        Cluster c = fabricOnly();
        HardwareChoices none = HardwareChoices.of(c, ExistingHardware.REPLACE);
        assertThat(none.groups()).singleElement().satisfies(g -> {
            assertThat(g.kind()).isEqualTo(HostGroup.Kind.PORT_PATTERN);
            assertThat(g.size()).isEqualTo(32);
        });
        assertThat(none.isEmpty()).isTrue();
        assertThat(none.preview().cluster()).isSameAs(c);
        assertThat(none.now().withoutHardware()).isEqualTo(32);

        HardwareChoices h100 = none.with(0, template(NodeTemplate.HGX_H100_SXM));
        var preview = h100.preview();
        assertThat(preview.hasErrors()).isFalse();
        assertThat(h100.after(preview).gpus()).isEqualTo(32 * 8);
        assertThat(h100.after(preview).withoutHardware()).isZero();
        assertThat(preview.cluster().node("node017")).isEqualTo(ShippedData.template(NodeTemplate.HGX_H100_SXM));
        assertThat(h100.with(0, null).isEmpty()).as("a choice taken back").isTrue();
    }

    @Test
    void aSelectionKeepsItsGroupsAndReplacesOnlyItsHosts() throws Exception {
        Cluster c = HardwareChoices.of(fabricOnly(), ExistingHardware.REPLACE)
                .with(0, template(NodeTemplate.HGX_H100_SXM)).preview().cluster();
        List<String> leaf = c.fabric().hostsUnder(c.fabric().switchesOf("node001").get(0));
        HardwareChoices some = HardwareChoices.of(c, leaf, ExistingHardware.REPLACE);
        assertThat(some.hosts()).containsExactlyInAnyOrderElementsOf(leaf);
        assertThat(some.groups()).singleElement().satisfies(g -> assertThat(g.kind()).isEqualTo(HostGroup.Kind.DESCRIBED));

        Cluster a100 = some.with(0, template(NodeTemplate.HGX_A100_SXM4)).preview().cluster();
        assertThat(a100.node("node001")).isEqualTo(ShippedData.template(NodeTemplate.HGX_A100_SXM4));
        String other = c.hostNames().stream().filter(h -> !leaf.contains(h)).findFirst().orElseThrow();
        assertThat(a100.node(other)).isEqualTo(ShippedData.template(NodeTemplate.HGX_H100_SXM));
    }

    @Test
    void aFileThatDescribesNoNodeIsAnErrorOfThePreview() throws Exception {
        Cluster c = fabricOnly();
        Path dump = Path.of(HardwareChoicesTest.class.getResource("/inputs/example-32.ibnetdiscover").toURI());
        HardwareChoices wrong = HardwareChoices.of(c, ExistingHardware.REPLACE).with(0, HardwareSource.read(dump));
        assertThat(wrong.preview().hasErrors()).isTrue();
        assertThat(wrong.preview().diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("describes no node"));
    }
}
