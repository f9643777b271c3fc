package org.topoplanner.importers.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.FixedFabricReader;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.pipeline.FormatRegistry;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.importers.slurm.SlurmClusterFolderReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.slurm.NodeLine;

/**
 * Conflicts between real sample files, read as the import reads them (format detected from the
 * text): the default merge is what it was before conflicts existed, a choice flips the cluster, and
 * the warnings compare against the chosen side.
 */
class MergeChoicesTest {
    private static final String IBNET = "samples/ibsim/example-32.ibnetdiscover";
    private static final String TOPOLOGY = "samples/merge/example-32-topology-node009-moved-node032-missing.conf";
    private static final String SMI = "samples/nvidia-smi/a100-sxm4-epyc7742-nps4-10nic.txt";
    private static final String SLURM = "samples/merge/slurm-a100n-4gpu.conf";

    private final ClusterMerger merger = new ClusterMerger();

    private static ImportResult read(String path) {
        SourceText text = TestSamples.text(path.substring("samples/".length()));
        return FormatRegistry.standard().detect(text).orElseThrow().read(text);
    }

    private static List<ImportResult> fabrics() {
        return List.of(read(TOPOLOGY), read(IBNET));
    }

    private static List<ImportResult> gpus() {
        return List.of(read(SLURM), read(SMI));
    }

