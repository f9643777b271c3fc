package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.importers.k8s.Samples.sample;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;

class HyperNodeReaderTest {
    private final HyperNodeReader reader = new HyperNodeReader();

    @Test
    void readsFourLeafHyperNodesDespiteTrailingComments() {
        ImportResult r = reader.read(sample("volcano-hypernode-3tier-exactmatch-multidoc.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        List<HyperNode> hn = r.part().kubernetes().hyperNodes();
        assertThat(hn).extracting(HyperNode::name).containsExactly("s0", "s1", "s2", "s3");
        assertThat(hn).allMatch(h -> h.tier() == 1 && h.members().size() == 2);
        assertThat(hn.get(3).members()).containsExactly(HyperNodeMember.exactNode("node-6"),
                HyperNodeMember.exactNode("node-7"));
        Fabric f = r.part().fabric();
        assertThat(f.hosts()).hasSize(8);
        assertThat(f.leaves()).extracting(SwitchNode::name).containsExactly("s0", "s1", "s2", "s3");
        assertThat(f.hostsOf("s1")).containsExactly("node-2", "node-3");
    }

    @Test
    void readsNonLeafHyperNodesAndKeepsUndefinedChildrenAsSwitchesOneTierDown() {
        ImportResult r = reader.read(sample("volcano-hypernode-nonleaf-s4-s5-s6.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.part().kubernetes().hyperNodes()).extracting(HyperNode::name, HyperNode::tier)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("s4", 2), org.assertj.core.groups.Tuple.tuple("s5", 2),
                        org.assertj.core.groups.Tuple.tuple("s6", 3));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).hasSize(7);
        assertThat(f.hosts()).isEmpty();
        assertThat(f.roots()).extracting(SwitchNode::name).containsExactly("s6");
        assertThat(f.childSwitches("s5")).containsExactly("s2", "s3");
        assertThat(Samples.of(r, Severity.INFO)).filteredOn(d -> d.message().contains("not defined in this file"))
                .hasSize(4);
    }

    @Test
    void bothBlogFilesTogetherMakeTheWholeThreeTierTree() {
        String text = sample("volcano-hypernode-3tier-exactmatch-multidoc.yaml.txt").text() + "---\n"
                + sample("volcano-hypernode-nonleaf-s4-s5-s6.yaml.txt").text();
        ImportResult r = reader.read(new SourceText("both.yaml", text));
        Fabric f = r.part().fabric();
        assertThat(r.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
        assertThat(f.hostsUnder("s6")).hasSize(8);
        assertThat(f.hostsUnder("s4")).containsExactlyInAnyOrder("node-0", "node-1", "node-2", "node-3");
        assertThat(f.maxTier()).isEqualTo(3);
    }

    @Test
    void resolvesRegexAndLabelMembersAgainstKnownNodes() {
        String text = Samples.resource("/schemas/k8s/examples/hypernode.valid.yaml");
        Map<String, Map<String, String>> known = Map.of(
                "gpu-r01-n02", Map.of(),
                "gpu-r02-n01", Map.of("fabric.topograph.run/tier-0", "leaf-r02"),
                "cpu-r01-n01", Map.of());
        ImportResult r = new HyperNodeReader(known).read(new SourceText("hn.yaml", text));
        Fabric f = r.part().fabric();
        assertThat(f.hostsOf("leaf-r01")).containsExactly("gpu-r01-n01", "gpu-r01-n02");
        assertThat(f.hostsOf("leaf-r02")).containsExactly("gpu-r02-n01");
        assertThat(f.childSwitches("spine-s1")).containsExactly("leaf-r01", "leaf-r02");
    }

    @Test
    void keepsUnresolvableLabelMembersWithAnInfo() {
        String text = Samples.resource("/schemas/k8s/examples/hypernode.valid.yaml");
        ImportResult r = reader.read(new SourceText("hn.yaml", text));
        assertThat(r.part().fabric().hostsOf("leaf-r02")).isEmpty();
        assertThat(r.part().kubernetes().hyperNodes().get(1).members().get(0).labelMatch())
                .containsEntry("fabric.topograph.run/tier-0", "leaf-r02");
        assertThat(Samples.of(r, Severity.INFO)).anyMatch(d -> d.message().contains("labelMatch") && d.line() == 26);
    }

    @Test
    void reportsWhatTheCrdAndWebhookRejectWithPositions() {
        String text = Samples.resource("/schemas/k8s/examples/hypernode.invalid.yaml");
        ImportResult r = reader.read(new SourceText("bad.yaml", text));
        assertThat(r.diagnostics()).anyMatch(d -> d.isError() && d.message().contains("bad-no-tier") && d.line() == 8);
        assertThat(r.diagnostics()).anyMatch(d -> d.message().contains("'Switch'") && d.line() == 22);
        assertThat(r.diagnostics()).anyMatch(d -> d.isError() && d.message().contains("spec.tier") && d.line() == 32);
        assertThat(r.diagnostics()).anyMatch(d -> d.message().contains("exactly one of") && d.line() == 56);
        assertThat(r.part().kubernetes().hyperNodes()).extracting(HyperNode::name)
                .contains("bad-uppercase-exact", "cel-only-two-selectors", "typo-field-tierNmae");
    }

    @Test
    void matchesRegexAnywhereInTheNameLikeGoAndSurvivesCatastrophicPatterns() {
        String text = """
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata:
                  name: leaf
                spec:
                  tier: 1
                  members:
                  - type: Node
                    selector:
                      regexMatch:
                        pattern: "r01"
                  - type: Node
                    selector:
                      regexMatch:
                        pattern: "(.*a){25}b"
                """;
        Map<String, Map<String, String>> known = Map.of("gpu-r01-n1", Map.of(), "a".repeat(40), Map.of());
        ImportResult r = new HyperNodeReader(known).read(new SourceText("x.yaml", text));
        assertThat(r.part().fabric().hostsOf("leaf")).containsExactly("gpu-r01-n1");
        assertThat(r.diagnostics()).anyMatch(d -> d.message().contains("too costly") && d.line() == 12);
    }
}
