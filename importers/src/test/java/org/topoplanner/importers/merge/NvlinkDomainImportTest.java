package org.topoplanner.importers.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;

/** NVLink domains through the whole import: topograph blocks, nvidia-smi -q cliques, GFD clique labels. */
class NvlinkDomainImportTest {
    private static final String MODEL = "k8s/topograph-model-nvl72-blocks-labels.yaml.txt";
    private static final String UUID = "9c6f5af3-53bf-49b5-a436-b66766c413c3";

    @Test
    void aTopographNvl72ModelIsFourDomainsOfEighteenTrays() {
        Cluster c = ClusterImport.standard().importTexts(List.of(TestSamples.load(MODEL)), Optional.empty())
                .clusterOrThrow();
        assertThat(c.nvlinkDomains().all()).extracting(NvlinkDomain::name)
                .containsExactly("nvl-1-1", "nvl-1-2", "nvl-2-1", "nvl-2-2");
        assertThat(c.nvlinkDomains().all()).allMatch(d -> d.hosts().size() == 18 && d.origin() == DomainOrigin.FABRIC_BLOCK);
        assertThat(c.nvlinkDomains().ofHost("node2118").orElseThrow().name()).isEqualTo("nvl-2-1");
    }

    /** Topograph writes a Slurm block per NVLink domain; each block is read back as one. */
    @Test
    void eachBlockOfASlurmBlockTopologyIsADomain() {
        Cluster c = ClusterImport.standard().importTexts(List.of(
                TestSamples.load("slurm/topology-block-topograph-dra-blocksizes.conf.txt")), Optional.empty())
                .clusterOrThrow();
        assertThat(c.nvlinkDomains().size()).isEqualTo(c.fabric().blocks().size()).isGreaterThan(1);
        assertThat(c.nvlinkDomains().ofHost("srv1203").orElseThrow().name()).isEqualTo("rack12");
        assertThat(c.nvlinkDomains().ofHost("srv1203").orElseThrow().hosts()).hasSize(8);
    }

    @Test
    void cliquesOfNvidiaSmiNameTheDomainsOfTheirTraysAndBlocksTheRest() throws Exception {
        ImportOutcome o = ClusterImport.standard().importTexts(List.of(TestSamples.load(MODEL),
                new SourceText("trays.txt", pdshFabric("node[1101-1118]", 4026))), Optional.empty());
        Cluster c = o.clusterOrThrow();
        assertThat(c.nvlink().all()).hasSize(1);
        assertThat(c.nvlinkDomains().all()).extracting(NvlinkDomain::name)
                .containsExactly(UUID + ".4026", "nvl-1-2", "nvl-2-1", "nvl-2-2");
        assertThat(c.nvlinkDomains().ofHost("node1107").orElseThrow().origin()).isEqualTo(DomainOrigin.NVIDIA_SMI);
    }

    @Test
    void aTrayTwoSourcesPutInDifferentCliquesKeepsTheFirstWithAWarning() throws Exception {
        // a GFD label file of one node (key=value lines, named after the node, as kubectl prints them)
        String labels = "nvidia.com/gpu.clique=" + UUID + ".77\nnvidia.com/gpu.count=4\n";
        ImportOutcome o = ClusterImport.standard().importTexts(List.of(
                new SourceText("trays.txt", pdshFabric("node[1101-1102]", 4026)),
                new SourceText("node1101.txt", labels)), Optional.empty());
        Cluster c = o.clusterOrThrow();
        assertThat(c.nvlink().ofHost("node1101").orElseThrow().name()).isEqualTo(UUID + ".4026");
        assertThat(o.diagnostics()).anyMatch(d -> d.message().contains("node1101 is in NVLink domain " + UUID + ".77"));
    }

    private static String pdshFabric(String hostlist, long clique) throws Exception {
        StringBuilder b = new StringBuilder();
        for (String h : Hostlist.expand(hostlist)) {
            b.append(h).append(":     Fabric\n").append(h).append(":         State : Completed\n")
                    .append(h).append(":         Status : Success\n")
                    .append(h).append(":         CliqueId : ").append(clique).append('\n')
                    .append(h).append(":         ClusterUUID : ").append(UUID).append('\n');
        }
        return b.toString();
    }
}
