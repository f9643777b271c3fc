package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.slurm.SlurmTopology;

/** {@code topology.yaml} written and read back gives the same topologies: {@code read(write(x)) == x}. */
class TopologyYamlRoundTripTest {
    private final TopologyYamlWriter writer = new TopologyYamlWriter();
    private final TopologyYamlReader reader = new TopologyYamlReader();

    @Property(tries = 200)
    void readingWhatWasWrittenGivesTheSameTopologies(@ForAll("topologySets") List<SlurmTopology> x) {
        String text = writer.write(x);
        ImportResult back = reader.read(new SourceText("topology.yaml", text));
        assertThat(back.diagnostics()).as(text).noneMatch(d -> d.severity() == Severity.ERROR);
        assertThat(back.part().slurm().topologies()).as(text).isEqualTo(x);
    }

    /** 1-4 topologies of every kind, unique names (some YAML would misread unquoted), at most one default. */
    @Provide
    Arbitrary<List<SlurmTopology>> topologySets() {
        Arbitrary<List<String>> names = Arbitraries.of("fabric", "nvl", "plain", "true", "001", "no", "a: b",
                "rack#1", "[x]", "-dash", "t.2", "null").list().uniqueElements().ofMinSize(1).ofMaxSize(4);
        Arbitrary<Integer> defaultAt = Arbitraries.integers().between(-1, 3);
        Arbitrary<List<Integer>> kinds = Arbitraries.integers().between(0, 2).list().ofSize(4);
        Arbitrary<List<Integer>> sizes = Arbitraries.integers().between(1, 5).list().ofSize(4);
        Arbitrary<String> prefix = Arbitraries.of("node", "gpu-a", "dgx.", "n");
        return Combinators.combine(names, defaultAt, kinds, sizes, prefix).as((ns, def, ks, ss, p) -> {
            List<SlurmTopology> out = new ArrayList<>();
            for (int i = 0; i < ns.size(); i++) {
                boolean isDefault = i == def;
                out.add(switch (ks.get(i)) {
                    case 0 -> tree(ns.get(i), isDefault, ss.get(i), p);
                    case 1 -> blocks(ns.get(i), isDefault, ss.get(i), p);
                    default -> new SlurmTopology.Flat(ns.get(i), isDefault, ss.get(i) % 2 == 0);
                });
            }
            return out;
        });
    }

    /** {@code leaves} leaves of 3 hosts each (zero-padded names), under one root when there are several. */
    private static SlurmTopology tree(String name, boolean isDefault, int leaves, String prefix) {
        List<SlurmTopology.SwitchLine> lines = new ArrayList<>();
        List<String> leafNames = new ArrayList<>();
        for (int l = 0; l < leaves; l++) {
            leafNames.add("leaf" + (l + 1));
        }
        if (leaves > 1) {
            lines.add(new SlurmTopology.SwitchLine("root", leafNames, List.of()));
        }
        for (int l = 0; l < leaves; l++) {
            lines.add(new SlurmTopology.SwitchLine(leafNames.get(l), List.of(), hosts(prefix, l * 3, 3)));
        }
        return new SlurmTopology.Tree(name, isDefault, lines);
    }

    /** {@code count} blocks of 2 hosts; block sizes 2 (and 4 with several blocks) or none. */
    private static SlurmTopology blocks(String name, boolean isDefault, int count, String prefix) {
        List<Block> blocks = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            blocks.add(new Block("b" + (b + 1), hosts(prefix, b * 2, 2)));
        }
        List<Integer> sizes = count % 2 == 1 ? List.of() : count > 1 ? List.of(2, 4) : List.of(2);
        return new SlurmTopology.BlockLayout(name, isDefault, sizes, blocks);
    }

    private static List<String> hosts(String prefix, int from, int count) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(String.format("%s%03d", prefix, i + 1));
        }
        return out;
    }

    @Test
    void aClusterWithoutNamedTopologiesWritesItsTreeAsTheDefaultAndItsBlocks() {
        FabricBuilder b = new FabricBuilder().addSwitch("spine").addSwitch("leaf1").addSwitch("leaf2");
        for (int i = 1; i <= 4; i++) {
            b.addHost("node0" + i);
            b.cable("node0" + i, i <= 2 ? "leaf1" : "leaf2");
        }
        b.cable("leaf1", "spine");
        b.cable("leaf2", "spine");
        b.block(new Block("nvl1", List.of("node01", "node02"))).block(new Block("nvl2", List.of("node03", "node04")));
        b.blockSizes(List.of(2, 4));
        Cluster c = new Cluster("c", b.build(), java.util.Map.of(), java.util.Map.of(), null, null);
        String text = writer.write(c);
        assertThat(text).isEqualTo("""
                ---
                - topology: tree
                  cluster_default: true
                  tree:
                    switches:
                      - switch: spine
                        children: leaf[1-2]
                      - switch: leaf1
                        nodes: node[01-02]
                      - switch: leaf2
                        nodes: node[03-04]
                - topology: block
                  cluster_default: false
                  block:
                    block_sizes:
                      - 2
                      - 4
                    blocks:
                      - block: nvl1
                        nodes: node[01-02]
                      - block: nvl2
                        nodes: node[03-04]
                """);
        ImportResult back = reader.read(new SourceText("topology.yaml", text));
        assertThat(back.diagnostics()).isEmpty();
        assertThat(back.part().fabric().hostsUnder("spine")).containsExactly("node01", "node02", "node03", "node04");
        assertThat(back.part().fabric().blocks()).isEqualTo(c.fabric().blocks());
    }

    @Test
    void aClusterWithoutSwitchesOrBlocksIsOneFlatTopology() {
        Cluster c = new Cluster("c", new FabricBuilder().addHost("n1").build(), java.util.Map.of(), java.util.Map.of(),
                null, null);
        assertThat(writer.write(c)).isEqualTo("---\n- topology: flat\n  cluster_default: true\n  flat: true\n");
    }
}
