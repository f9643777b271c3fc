package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/** The NVLink domain tier in the Kueue Topology, the node labels and the Volcano HyperNodes, read back. */
class DomainTierExportTest {
    private static final Schema HYPERNODES = CrdSchemas.schema("topology.volcano.sh_hypernodes.yaml", "v1alpha1", true);
    private static final Schema TOPOLOGIES = CrdSchemas.schema("kueue.x-k8s.io_topologies.yaml", "v1beta2", true);
    private static final String UUID = "7f3c2a10-55e1-4b7e-9d0a-1c2b3d4e5f60";

    /** Topograph's NVL72 sample (4 racks of 18 trays, each rack a block under its own leaf). */
    private static Fabric nvl72() {
        return new TopographModelReader().read(Samples.sample("topograph-model-nvl72-blocks-labels.yaml.txt"))
                .part().fabric();
    }

    /** Each rack a clique as nvidia-smi -q would name it: clique ids 1.. in block order. */
    private static Cluster withCliques(Fabric f) {
        List<Block> blocks = f.blocks();
        List<NvlinkDomain> d = new java.util.ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            d.add(NvlinkDomain.ofClique(UUID, i + 1, blocks.get(i).nodes(), DomainOrigin.NVIDIA_SMI));
        }
        return new Cluster("nvl72", f, Map.of(), Map.of(), null, null, NvlinkDomains.of(d));
    }

    private static Cluster withDesignedRacks(Fabric f) {
        List<NvlinkDomain> d = f.blocks().stream().map(b -> NvlinkDomain.ofBlock("nvl72-" + b.name(), b.nodes(),
                DomainOrigin.DESIGN)).toList();
        return new Cluster("nvl72", f, Map.of(), Map.of(), null, null, NvlinkDomains.of(d));
    }

    @Test
    void kueueTopologyHasTheCliqueLevelBelowTheLeafWhenEachRackHasItsOwnLeaf() {
        Cluster c = withCliques(nvl72());
        String yaml = new KueueTopologyWriter().write(c);
        assertThat(CrdSchemas.validate(TOPOLOGIES, CrdSchemas.documents(yaml).get(0))).isEmpty();
        assertThat(new KueueTopologyReader().read(new SourceText("k", yaml)).part().kubernetes().topologies())
                .containsExactly(new KueueTopology("nvl72", List.of("topoplanner.org/tier-3", "topoplanner.org/tier-2",
                        "topoplanner.org/tier-1", "nvidia.com/gpu.clique", "kubernetes.io/hostname")));
        assertThat(new KueueTopologyWriter().check(c)).noneMatch(d -> d.isError());
    }

    @Test
    void nodeLabelsCarryTheCliqueAndReadBackAsTheSameDomains() {
        Cluster c = withCliques(nvl72());
        Map<String, Map<String, String>> labels = new NodeLabelsWriter().labels(c);
        assertThat(labels.get("node1101")).containsEntry("nvidia.com/gpu.clique", UUID + ".1");
        ImportResult script = new NodeLabelsReader().read(new SourceText("labels.sh", new NodeLabelsWriter().write(c)));
        ImportResult patch = new KubernetesNodesReader().read(new SourceText("n.yaml", new NodeLabelsWriter().writePatch(c)));
        for (ImportResult back : List.of(script, patch)) {
            assertThat(back.hasErrors()).isFalse();
            assertThat(domainsOf(back.part().nvlink())).isEqualTo(domainsOf(c.nvlink()));
            assertThat(back.part().nvlink().all()).allMatch(d -> UUID.equals(d.clusterUuid()));
        }
    }

    @Test
    void designedRacksAreLabelledByTheirNamesAndReadBack() {
        Cluster c = withDesignedRacks(nvl72());
        assertThat(new NodeLabelsWriter().labels(c).get("node1101")).containsEntry("nvidia.com/gpu.clique", "nvl72-nvl-1-1");
        ImportResult back = new NodeLabelsReader().read(new SourceText("labels.sh", new NodeLabelsWriter().write(c)));
        assertThat(back.diagnostics()).noneMatch(d -> d.message().contains("gpu.clique"));
        assertThat(domainsOf(back.part().nvlink())).isEqualTo(domainsOf(c.nvlink()));
    }

    @Test
    void aClusterPartlyOutsideDomainsHasNoTierAndIsToldWhy() {
        Fabric f = nvl72();
        Block first = f.blocks().get(0);
        Cluster c = new Cluster("nvl72", f, Map.of(), Map.of(), null, null, NvlinkDomains.of(List.of(
                NvlinkDomain.ofClique(UUID, 1, first.nodes(), DomainOrigin.NVIDIA_SMI))));
        assertThat(KueueTopologyWriter.levels(c)).doesNotContain("nvidia.com/gpu.clique");
        assertThat(new NodeLabelsWriter().labels(c).get("node1101")).doesNotContainKey("nvidia.com/gpu.clique");
        assertThat(new KueueTopologyWriter().check(c)).anyMatch(d -> d.message().contains("not exported as a tier"));
    }

    @Test
    void aRackCabledToSeveralLeavesPutsTheCliqueAboveThem() {
        // Two racks, each with trays on two leaves of one spine: no leaf holds a rack whole.
        org.topoplanner.model.fabric.FabricBuilder fb = new org.topoplanner.model.fabric.FabricBuilder();
        fb.addSwitch("spine-1").addSwitch("spine-2").addSwitch("core");
        fb.cable("core", "spine-1");
        fb.cable("core", "spine-2");
        for (String leaf : List.of("leaf-1a", "leaf-1b", "leaf-2a", "leaf-2b")) {
            fb.addSwitch(leaf);
            fb.cable(leaf.startsWith("leaf-1") ? "spine-1" : "spine-2", leaf);
        }
        List<String> rack1 = List.of("t1", "t2", "t3", "t4");
        List<String> rack2 = List.of("t5", "t6", "t7", "t8");
        String[] leaves = {"leaf-1a", "leaf-1a", "leaf-1b", "leaf-1b", "leaf-2a", "leaf-2a", "leaf-2b", "leaf-2b"};
        for (int i = 0; i < 8; i++) {
            fb.addHost("t" + (i + 1));
            fb.cable(leaves[i], "t" + (i + 1));
        }
        Cluster c = new Cluster("split", fb.build(), Map.of(), Map.of(), null, null, NvlinkDomains.of(List.of(
                NvlinkDomain.ofClique(UUID, 1, rack1, DomainOrigin.NVIDIA_SMI),
                NvlinkDomain.ofClique(UUID, 2, rack2, DomainOrigin.NVIDIA_SMI))));
        assertThat(KueueTopologyWriter.levels(c)).containsExactly("topoplanner.org/tier-3", "topoplanner.org/tier-2",
                "nvidia.com/gpu.clique", "topoplanner.org/tier-1", "kubernetes.io/hostname");
    }

    @Test
    void hyperNodesHaveTheDomainTierAndReadBackAsDomainsOverTheSameFabric() {
        for (Cluster c : List.of(withCliques(nvl72()), withDesignedRacks(nvl72()))) {
            HyperNodeWriter w = new HyperNodeWriter();
            assertThat(w.check(c)).noneMatch(d -> d.isError());
            String yaml = w.write(c);
            List<com.fasterxml.jackson.databind.JsonNode> docs = CrdSchemas.documents(yaml);
            docs.forEach(doc -> assertThat(CrdSchemas.validate(HYPERNODES, doc)).isEmpty());
            // 4 racks at tier 1, the leaves at 2, spines at 3, the core at 4.
            assertThat(docs.stream().filter(doc -> doc.path("spec").path("tier").asInt() == 1)
                    .map(doc -> doc.path("spec").path("tierName").asText())).hasSize(4)
                    .allMatch("nvidia.com/gpu.clique"::equals);
            assertThat(docs.stream().mapToInt(doc -> doc.path("spec").path("tier").asInt()).max()).hasValue(4);
            ImportResult back = new HyperNodeReader().read(new SourceText("hn.yaml", yaml));
            assertThat(back.diagnostics()).isEmpty();
            assertThat(domainsOf(back.part().nvlink())).isEqualTo(domainsOf(c.nvlink()));
            assertThat(back.part().nvlink().all().stream().map(NvlinkDomain::name).toList())
                    .containsExactlyElementsOf(c.nvlink().all().stream().map(NvlinkDomain::name).toList());
            TreeClusters.Shape expected = TreeClusters.shape(c.fabric(), LabelSyntax::toObjectName);
            TreeClusters.Shape got = TreeClusters.shape(back.part().fabric(), java.util.function.UnaryOperator.identity());
            assertThat(got.tiers()).isEqualTo(expected.tiers());
            assertThat(got.leafOf()).isEqualTo(expected.leafOf());
        }
    }

    private static Set<Set<String>> domainsOf(NvlinkDomains d) {
        return d.all().stream().map(x -> Set.copyOf(x.hosts())).collect(Collectors.toSet());
    }

}
