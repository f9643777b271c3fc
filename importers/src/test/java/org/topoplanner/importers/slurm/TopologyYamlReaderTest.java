package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.slurm.SlurmTopology;

class TopologyYamlReaderTest {
    private final TopologyYamlReader reader = new TopologyYamlReader();

    private ImportResult read(String text) {
        return reader.read(new SourceText("topology.yaml", text));
    }

    @Test
    void readsEveryTopologyOfTheManPageExampleAndDrawsTheDefaultTreeWithTheBlocks() {
        ImportResult r = reader.read(Samples.load("slurm/topology-yaml-schedmd-manpage-example.yaml.txt"));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(s -> s.name()).containsExactly("sw_root");
        assertThat(f.hostsOf("sw_root")).containsExactly("node01", "node02", "node03", "node04");
        assertThat(f.blocks()).hasSize(4);
        assertThat(f.blocks().get(3).nodes()).containsExactly("node13", "node14", "node15", "node16");
        assertThat(f.blockSizes()).containsExactly(4, 16);
        assertThat(r.diagnostics()).isEmpty();
        List<SlurmTopology> t = r.part().slurm().topologies();
        assertThat(t).extracting(SlurmTopology::name).containsExactly("topo1", "topo2", "topo3");
        assertThat(t).extracting(SlurmTopology::clusterDefault).containsExactly(true, false, false);
        assertThat(t.get(0)).isEqualTo(new SlurmTopology.Tree("topo1", true, List.of(new SlurmTopology.SwitchLine(
                "sw_root", List.of(), List.of("node01", "node02", "node03", "node04")))));
        assertThat(t.get(1)).isInstanceOfSatisfying(SlurmTopology.BlockLayout.class, b -> {
            assertThat(b.blockSizes()).containsExactly(4, 16);
            assertThat(b.blocks()).extracting(Block::name).containsExactly("b1", "b2", "b3", "b4");
        });
        assertThat(t.get(2)).isEqualTo(new SlurmTopology.Flat("topo3", false, false));
        assertThat(r.part().slurm().defaultTopology()).contains(t.get(0));
        assertThat(reader.detect(Samples.load("slurm/topology-yaml-schedmd-manpage-example.yaml.txt")))
                .isGreaterThan(90);
    }

    @Test
    void keepsEveryTreeDrawsTheDefaultOneAndLocatesItsFaults() {
        ImportResult r = read("""
                - topology: first
                  tree:
                    switches:
                      - switch: top
                        children: s[1-2]
                      - switch: s1
                        nodes: n[1-2]
                      - switch: s2
                        nodes: n[3-4]
                - topology: second
                  cluster_default: true
                  tree:
                    switches:
                      - switch: other
                        children: nowhere
                        colour: blue
                """);
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(s -> s.name()).containsExactly("other");
        assertThat(r.part().slurm().topologies()).extracting(SlurmTopology::name).containsExactly("first", "second");
        SlurmTopology.Tree first = (SlurmTopology.Tree) r.part().slurm().topologies().get(0);
        assertThat(first.switches().get(0).children()).containsExactly("s1", "s2");
        assertThat(first.layout().hostsUnder("top")).containsExactly("n1", "n2", "n3", "n4");
        assertThat(r.part().slurm().defaultTopology().orElseThrow().name()).isEqualTo("second");
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(15);
            assertThat(d.message()).contains("nowhere");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(16);
            assertThat(d.message()).contains("colour");
        }).noneSatisfy(d -> assertThat(d.message()).contains("first"));
    }

    @Test
    void takesOneTopologyWrittenAsAMappingAsSlurmDoes() {
        ImportResult r = read("""
                topology: solo
                flat:
                  alpha_step_rank: true
                """);
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.part().slurm().topologies()).containsExactly(new SlurmTopology.Flat("solo", false, true));
        assertThat(r.part().slurm().defaultTopology().orElseThrow().name()).isEqualTo("solo");
    }

    @Test
    void refusesTwoKindsInOneTopologyAndATopologyOfNoKindAtTheirLines() {
        ImportResult r = read("""
                - topology: both
                  flat: true
                  block:
                    blocks:
                      - block: b1
                        nodes: n[1-4]
                - topology: none
                  cluster_default: true
                """);
        assertThat(r.part().slurm().topologies()).isEmpty();
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(1);
            assertThat(d.column()).isEqualTo(13);
            assertThat(d.message()).contains("both", "block and flat", "mutually exclusive");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(7);
            assertThat(d.message()).contains("none", "names no kind");
        });
    }

    @Test
    void flatFalseIsNoKindAndAWordForADefaultIsAnError() {
        ImportResult r = read("""
                - topology: t
                  cluster_default: maybe
                  flat: false
                  tree:
                    switches:
                      - switch: s
                        nodes: n1
                """);
        assertThat(r.part().slurm().topologies()).singleElement().isInstanceOf(SlurmTopology.Tree.class);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.message()).contains("maybe", "true or false");
        });
    }

    @Test
    void listsRingAndTorusTopologiesAsNotReadAndWarnsOfTwiceDefinedNamesAndDefaults() {
        ImportResult r = read("""
                - topology: a
                  cluster_default: true
                  flat: true
                - topology: r
                  ring:
                    rings:
                      - ring: ring0
                        nodes: n[1-8]
                - topology: a
                  cluster_default: true
                  flat: true
                """);
        assertThat(r.part().slurm().topologies()).extracting(SlurmTopology::name).containsExactly("a", "a");
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.INFO);
            assertThat(d.line()).isEqualTo(4);
            assertThat(d.message()).contains("r", "ring", "not read");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.message()).contains("defined twice");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.message()).contains("second cluster_default");
        });
    }

    @Test
    void reportsBrokenYamlWithItsPosition() {
        ImportResult r = read("- topology: a\n  tree: [unclosed\n");
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isGreaterThan(0);
            assertThat(d.message()).startsWith("not valid YAML");
        });
    }

    @Test
    void aScalarOrAnEmptyFileHoldsNoTopology() {
        assertThat(read("just words\n").diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(1);
            assertThat(d.message()).contains("list of topologies");
        });
        assertThat(read("# nothing\n").diagnostics()).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("no topology"));
    }
}
