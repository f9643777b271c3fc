package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.importers.k8s.Samples.sample;

import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

class TopographModelReaderTest {
    private final TopographModelReader reader = new TopographModelReader();

    @Test
    void readsOldSchemaCapacityBlocksAsHostsOfTheirSwitch() {
        ImportResult r = reader.read(sample("topograph-model-small-h100-capacity-blocks.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name, SwitchNode::tier).containsExactly(
                org.assertj.core.groups.Tuple.tuple("S1", 2), org.assertj.core.groups.Tuple.tuple("S2", 1),
                org.assertj.core.groups.Tuple.tuple("S3", 1));
        assertThat(f.hostsOf("S2")).containsExactly("I21", "I22", "I25");
        assertThat(f.hostsOf("S3")).containsExactly("I34", "I35", "I36");
        assertThat(f.blocks()).isEmpty();
        assertThat(Samples.of(r, Severity.INFO)).filteredOn(d -> d.message().contains("no nvlink")).hasSize(2);
    }

    @Test
    void readsNewSchemaBlocksWithHostlists() {
        ImportResult r = reader.read(sample("topograph-model-nvl72-blocks-labels.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        Fabric f = r.part().fabric();
        assertThat(f.switches()).hasSize(7);
        assertThat(f.switchNamed("core").orElseThrow().tier()).isEqualTo(3);
        assertThat(f.switchNamed("core").orElseThrow().description()).isEqualTo("topology.kubernetes.io/region=us-east");
        assertThat(f.switchNamed("spine-2").orElseThrow().tier()).isEqualTo(2);
        assertThat(f.leaves()).extracting(SwitchNode::name).containsExactly("leaf-1-1", "leaf-1-2", "leaf-2-1", "leaf-2-2");
        assertThat(f.hosts()).hasSize(72);
        assertThat(f.hostsOf("leaf-2-1")).hasSize(18).startsWith("node2101").endsWith("node2118");
        assertThat(f.blocks()).extracting(Block::name).containsExactly("nvl-1-1", "nvl-1-2", "nvl-2-1", "nvl-2-2");
        assertThat(f.hostsUnder("core")).hasSize(72);
    }
}
