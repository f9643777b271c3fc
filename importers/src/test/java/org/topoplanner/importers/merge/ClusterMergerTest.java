package org.topoplanner.importers.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.FixedFabricReader;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.importers.slurm.SlurmClusterFolderReader;
import org.topoplanner.importers.slurm.SlurmConfReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

class ClusterMergerTest {
    private final ClusterMerger merger = new ClusterMerger();

    private static ImportResult tree32Folder() {
        SlurmClusterFolderReader reader = new SlurmClusterFolderReader(new FixedFabricReader(
                FixedFabricReader.tree32(i -> String.format("node%02d", i), null), Format.SLURM_TOPOLOGY));
        return reader.read("cases/tree32", List.of(TestSamples.text("oracle/tree32/nodes.conf"),
                TestSamples.text("oracle/tree32/gres.conf"), TestSamples.text("oracle/tree32/topology.conf")));
    }

    /**
     * What an nvidia-smi reader gives for samples/nvidia-smi/a100-sxm4-epyc7742-nps4-10nic.txt (values read off
     * that file): 8 GPUs, NUMA 3,3,1,1,7,7,5,5, CPU affinity per pair, every GPU pair NV12; no host name.
     */
    private static ImportResult a100Nps4Template() {
        String[] cpus = {"48-63,176-191", "16-31,144-159", "112-127,240-255", "80-95,208-223"};
        int[] numa = {3, 1, 7, 5};
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false);
        for (int i = 0; i < 8; i++) {
            b.gpu(new Gpu("GPU" + i, i, null, List.of(numa[i / 2]), CpuSet.parse(cpus[i / 2]), null, null, null));
        }
        for (int i = 0; i < 8; i++) {
            for (int j = i + 1; j < 8; j++) {
                b.nvlink("GPU" + i, "GPU" + j, 12);
            }
        }
        return new ImportResult(new SourceText("a100-nps4.txt", ""), Format.NVIDIA_SMI_TOPO,
                ClusterPart.ofNode("a100-nps4.txt", b.build(), false), List.of());
    }

    private static List<String> messages(MergedCluster m, Severity s) {
        return m.mergeDiagnostics().stream().filter(d -> d.severity() == s).map(Diagnostic::message).toList();
    }

    @Test
    void appliesAnUnnamedNodeToEveryHostAndReportsNvlinkDisagreements() {
        MergedCluster m = merger.merge(List.of(tree32Folder(), a100Nps4Template()));
        Cluster c = m.cluster();
        assertThat(c.nodes()).hasSize(32);
        assertThat(c.name()).isEqualTo("tree32");
        NodeTopology n = c.node("node05");
        assertThat(n.links()).hasSize(28).allMatch(l -> l.count() == 12);
        assertThat(n.cores()).isEqualTo(32);
        assertThat(n.gpus()).hasSize(8);
        assertThat(messages(m, Severity.INFO)).anyMatch(x -> x.startsWith("this source names no host: its node "
                + "(8 GPUs) applies to every one of the 32 hosts as a template"));
        assertThat(messages(m, Severity.WARNING)).anyMatch(x -> x.startsWith("node05: NVLinks differ from "
                + "a100-nps4.txt: GPU0-GPU1 NV4 here, NV12 there"));
        assertThat(messages(m, Severity.WARNING)).anyMatch(x -> x.startsWith("node05: GPU0 CPUs 48-63,176-191 are "
                + "not all in NUMA node 3"));
    }

    /**
     * A fabric dump and a node-type file, as an ibnetdiscover dump with an nvidia-smi topology is imported:
     * every host gets the same node object (the window's allocator caches per topology object, and the merge
     * built 16,384 copies of one node for ft3-16384), and it is the merged node, not the template as read.
     */
    @Test
    void hostsOfOneNodeTypeFileShareOneMergedNode() {
        ImportResult fabric = new ImportResult(new SourceText("tree32.ibnetdiscover", ""), Format.IBNETDISCOVER,
                ClusterPart.ofFabric(FixedFabricReader.tree32(i -> String.format("node%02d", i), null)), List.of());
        MergedCluster m = merger.merge(List.of(fabric, a100Nps4Template()));
        Cluster c = m.cluster();
        assertThat(c.nodes()).hasSize(32);
        NodeTopology first = c.node("node01");
        assertThat(first.gpus()).hasSize(8);
        assertThat(first.links()).hasSize(28);
        assertThat(c.hostNames()).allSatisfy(h -> assertThat(c.node(h)).isSameAs(first));
    }

    @Test
    void combinesNvidiaSmiAffinityWithSlurmCoreCountsSplittingSocketsIntoNps4NumaNodes() {
        ImportResult conf = new SlurmConfReader().read(new SourceText("slurm.conf",
                "ClusterName=della\nNodeName=a100n[1-2] Sockets=2 CoresPerSocket=64 ThreadsPerCore=2 Gres=gpu:8\n"));
        MergedCluster m = merger.merge(List.of(conf, a100Nps4Template()));
        NodeTopology n = m.cluster().node("a100n2");
        assertThat(m.cluster().name()).isEqualTo("della");
        assertThat(n.numaNodes()).isEqualTo(8);
        assertThat(n.cores()).isEqualTo(128);
        assertThat(n.threads()).isEqualTo(256);
        assertThat(n.gpus()).extracting(Gpu::numa).containsExactly(3, 3, 1, 1, 7, 7, 5, 5);
        assertThat(n.coresOfNuma(3).get(0).pus().toString()).isEqualTo("48,176");
        assertThat(n.nvlinkLanes("GPU6", "GPU7")).isEqualTo(12);
        assertThat(messages(m, Severity.WARNING)).isEmpty();
        assertThat(messages(m, Severity.INFO)).anyMatch(x -> x.contains("split into 4 NUMA nodes"));
    }

    @Test
    void prefersIbnetdiscoverForCablesAndReportsHostsThatDiffer() {
        Fabric ib = FixedFabricReader.tree32(i -> String.format("node%03d", i), null);
        ImportResult ibnet = new ImportResult(new SourceText("example-32.ibnetdiscover", ""), Format.IBNETDISCOVER,
                ClusterPart.ofFabric(ib), List.of());
        MergedCluster m = merger.merge(List.of(tree32Folder(), ibnet));
        assertThat(m.cluster().fabric()).isSameAs(ib);
        assertThat(messages(m, Severity.WARNING)).anyMatch(x -> x.startsWith("hosts differ from "
                + "example-32.ibnetdiscover: only here node01, node02"));
        assertThat(messages(m, Severity.WARNING)).anyMatch(x -> x.startsWith("this source lacks 32 host(s)"));
        assertThat(messages(m, Severity.WARNING)).noneMatch(x -> x.startsWith("switches differ"));
        assertThat(m.cluster().hostNames()).hasSize(64);
    }

    @Test
    void reportsAHostUnderAnotherLeafInTheSecondFabric() {
        Fabric topo = FixedFabricReader.tree32(i -> String.format("node%03d", i), null);
        Fabric ib = FixedFabricReader.tree32(i -> String.format("node%03d", i), "node009");
        MergedCluster m = merger.merge(List.of(
                new ImportResult(new SourceText("topology.conf", ""), Format.SLURM_TOPOLOGY,
                        ClusterPart.ofFabric(topo), List.of()),
                new ImportResult(new SourceText("ib.txt", ""), Format.IBNETDISCOVER, ClusterPart.ofFabric(ib),
                        List.of())));
        assertThat(m.cluster().fabric()).isSameAs(ib);
        assertThat(messages(m, Severity.WARNING)).singleElement().satisfies(x -> assertThat(x)
                .startsWith("16 host(s) share a leaf with other hosts than in ib.txt: "
                        + "node009 ([leaf1] there, [leaf2] here), node001 ([leaf1] there, [leaf1] here)"));
    }

    @Test
    void reportsANodeInTwoLeavesOfATopologyConf() {
        var b = new org.topoplanner.model.fabric.FabricBuilder().addSwitch("leaf1").addSwitch("leaf2")
                .addHost("n1").addHost("n4");
        b.cable("leaf1", "n1");
        b.cable("leaf1", "n4");
        b.cable("leaf2", "n4");
        MergedCluster m = merger.merge(List.of(new ImportResult(new SourceText("topology.conf", ""),
                Format.SLURM_TOPOLOGY, ClusterPart.ofFabric(b.build()), List.of())));
        assertThat(messages(m, Severity.WARNING)).containsExactly(
                "1 node(s) in two leaves: n4 [leaf1, leaf2] (slurmctld warns: Multiple leaf switches contain nodes)");
    }

    @Test
    void reportsGpuCountsAndAttributesThatDiffer() {
        ImportResult a = new SlurmConfReader().read(new SourceText("a.conf",
                "NodeName=g1 Sockets=2 CoresPerSocket=8 Gres=gpu:4 Weight=5"));
        ImportResult b = new SlurmConfReader().read(new SourceText("b.conf",
                "NodeName=g1 Sockets=1 CoresPerSocket=16 Gres=gpu:8 Weight=7"));
        MergedCluster m = merger.merge(List.of(a, b));
        assertThat(messages(m, Severity.WARNING)).contains(
                "g1: 1 sockets here, 2 in a.conf (kept 2)",
                "g1: 8 GPUs here, 4 in a.conf (kept 4)",
                "g1: weight 7 features [] here, weight 5 features [] in a.conf (kept the latter)",
                "node line of g1 differs from an earlier source's; kept the earlier one");
        assertThat(m.cluster().attributes("g1").weight()).isEqualTo(5);
    }

    @Test
    void withoutFabricTheHostsStandAloneAndAnUnnamedNodeKeepsItsKey() {
        MergedCluster m = merger.merge(List.of(a100Nps4Template()));
        assertThat(m.cluster().nodes()).containsOnlyKeys("a100-nps4.txt");
        assertThat(m.cluster().fabric().hosts()).hasSize(1);
        assertThat(m.cluster().fabric().switches()).isEmpty();
        assertThat(messages(m, Severity.INFO)).contains(
                "no source describes the fabric: the hosts stand without switches");
        assertThat(m.cluster().name()).isEqualTo("a100-nps4");
    }

    @Test
    void concatenatesSlurmSettingsAndKeepsSourceDiagnostics() {
        ImportResult folder = tree32Folder();
        ImportResult conf = new SlurmConfReader().read(new SourceText("extra.conf",
                "TopologyPlugin=topology/tree\nGresTypes=gpu\nNodeName=node01 Sockets=x"));
        MergedCluster m = merger.merge(List.of(folder, conf));
        assertThat(m.cluster().slurm().keys()).containsEntry("TopologyPlugin", "topology/tree")
                .containsEntry("AutoDetect", "off");
        assertThat(m.cluster().slurm().gres()).hasSize(8);
        assertThat(m.sourceDiagnostics()).extracting(Diagnostic::path).contains("extra.conf");
        assertThat(m.allDiagnostics()).hasSize(m.sourceDiagnostics().size() + m.mergeDiagnostics().size());
        assertThat(Map.copyOf(m.cluster().hosts())).hasSize(32);
    }
}
