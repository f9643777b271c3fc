package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Facts the Slurm writers would have to make up are errors naming them, and {@code convert} gets the very
 * verdict {@code export} has for the same file.
 */
class ExportVerdictTest {
    /** Two leaves with no switch above them, n1-n2 and n3-n4; n9 in the node lines only by name. */
    private static Cluster twoRoots(SlurmSettings slurm, boolean sizeN9) {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("leafA").addSwitch("leafB");
        for (String h : List.of("n1", "n2", "n3", "n4", "n9")) {
            b.addHost(h);
        }
        b.cable("leafA", "n1");
        b.cable("leafA", "n2");
        b.cable("leafB", "n3");
        b.cable("leafB", "n4");
        b.cable("leafB", "n9");
        NodeTopology node = ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (String h : List.of("n1", "n2", "n3", "n4")) {
            nodes.put(h, node);
        }
        if (sizeN9) {
            nodes.put("n9", node);
        }
        return new Cluster("tworoots", b.tiers(Map.of("leafA", 1, "leafB", 1, "n1", 0)).build(), nodes, Map.of(), slurm,
                null);
    }

    private static SlurmSettings empty() {
        return new SlurmSettings(List.of(), List.of(), Map.of());
    }

    @Test
    void anUndefinedNodesSizeIsAnErrorNamingIt() {
        Cluster c = twoRoots(empty(), false);
        List<Diagnostic> found = SlurmMissingFacts.check(c).get(SlurmFiles.NODES);
        assertThat(found).singleElement().satisfies(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("size of n9 is unknown");
        });
        assertThat(ExportVerdict.of(c, "slurm-nodes", "out.conf").orElseThrow()).contains(
                new Diagnostic(found.get(0).severity(), "out.conf", 1, 1, found.get(0).message()));
    }

    /**
     * ibnetdiscover lists a big fabric's hosts last leaf first; the message names them as one sorted range
     * (node[01-64], not node[57-64,49-56,...]).
     */
    @Test
    void unsizedHostsAreNamedAsOneSortedRange() {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("leaf");
        for (int leaf = 7; leaf >= 0; leaf--) {
            for (int i = 1; i <= 8; i++) {
                String h = String.format("node%02d", leaf * 8 + i);
                b.addHost(h);
                b.cable("leaf", h);
            }
        }
        Cluster c = new Cluster("reversed", b.tiers(Map.of("leaf", 1, "node01", 0)).build(), Map.of(), Map.of(), empty(),
                null);
        assertThat(c.hostNames().get(0)).isEqualTo("node57");
        assertThat(SlurmMissingFacts.check(c).get(SlurmFiles.NODES)).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("the size of node[01-64] is unknown"));
    }

    @Test
    void aGresCountThatContradictsTheOtherSourcesIsAnError() {
        SlurmSettings slurm = new SlurmSettings(List.of(NodeLine.of("n1", 2, 16, 1, "gpu:2")), List.of(), Map.of());
        List<Diagnostic> found = SlurmMissingFacts.check(twoRoots(slurm, true)).get(SlurmFiles.NODES);
        assertThat(found).anySatisfy(d -> assertThat(d.message())
                .contains("n1: Gres=gpu:2 in slurm.conf, but 8 GPUs from the other sources"));
    }

    @Test
    void aCountWithoutDeviceFilesIsAnErrorNotInventedFiles() {
        GresLine line = new GresLine(List.of("n3", "n4"), "gpu", null, List.of(), null, List.of(), 2L, null, null);
        SlurmSettings slurm = new SlurmSettings(List.of(), List.of(line), Map.of());
        List<Diagnostic> found = SlurmMissingFacts.check(twoRoots(slurm, true)).get(SlurmFiles.GRES);
        assertThat(found).singleElement().satisfies(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("n[3-4] Name=gpu Count=2 without File=");
        });
    }

    @Test
    void convertAndExportGiveTheSameVerdictOnATwoRootTopology() {
        Cluster c = twoRoots(empty(), true);
        List<Diagnostic> bundle = SlurmFiles.build(c).stream().filter(f -> f.relativePath().equals(SlurmFiles.TOPOLOGY))
                .findFirst().orElseThrow().validation();
        List<Diagnostic> convert = ExportVerdict.of(c, "slurm-topology", SlurmFiles.TOPOLOGY).orElseThrow();
        assertThat(bundle).isNotEmpty();
        assertThat(convert).containsExactlyElementsOf(bundle);
        assertThat(ExportVerdict.of(c, "project", "x")).isEmpty();
    }

    /**
     * convert checks topology.conf alone (issue 15: the bundle's other files are neither written nor read
     * back); on every fixture, tree or blocks only, its findings and text are the bundle's.
     */
    @Test
    void convertChecksTheTreeAloneWithTheBundlesVerdict() {
        List<Cluster> clusters = List.of(ExportFixtures.example().cluster(), ExportFixtures.exampleWithTopologies().cluster(),
                ExportFixtures.exampleWithBlocks().cluster(), ExportFixtures.blocksOnly().cluster(),
                ExportFixtures.fatTree().cluster(), ExportFixtures.rail().cluster(), ExportFixtures.roce().cluster(),
                twoRoots(empty(), true), twoRoots(empty(), false), unreachedInMixedGroups());
        for (Cluster c : clusters) {
            List<ExportFile> bundle = SlurmFiles.build(c);
            ExportVerdict.Checked convert = ExportVerdict.checked(c, "slurm-topology", SlurmFiles.TOPOLOGY).orElseThrow();
            var tree = bundle.stream().filter(f -> f.relativePath().equals(SlurmFiles.TOPOLOGY)).findFirst();
            List<Diagnostic> expected = tree.map(ExportFile::validation)
                    .orElseGet(() -> bundle.stream().flatMap(f -> f.validation().stream()).toList());
            // convert alone warns that a topology.conf drops the other named topologies (the bundle writes
            // topology.yaml beside it) and refuses a tree file of blocks alone (the bundle leaves it out); every
            // other finding is the bundle's
            List<Diagnostic> several = convert.findings().stream().filter(d -> d.message().contains("named topologies")
                    || d.message().contains("no switches")).toList();
            assertThat(several).as(c.name()).hasSize((c.slurm().topologies().size() > 1 ? 1 : 0)
                    + (tree.isEmpty() && !c.fabric().blocks().isEmpty() ? 1 : 0));
            assertThat(convert.findings().stream().filter(d -> !several.contains(d)).toList()).as(c.name())
                    .containsExactlyElementsOf(expected);
            assertThat(convert.text()).as(c.name()).isEqualTo(tree.map(ExportFile::text));
        }
    }

    /** The unreached-host warning lists hosts in the node lines' order, which groups them by their attributes. */
    @Test
    void unreachedHostsAreListedInTheNodeLinesOrder() {
        List<Diagnostic> found = ExportVerdict.of(unreachedInMixedGroups(), "slurm-topology", "out").orElseThrow();
        assertThat(found).anySatisfy(d -> assertThat(d.message()).startsWith("no switch reaches 3 node(s) n[1,3,2];"));
    }

    /**
     * n1 and n3 sized, n2 and n4 not: the hosts in order n1 n2 n3 n4, the node lines n[1,3] and n[2,4];
     * only n4 under a switch.
     */
    private static Cluster unreachedInMixedGroups() {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("leaf");
        for (String h : List.of("n1", "n2", "n3", "n4")) {
            b.addHost(h);
        }
        b.cable("leaf", "n4");
        NodeTopology node = ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        nodes.put("n1", node);
        nodes.put("n2", NodeTopology.unknown());
        nodes.put("n3", node);
        return new Cluster("mixed", b.tiers(Map.of("leaf", 1, "n4", 0)).build(), nodes, Map.of(), empty(), null);
    }

    /** The mirror of a tree file for blocks alone: topology/block without a BlockName places no job on a block. */
    @Test
    void aBlockFileOfATreeIsRefusedAndNamesTheTreeTarget() {
        Cluster tree = ExportFixtures.example().cluster();
        assertThat(ExportVerdict.of(tree, "slurm-topology-block", "out").orElseThrow()).anySatisfy(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("switches (7) and no blocks").contains("--to slurm-topology ");
        });
        assertThat(ExportVerdict.of(ExportFixtures.exampleWithBlocks().cluster(), "slurm-topology-block", "out")
                .orElseThrow()).noneMatch(Diagnostic::isError);
    }

    /** Without switches or blocks neither topology file has anything to say; topology.yaml's flat topology does. */
    @Test
    void aClusterWithoutTopologyGetsNoTopologyFile() {
        Cluster flat = hostsAlone(ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU));
        for (String target : List.of("slurm-topology", "slurm-topology-block")) {
            assertThat(ExportVerdict.of(flat, target, "out").orElseThrow()).as(target).anySatisfy(d -> {
                assertThat(d.isError()).isTrue();
                assertThat(d.message()).contains("no switches and no blocks").contains("leave TopologyPlugin unset");
            });
        }
        ExportVerdict.Checked yaml = ExportVerdict.checked(flat, "slurm-topology-yaml", "out").orElseThrow();
        assertThat(yaml.findings()).noneMatch(Diagnostic::isError);
        assertThat(yaml.text().orElseThrow()).contains("flat: true");
    }

    /** kubectl apply refuses a file without objects: no switch under the hosts means no HyperNodes file. */
    @Test
    void hyperNodesWithoutASwitchAreRefused() {
        List<Diagnostic> blocks = ExportVerdict.of(ExportFixtures.blocksOnly().cluster(), "volcano-hypernodes", "out")
                .orElseThrow();
        assertThat(blocks).anySatisfy(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("blocks (8)").contains("no HyperNode").contains("--to k8s-labels");
        });
        assertThat(ExportVerdict.of(hostsAlone(ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU)),
                "volcano-hypernodes", "out").orElseThrow()).anySatisfy(d -> assertThat(d.message())
                .contains("no switch with hosts below it").doesNotContain("k8s-labels"));
        assertThat(ExportVerdict.of(ExportFixtures.example().cluster(), "volcano-hypernodes", "out").orElseThrow())
                .noneMatch(Diagnostic::isError);
    }

    /** The bundle leaves the HyperNodes file out where convert refuses it, and keeps it where there are switches. */
    @Test
    void theBundleLeavesOutAHyperNodesFileWithoutHyperNodes() {
        assertThat(KubernetesFiles.build(ExportFixtures.blocksOnly().cluster())).extracting(ExportFile::relativePath)
                .doesNotContain(KubernetesFiles.HYPERNODES).contains(KubernetesFiles.LABELS, KubernetesFiles.KUEUE);
        assertThat(KubernetesFiles.build(ExportFixtures.example().cluster())).extracting(ExportFile::relativePath)
                .contains(KubernetesFiles.HYPERNODES);
    }

    /**
     * A Kueue Topology of a cluster of blocks alone has the block level above the hostname, so no warning; when
     * a host is in no block the level would leave it out of Kueue, so the Topology keeps the hostname alone and
     * the warning names the host.
     */
    @Test
    void aKueueTopologyOfBlocksAloneHasTheBlockLevelOrSaysWhichHostsLackIt() {
        assertThat(ExportVerdict.of(ExportFixtures.blocksOnly().cluster(), "kueue-topology", "out").orElseThrow())
                .noneMatch(d -> d.message().contains("only the hostname level"));
        assertThat(ExportVerdict.of(blocksMissingOneHost(), "kueue-topology", "out").orElseThrow())
                .anySatisfy(d -> assertThat(d.message()).contains("only the hostname level, not the cluster's 7 blocks")
                        .contains("4 host(s) are in none").contains("--to k8s-labels"));
        assertThat(ExportVerdict.of(hostsAlone(ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU)), "kueue-topology",
                "out").orElseThrow()).anySatisfy(d -> assertThat(d.message()).endsWith("only the hostname level"));
    }

    /** blocksOnly's cluster with the last four hosts in no block. */
    private static Cluster blocksMissingOneHost() {
        Cluster c = ExportFixtures.blocksOnly().cluster();
        FabricBuilder b = new FabricBuilder();
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        hosts.forEach(b::addHost);
        c.fabric().blocks().stream().limit(7).forEach(b::block);
        return new Cluster("blocks-partly", b.build(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes());
    }

    /** A gres.conf without lines is right for nodes without GPUs: written, and it says why it is empty. */
    @Test
    void anEmptyGresFileOfNodesWithoutGpusIsAllowedAndSaysSo() {
        NodeTopology gpus = ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU);
        NodeTopology cpus = new NodeTopology(gpus.model(), gpus.sockets(), gpus.numaNodes(), gpus.cores(),
                gpus.threads(), gpus.coreList(), gpus.numa(), List.of(), List.of(), List.of(), List.of(), List.of());
        ExportVerdict.Checked gres = ExportVerdict.checked(hostsAlone(cpus), "slurm-gres", "out").orElseThrow();
        assertThat(gres.findings()).noneMatch(Diagnostic::isError)
                .anySatisfy(d -> assertThat(d.message()).contains("no GPUs: gres.conf has no lines"));
        assertThat(ExportVerdict.of(ExportFixtures.example().cluster(), "slurm-gres", "out").orElseThrow())
                .noneMatch(d -> d.message().contains("no GPUs"));
    }

    /** Four hosts of one node type, without switches or blocks. */
    private static Cluster hostsAlone(NodeTopology node) {
        FabricBuilder b = new FabricBuilder();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (String h : List.of("n1", "n2", "n3", "n4")) {
            b.addHost(h);
            nodes.put(h, node);
        }
        return new Cluster("flat", b.build(), nodes, Map.of(), empty(), null);
    }

    @Test
    void theCheckedTextOfEverySlurmTargetIsWhatItsWriterWrites() {
        Cluster c = twoRoots(empty(), true);
        for (String target : List.of("slurm-topology", "slurm-topology-yaml", "slurm-gres", "slurm-nodes")) {
            String written = org.topoplanner.importers.pipeline.WriterRegistry.standard().writer(target).orElseThrow().write(c);
            assertThat(ExportVerdict.checked(c, target, "out").orElseThrow().text()).as(target).contains(written);
        }
        assertThat(ExportVerdict.checked(c, "k8s-labels", "out").orElseThrow().text()).isEmpty();
    }
}
