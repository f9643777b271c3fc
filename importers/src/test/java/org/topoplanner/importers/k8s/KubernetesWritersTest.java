package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;

class KubernetesWritersTest {
    private static final Schema HYPERNODES = CrdSchemas.schema("topology.volcano.sh_hypernodes.yaml", "v1alpha1", true);
    private static final Schema TOPOLOGIES = CrdSchemas.schema("kueue.x-k8s.io_topologies.yaml", "v1beta2", true);
    private static final Schema FLAVORS = CrdSchemas.schema("kueue.x-k8s.io_resourceflavors.yaml", "v1beta2", true);

    /** Switch names as ibnetdiscover gives them: upper case, ';', ':' and '/'. */
    private static final UnaryOperator<String> UGLY = n -> "MF0;" + n.toUpperCase() + ":MQM9701/U1";

    @Property(tries = 60)
    void nodeLabelScriptReadsBackToTheSameTree(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int tiers) {
        Cluster c = TreeClusters.tree(seed, tiers, UnaryOperator.identity());
        ImportResult back = new NodeLabelsReader().read(new SourceText("labels.sh", new NodeLabelsWriter().write(c)));
        assertThat(back.hasErrors()).isFalse();
        assertThat(TreeClusters.shape(back.part().fabric(), UnaryOperator.identity()))
                .isEqualTo(TreeClusters.shape(c.fabric(), UnaryOperator.identity()));
    }

    @Property(tries = 60)
    void nodePatchReadsBackToTheSameTreeEvenWithUglySwitchNames(@ForAll long seed,
                                                                @ForAll @IntRange(min = 1, max = 4) int tiers) {
        Cluster c = TreeClusters.tree(seed, tiers, UGLY);
        ImportResult back = new KubernetesNodesReader().read(new SourceText("n.yaml", new NodeLabelsWriter().writePatch(c)));
        assertThat(back.diagnostics()).noneMatch(d -> !d.severity().equals(org.topoplanner.model.diag.Severity.INFO));
        assertThat(TreeClusters.shape(back.part().fabric(), UnaryOperator.identity()))
                .isEqualTo(TreeClusters.shape(c.fabric(), LabelSyntax::toLabelValue));
    }

    @Property(tries = 60)
    void hyperNodesReadBackToTheSameTreeAndPassTheStrictSchema(@ForAll long seed,
                                                              @ForAll @IntRange(min = 1, max = 4) int tiers,
                                                              @ForAll boolean ugly) {
        UnaryOperator<String> namer = ugly ? UGLY : UnaryOperator.identity();
        Cluster c = TreeClusters.tree(seed, tiers, namer);
        HyperNodeWriter w = new HyperNodeWriter();
        assertThat(w.check(c)).noneMatch(d -> d.isError());
        String yaml = w.write(c);
        for (JsonNode doc : CrdSchemas.documents(yaml)) {
            assertThat(CrdSchemas.validate(HYPERNODES, doc)).isEmpty();
            for (JsonNode m : doc.path("spec").path("members")) {
                assertThat(m.path("selector").size()).isEqualTo(1);
            }
        }
        ImportResult back = new HyperNodeReader().read(new SourceText("hn.yaml", yaml));
        assertThat(back.diagnostics()).isEmpty();
        TreeClusters.Shape expected = TreeClusters.shape(c.fabric(), LabelSyntax::toObjectName);
        TreeClusters.Shape got = TreeClusters.shape(back.part().fabric(), UnaryOperator.identity());
        assertThat(got.tiers()).isEqualTo(expected.tiers());
        assertThat(got.parentOf()).isEqualTo(expected.parentOf());
        assertThat(got.leafOf()).isEqualTo(expected.leafOf());
    }