    private static <T extends SourceConflict> T only(MergedCluster m, Class<T> type) {
        return m.conflicts().stream().filter(type::isInstance).map(type::cast).reduce((a, b) -> {
            throw new AssertionError("more than one " + type.getSimpleName() + ": " + m.conflicts());
        }).orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " in " + m.conflicts()));
    }

    private static List<String> warnings(MergedCluster m) {
        return m.mergeDiagnostics().stream().filter(d -> d.severity() == Severity.WARNING)
                .map(d -> d.path() + ": " + d.message()).toList();
    }

    @Test
    void theFabricOfIbnetdiscoverIsTheDefaultAndTheTopologyConfCanBeChosen() {
        MergedCluster byRank = merger.merge(fabrics());
        FabricConflict fabric = only(byRank, FabricConflict.class);
        assertThat(fabric.options()).extracting(ConflictOption::id).containsExactly(IBNET, TOPOLOGY);
        assertThat(fabric.options()).extracting(ConflictOption::says).containsExactly(
                "7 switches (tiers 1/2/3: 4/2/1), 32 hosts", "7 switches (tiers 1/2/3: 4/2/1), 31 hosts");
        assertThat(fabric.chosen()).isEqualTo(IBNET);
        assertThat(fabric.isDefault()).isTrue();
        assertThat(byRank.cluster().fabric().switchesOf("node009")).containsExactly("leaf2");
        assertThat(warnings(byRank)).anyMatch(w -> w.startsWith(TOPOLOGY + ": hosts differ from " + IBNET
                + ": only here none; only there node032"));

        MergedCluster chosen = merger.merge(fabrics(), MergeChoices.none().with(fabric, fabric.options().get(1)));
        assertThat(chosen.cluster().fabric().switchesOf("node009")).containsExactly("leaf1");
        assertThat(only(chosen, FabricConflict.class).chosen()).isEqualTo(TOPOLOGY);
        assertThat(only(chosen, FabricConflict.class).isDefault()).isFalse();
        // The warnings now speak from the ibnetdiscover's side, against the chosen topology.conf.
        assertThat(warnings(chosen)).anyMatch(w -> w.startsWith(IBNET + ": hosts differ from " + TOPOLOGY
                + ": only here node032; only there none"));
        assertThat(warnings(chosen)).noneMatch(w -> w.startsWith(TOPOLOGY + ": hosts differ"));
        assertThat(chosen.mergeDiagnostics()).extracting(Diagnostic::message)
                .contains("the fabric (switches and cables) is taken from this source, as chosen");
    }

    @Test
    void aHostOnlyTheIbnetdiscoverHasIsKeptByDefaultAndCanBeDropped() {
        MergedCluster byRank = merger.merge(fabrics());
        HostPresenceConflict presence = only(byRank, HostPresenceConflict.class);
        assertThat(presence.hosts()).containsExactly("node032");
        assertThat(presence.namedBy()).containsExactly(IBNET);
        assertThat(presence.lackedBy()).containsExactly(TOPOLOGY);
        assertThat(presence.chosen()).isEqualTo(HostPresenceConflict.KEEP);
        assertThat(byRank.cluster().hostNames()).hasSize(32).contains("node032");

        MergeChoices drop = MergeChoices.none().with(presence.key(), HostPresenceConflict.DROP);
        MergedCluster dropped = merger.merge(fabrics(), drop);
        Cluster c = dropped.cluster();
        assertThat(c.hostNames()).hasSize(31).doesNotContain("node032");
        assertThat(c.fabric().hasHost("node032")).isFalse();
        assertThat(c.fabric().hostsOf("leaf4")).hasSize(7);
        assertThat(only(dropped, HostPresenceConflict.class).kept()).isFalse();
        assertThat(dropped.mergeDiagnostics()).extracting(Diagnostic::message).contains(
                "1 host(s) that only " + IBNET + " name(s) are left out, as chosen: node032");
        // The sources still disagree, and the warnings still say so.
        assertThat(warnings(dropped)).anyMatch(w -> w.contains("only there node032"));
    }

    @Test
    void dropAndTheTopologyConfsFabricTogetherGiveTheTopologyConfsCluster() {
        MergedCluster byRank = merger.merge(fabrics());
        MergeChoices both = MergeChoices.none()
                .with(FabricConflict.KEY, TOPOLOGY)
                .with(only(byRank, HostPresenceConflict.class).key(), HostPresenceConflict.DROP);
        Cluster c = merger.merge(fabrics(), both).cluster();
        assertThat(c.hostNames()).hasSize(31);
        assertThat(c.fabric().hostsOf("leaf1")).hasSize(9).contains("node009");
    }

    @Test
    void eightGpusOfNvidiaSmiAreTheDefaultAndTheFourOfSlurmConfCanBeChosen() {
        MergedCluster byRank = merger.merge(gpus());
        NodeInsideConflict inside = only(byRank, NodeInsideConflict.class);
        assertThat(inside.hosts()).containsExactly("a100n1", "a100n2");
        assertThat(inside.subject()).isEqualTo("node inside of 2 hosts: a100n1, a100n2");
        assertThat(inside.options()).extracting(ConflictOption::id).containsExactly(SMI, SLURM);
        assertThat(inside.options().get(0).says()).startsWith("8 GPUs (");
        assertThat(inside.options().get(1).says()).isEqualTo("4 GPUs, 2 sockets, 128 cores, 256 threads, 2 NUMA nodes");
        assertThat(inside.chosen()).isEqualTo(SMI);
        assertThat(byRank.cluster().gpuCount()).isEqualTo(16);
        assertThat(warnings(byRank)).contains(SLURM + ": a100n1: 4 GPUs here, 8 in " + SMI + " (kept 8)");

        MergedCluster chosen = merger.merge(gpus(), MergeChoices.none().with(inside, inside.options().get(1)));
        assertThat(chosen.cluster().gpuCount()).isEqualTo(8);
        assertThat(chosen.cluster().node("a100n2").gpus()).hasSize(4);
        assertThat(chosen.cluster().node("a100n2").cores()).isEqualTo(128);
        NodeInsideConflict again = only(chosen, NodeInsideConflict.class);
        assertThat(again.key()).isEqualTo(inside.key());
        assertThat(again.chosen()).isEqualTo(SLURM);
        assertThat(warnings(chosen)).contains(SMI + ": a100n1: 8 GPUs here, 4 in " + SLURM + " (kept 4)")
                .noneMatch(w -> w.contains("(kept 8)"));
    }

    @Test
    void aChoiceForAnotherSetOfSourcesOrAnUnknownOptionChangesNothing() {
        MergedCluster byRank = merger.merge(gpus());
        MergeChoices stale = MergeChoices.none().with(FabricConflict.KEY, TOPOLOGY)
                .with(only(byRank, NodeInsideConflict.class).key(), "no-such-source.txt");
        MergedCluster m = merger.merge(gpus(), stale);
        assertThat(m.cluster()).isEqualTo(byRank.cluster());
        assertThat(m.conflicts()).isEqualTo(byRank.conflicts());
        assertThat(m.mergeDiagnostics()).isEqualTo(byRank.mergeDiagnostics());
    }

    @Test
    void aDroppedHostLeavesTheSlurmNodeLinesAndGresLinesToo() {
        ImportResult folder = new SlurmClusterFolderReader(new TopologyConfReader()).read("cases/tree32", List.of(
                TestSamples.text("oracle/tree32/nodes.conf"), TestSamples.text("oracle/tree32/gres.conf"),
                TestSamples.text("oracle/tree32/topology.conf")));
        // An InfiniBand fabric on which node32 is gone (a decommissioned node Slurm still lists).
        Fabric without32 = FixedFabricReader.tree32(i -> i == 32 ? "spare" : String.format("node%02d", i), null);
        ImportResult ib = new ImportResult(new SourceText("ib.txt", ""), Format.IBNETDISCOVER,
                ClusterPart.ofFabric(without32), List.of());
        MergedCluster byRank = merger.merge(List.of(folder, ib));
        List<HostPresenceConflict> presence = byRank.conflicts().stream()
                .filter(HostPresenceConflict.class::isInstance).map(HostPresenceConflict.class::cast).toList();
        assertThat(presence).extracting(HostPresenceConflict::hosts)
                .containsExactly(List.of("node32"), List.of("spare"));
        assertThat(byRank.cluster().slurm().nodeLines()).extracting(NodeLine::name).contains("node32");

        MergedCluster dropped = merger.merge(List.of(folder, ib),
                MergeChoices.none().with(presence.get(0).key(), HostPresenceConflict.DROP));
        Cluster c = dropped.cluster();
        assertThat(c.hostNames()).hasSize(32).doesNotContain("node32").contains("spare");
        assertThat(c.slurm().nodeLines()).extracting(NodeLine::name).hasSize(31).doesNotContain("node32");
        assertThat(c.slurm().gres()).hasSize(8).allSatisfy(g -> assertThat(g.nodes()).hasSize(31)
                .doesNotContain("node32"));
    }

    @Test
    void sourcesThatAgreeGiveNoConflict() {
        MergedCluster m = merger.merge(List.of(read(IBNET), read("samples/ibsim/example-32.iblinkinfo")));
        assertThat(m.conflicts()).isEmpty();
    }
}
