package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;

class TopologyYamlReaderTest {
    private final TopologyYamlReader reader = new TopologyYamlReader();

    @Test
    void readsDefaultTreeAndTheBlockTopologyAndListsTheFlatOne() {
        ImportResult r = reader.read(Samples.load("slurm/topology-yaml-schedmd-manpage-example.yaml.txt"));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(s -> s.name()).containsExactly("sw_root");
        assertThat(f.hostsOf("sw_root")).containsExactly("node01", "node02", "node03", "node04");
        assertThat(f.blocks()).hasSize(4);
        assertThat(f.blocks().get(3).nodes()).containsExactly("node13", "node14", "node15", "node16");
        assertThat(f.blockSizes()).containsExactly(4, 16);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.INFO);
            assertThat(d.line()).isEqualTo(22);
            assertThat(d.message()).contains("topo3", "flat");
        });
        assertThat(reader.detect(Samples.load("slurm/topology-yaml-schedmd-manpage-example.yaml.txt")))
                .isGreaterThan(90);
    }

    @Test
    void readsChildrenChecksTheTreeAndSaysWhichTopologiesItSkips() {
        ImportResult r = reader.read(new SourceText("topology.yaml", """
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
                """));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(s -> s.name()).containsExactly("other");
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isEqualTo(15);
            assertThat(d.message()).contains("nowhere");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.INFO);
            assertThat(d.line()).isEqualTo(1);
            assertThat(d.message()).contains("first");
        }).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(16);
            assertThat(d.message()).contains("colour");
        });
    }

    @Test
    void reportsBrokenYamlWithItsPosition() {
        ImportResult r = reader.read(new SourceText("t.yaml", "- topology: a\n  tree: [unclosed\n"));
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.line()).isGreaterThan(0);
            assertThat(d.message()).startsWith("not valid YAML");
        });
    }
}