    @Property(tries = 40)
    void kueueTopologyEndsAtHostnameAndPassesTheStrictSchemas(@ForAll long seed,
                                                             @ForAll @IntRange(min = 1, max = 4) int tiers) {
        Cluster c = TreeClusters.tree(seed, tiers, UnaryOperator.identity());
        String yaml = new KueueTopologyWriter().write(c);
        List<JsonNode> docs = CrdSchemas.documents(yaml);
        assertThat(docs).hasSize(2);
        assertThat(CrdSchemas.validate(TOPOLOGIES, docs.get(0))).isEmpty();
        assertThat(CrdSchemas.validate(FLAVORS, docs.get(1))).isEmpty();
        ImportResult back = new KueueTopologyReader().read(new SourceText("k.yaml", yaml));
        assertThat(back.diagnostics()).isEmpty();
        List<String> levels = back.part().kubernetes().topologies().get(0).levels();
        assertThat(levels).hasSize(tiers + 1).endsWith("kubernetes.io/hostname")
                .startsWith("topoplanner.org/tier-" + tiers);
        assertThat(back.part().kubernetes().flavors()).containsExactly(new ResourceFlavor(c.name(),
                Map.of(KubernetesExport.CLUSTER_LABEL, c.name()), c.name()));
        // Every level but the hostname is a label the node-label export sets on every host.
        new NodeLabelsWriter().labels(c).values().forEach(labels ->
                assertThat(labels.keySet()).containsAll(levels.subList(0, levels.size() - 1)));
    }

    @Provide
    Arbitrary<String> anyName() {
        return Arbitraries.strings().ofMinLength(0).ofMaxLength(300);
    }

    @Property(tries = 300)
    void sanitisedNamesAreValidAndStable(@ForAll("anyName") String name) {
        String v = LabelSyntax.toLabelValue(name);
        assertThat(LabelSyntax.isValue(v)).isTrue();
        assertThat(v).isNotEmpty().isEqualTo(LabelSyntax.toLabelValue(name));
        assertThat(LabelSyntax.isObjectName(LabelSyntax.toObjectName(name))).isTrue();
        if (!name.isEmpty() && LabelSyntax.isValue(name)) {
            assertThat(v).isEqualTo(name);
        }
    }

    @Test
    void cleansUpNamesThatAreNotLabelValuesDistinctly() {
        assertThat(LabelSyntax.toLabelValue("a/b")).isNotEqualTo(LabelSyntax.toLabelValue("a:b")).startsWith("a-b-");
        assertThat(LabelSyntax.toLabelValue("x".repeat(64))).hasSize(63);
        assertThat(LabelSyntax.keyProblem("Fabric.Example.COM/rack")).isPresent();
        assertThat(LabelSyntax.keyProblem("-rack")).isPresent();
        assertThat(LabelSyntax.keyProblem("a/b/c")).isPresent();
        assertThat(LabelSyntax.keyProblem("topoplanner.org/tier-1")).isEmpty();
        assertThat(LabelSyntax.valueProblem("")).isEmpty();
    }

    @Test
    void refusesHostsThatCannotBeKubernetesNodes() {
        org.topoplanner.model.fabric.FabricBuilder fb = new org.topoplanner.model.fabric.FabricBuilder();
        fb.addSwitch("leaf").addHost("GPU_Node1").cable("leaf", "GPU_Node1");
        Cluster c = new Cluster("c", fb.build(), Map.of(), Map.of(), null, null);
        assertThat(new HyperNodeWriter().check(c)).anyMatch(d -> d.isError() && d.message().contains("GPU_Node1"));
        assertThat(new NodeLabelsWriter().check(c)).anyMatch(d -> d.isError());
        assertThat(new KueueTopologyWriter().check(c)).anyMatch(d -> d.isError());
    }

    @Test
    void writesTheNvl72ModelAsValidExportsWithBlocks() {
        ImportResult model = new TopographModelReader().read(Samples.sample("topograph-model-nvl72-blocks-labels.yaml.txt"));
        Cluster c = new Cluster("nvl72", model.part().fabric(), Map.of(), Map.of(), null, null);
        Map<String, Map<String, String>> labels = new NodeLabelsWriter().labels(c);
        assertThat(labels.get("node1101")).containsEntry("topoplanner.org/tier-1", "leaf-1-1")
                .containsEntry("topoplanner.org/tier-2", "spine-1").containsEntry("topoplanner.org/tier-3", "core")
                .containsEntry("topoplanner.org/block", "nvl-1-1");
        labels.values().forEach(l -> l.forEach((k, v) -> {
            assertThat(LabelSyntax.isKey(k)).isTrue();
            assertThat(LabelSyntax.isValue(v)).isTrue();
        }));
        assertThat(new KueueTopologyReader().read(new SourceText("k", new KueueTopologyWriter().write(c)))
                .part().kubernetes().topologies()).containsExactly(new KueueTopology("nvl72", List.of(
                "topoplanner.org/tier-3", "topoplanner.org/tier-2", "topoplanner.org/tier-1",
                "kubernetes.io/hostname")));
    }
}
