package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmTopology;

/** A Slurm folder with {@code topology.yaml}: read instead of {@code topology.conf}, partitions bound to its topologies. */
class SlurmFolderTopologyYamlTest {
    private static final String SLURM_CONF = """
            NodeName=n[1-4] Sockets=1 CoresPerSocket=8 ThreadsPerCore=1
            PartitionName=main Nodes=ALL Default=YES
            PartitionName=nvl Nodes=n[1-4] Topology=blocks
            """;
    private static final String YAML = """
            - topology: tree
              cluster_default: true
              tree:
                switches:
                  - switch: top
                    children: leaf[1-2]
                  - switch: leaf1
                    nodes: n[1-2]
                  - switch: leaf2
                    nodes: n[3-4]
            - topology: blocks
              block:
                blocks:
                  - block: b1
                    nodes: n[1-4]
            """;

    private static ImportResult read(String slurmConf, String yaml) {
        return new SlurmClusterFolderReader(new TopologyConfReader()).read("c", List.of(
                new SourceText("c/slurm.conf", slurmConf), new SourceText("c/topology.yaml", yaml),
                new SourceText("c/topology.conf", "SwitchName=other Nodes=n[1-4]\n")));
    }

    @Test
    void readsTheYamlInsteadOfTopologyConfAndKeepsThePartitionsBindings() {
        ImportResult r = read(SLURM_CONF, YAML);
        assertThat(r.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.path()).isEqualTo("c/topology.conf");
            assertThat(d.message()).contains("ignores this file");
        });
        assertThat(r.part().fabric().switches()).extracting(s -> s.name()).containsExactly("top", "leaf1", "leaf2");
        assertThat(r.part().fabric().blocks()).hasSize(1);
        assertThat(r.part().slurm().topologies()).extracting(SlurmTopology::name).containsExactly("tree", "blocks");
        assertThat(r.part().slurm().partitions()).extracting(SlurmPartition::topology).containsExactly(null, "blocks");
        assertThat(r.part().nodes()).hasSize(4);
    }

    @Test
    void aPartitionBoundToATopologyTheYamlLacksIsAnError() {
        ImportResult r = read(SLURM_CONF.replace("Topology=blocks", "Topology=nvlink"), YAML);
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.message()).contains("partition nvl", "nvlink", "known: tree, blocks");
        });
    }
}
