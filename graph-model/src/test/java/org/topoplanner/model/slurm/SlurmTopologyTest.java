package org.topoplanner.model.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;

class SlurmTopologyTest {
    private static final SlurmTopology.Tree TREE = new SlurmTopology.Tree("fabric", false, List.of(
            new SlurmTopology.SwitchLine("core", List.of("spine1"), List.of()),
            new SlurmTopology.SwitchLine("spine1", List.of("leaf1", "leaf2", "ghost"), List.of()),
            new SlurmTopology.SwitchLine("leaf1", List.of(), List.of("n1", "n2")),
            new SlurmTopology.SwitchLine("leaf2", List.of(), List.of("n3"))));

    @Test
    void aTreeLaysOutItsSwitchesWithTiersByHeightAndLeavesOutUndefinedChildren() {
        Fabric f = TREE.layout();
        assertThat(f.switches()).extracting(s -> s.name() + ":" + s.tier())
                .containsExactly("core:3", "spine1:2", "leaf1:1", "leaf2:1");
        assertThat(f.hostsUnder("core")).containsExactly("n1", "n2", "n3");
        assertThat(f.childSwitches("spine1")).containsExactlyInAnyOrder("leaf1", "leaf2");
    }

    @Test
    void aBlockTopologyLaysOutItsBlocksAndSizesAndAFlatOneNothing() {
        SlurmTopology.BlockLayout b = new SlurmTopology.BlockLayout("nvl", true, List.of(2, 4),
                List.of(new Block("b1", List.of("n1", "n2")), new Block("b2", List.of("n3", "n4"))));
        assertThat(b.layout().blocks()).isEqualTo(b.blocks());
        assertThat(b.layout().blockSizes()).containsExactly(2, 4);
        assertThat(b.layout().hosts()).hasSize(4);
        assertThat(new SlurmTopology.Flat("plain", false, false).layout().hosts()).isEmpty();
        assertThatThrownBy(() -> new SlurmTopology.BlockLayout("x", false, List.of(0), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SlurmTopology.Flat(" ", false, false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDefaultIsTheFirstMarkedOneElseTheFirstListed() {
        SlurmTopology flat = new SlurmTopology.Flat("plain", true, false);
        SlurmTopology other = new SlurmTopology.Flat("other", true, false);
        SlurmSettings marked = SlurmSettings.empty().withTopologies(List.of(TREE, flat, other));
        assertThat(marked.defaultTopology()).contains(flat);
        assertThat(SlurmSettings.empty().withTopologies(List.of(TREE, flat.withClusterDefault(false)))
                .defaultTopology()).contains(TREE);
        assertThat(SlurmSettings.empty().defaultTopology()).isEmpty();
        assertThat(marked.topology("other")).contains(other);
        assertThat(marked.topology("nope")).isEmpty();
    }

    @Test
    void droppedHostsLeaveSwitchesAndBlocks() {
        SlurmTopology.Tree t = (SlurmTopology.Tree) TREE.withoutHosts(Set.of("n2"));
        assertThat(t.switches().get(2).nodes()).containsExactly("n1");
        SlurmTopology.BlockLayout b = (SlurmTopology.BlockLayout) new SlurmTopology.BlockLayout("nvl", false, List.of(),
                List.of(new Block("b1", List.of("n1", "n2")))).withoutHosts(Set.of("n1"));
        assertThat(b.blocks().get(0).nodes()).containsExactly("n2");
    }

    @Test
    void partitionsComeFromTheKeptLinesWithDefaultsAndTheirTopology() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("TopologyPlugin", "topology/tree");
        keys.put("PartitionName.DEFAULT", "MaxTime=INFINITE Topology=fabric");
        keys.put("PartitionName.gpu", "Nodes=n[1-3] Default=YES");
        keys.put("PartitionName.blk", "nodes=ALL topology=nvl State=UP");
        keys.put("PartitionName.empty", "State=DOWN");
        List<SlurmPartition> p = new SlurmSettings(List.of(), List.of(), keys).partitions();
        assertThat(p).extracting(SlurmPartition::name).containsExactly("gpu", "blk", "empty");
        assertThat(p.get(0)).isEqualTo(new SlurmPartition("gpu", List.of("n1", "n2", "n3"), true, "fabric"));
        assertThat(p.get(1).topology()).isEqualTo("nvl");
        assertThat(p.get(1).holds("anything")).isTrue();
        assertThat(p.get(1).isDefault()).isFalse();
        assertThat(p.get(2).holds("n1")).isFalse();
    }
}
