package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;

class TopologyConfWriterTest {
    private final TopologyConfWriter writer = new TopologyConfWriter();

    private static Fabric read(String text) {
        ImportResult r = new TopologyConfReader().read(new SourceText("w.conf", text));
        assertThat(r.diagnostics()).as(text).isEmpty();
        return r.part().fabric();
    }

    /** A tree shape: levels (2 or 3), fan-out of each upper switch, hosts per leaf, zero padding. */
    record Shape(int levels, List<Integer> fanOuts, int hostsPerLeaf, int pad, String hostPrefix) {
    }

    @Provide
    Arbitrary<Shape> shapes() {
        return Combinators.combine(Arbitraries.integers().between(2, 3),
                        Arbitraries.integers().between(1, 5).list().ofMinSize(1).ofMaxSize(6),
                        Arbitraries.integers().between(1, 12), Arbitraries.integers().between(1, 4),
                        Arbitraries.of("node", "gpu-", "n", "srv.a."))
                .as(Shape::new);
    }

    /**
     * The fabric the reader builds from a tree of this shape, in the writer's canonical order:
     * switches top-down and in natural order, hosts in leaf order, cables line by line.
     */
    static Fabric canonical(Shape shape) {
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        List<String> level = List.of("core");
        tiers.put("core", shape.levels());
        Map<String, List<String>> children = new HashMap<>();
        int k = 0;
        for (int tier = shape.levels() - 1; tier >= 1; tier--) {
            List<String> next = new ArrayList<>();
            for (String parent : level) {
                int fan = shape.fanOuts().get(k++ % shape.fanOuts().size());
                List<String> kids = new ArrayList<>();
                for (int i = 0; i < fan; i++) {
                    String name = (tier == 1 ? "leaf" : "spine") + String.format("%02d", next.size() + 1);
                    kids.add(name);
                    next.add(name);
                    tiers.put(name, tier);
                }
                children.put(parent, kids);
            }
            level = next;
        }
        List<String> order = new ArrayList<>(tiers.keySet());
        order.sort((x, y) -> tiers.get(y) - tiers.get(x) != 0 ? tiers.get(y) - tiers.get(x)
                : org.topoplanner.model.fabric.NaturalNameOrder.INSTANCE.compare(x, y));
        order.forEach(b::addSwitch);
        int host = 1;
        Map<String, List<String>> hosts = new HashMap<>();
        for (String s : order) {
            if (tiers.get(s) == 1) {
                List<String> hs = new ArrayList<>();
                for (int i = 0; i < shape.hostsPerLeaf(); i++) {
                    String h = shape.hostPrefix() + String.format("%0" + shape.pad() + "d", host++);
                    hs.add(h);
                    b.addHost(h);
                }
                hosts.put(s, hs);
            }
        }
        for (String s : order) {
            children.getOrDefault(s, List.of()).forEach(c -> b.cable(s, c));
            hosts.getOrDefault(s, List.of()).forEach(h -> b.cable(s, h));
        }
        return b.tiers(tiers).build();
    }

    @Property(tries = 200)
    void readOfWriteGivesTheTreeBack(@ForAll("shapes") Shape shape) {
        Fabric x = canonical(shape);
        assertThat(read(writer.write(x))).isEqualTo(x);
    }

    @Property(tries = 100)
    void blockReadOfWriteGivesTheBlocksBack(@ForAll("shapes") Shape shape) {
        FabricBuilder b = new FabricBuilder();
        List<Integer> sizes = new ArrayList<>();
        int host = 1;
        for (int i = 0; i < shape.fanOuts().size(); i++) {
            List<String> nodes = new ArrayList<>();
            for (int j = 0; j < shape.fanOuts().get(i) * shape.hostsPerLeaf(); j++) {
                String h = shape.hostPrefix() + String.format("%0" + shape.pad() + "d", host++);
                nodes.add(h);
                b.addHost(h);
            }
            b.block(new Block("b" + (i + 1), nodes));
        }
        for (int s = shape.hostsPerLeaf(); sizes.size() < shape.levels(); s *= 2) {
            sizes.add(s);
        }
        Fabric x = b.blockSizes(sizes).build();
        assertThat(read(new TopologyConfBlockWriter().write(x))).isEqualTo(x);
    }

    /**
     * Without sizes in the fabric no BlockSizes line is written: slurm-block plans with the levels Slurm
     * derives itself (block_record.c; own oracle case blocklv, four 18-node blocks: 18, 36, 72 in
     * {@code scontrol show topology} of 24.11.5 and 26.05.5), and the comment names them.
     */
    @Test
    void blocksWithoutSizesNameSlurmsDefaultLevels() {
        FabricBuilder b = new FabricBuilder();
        for (int i = 0; i < 4; i++) {
            List<String> nodes = new ArrayList<>();
            for (int j = 1; j <= 18; j++) {
                String h = String.format("node%02d", i * 18 + j);
                nodes.add(h);
                b.addHost(h);
            }
            b.block(new Block("b" + (i + 1), nodes));
        }
        String text = new TopologyConfBlockWriter().write(b.build());
        assertThat(text).doesNotContain("BlockSizes=")
                .contains("BlockName=b4 Nodes=node[55-72]\n")
                .endsWith("# no BlockSizes: Slurm (24.11, 26.05) uses blocks of 18, 36, 72 nodes"
                        + " (1, 2, 4, 8, 16 times the first block's 18)\n");
    }

    @Test
    void writesTopDownWithCompressedHostlists() {
        Fabric f = read("SwitchName=s0 Nodes=tara-c-[001-004]\nSwitchName=s1 Nodes=tara-c-[005-006]\n"
                + "SwitchName=s4 Switches=s[0-1]\n");
        assertThat(writer.write(f)).isEqualTo("""
                SwitchName=s4 Switches=s[0-1]
                SwitchName=s0 Nodes=tara-c-[001-004]
                SwitchName=s1 Nodes=tara-c-[005-006]
                """);
    }

    @Test
    void addsARootAboveRootsOfOneFabricThatEachMissSomeHosts() {
        FabricBuilder b = new FabricBuilder();
        for (String s : List.of("spineA", "spineB", "l1", "l2", "l3")) {
            b.addSwitch(s);
        }
        for (String h : List.of("n1", "n2", "n3")) {
            b.addHost(h);
        }
        b.cable("l1", "n1");
        b.cable("l2", "n2");
        b.cable("l3", "n3");
        b.cable("spineA", "l1");
        b.cable("spineA", "l2");
        b.cable("spineB", "l2");
        b.cable("spineB", "l3");
        String conf = writer.write(b.build());
        assertThat(conf).contains("SwitchName=root Switches=spine[A-B]".replace("spine[A-B]", "spineA,spineB"));
        assertThat(read(conf).roots()).extracting(s -> s.name()).containsExactly("root");
    }

    @Test
    void leavesIslandsThatAreNotCabledTogetherAlone() {
        Fabric f = new TopologyConfReader().read(new SourceText("t", "SwitchName=a Nodes=n1\nSwitchName=b Nodes=n2\n"))
                .part().fabric();
        assertThat(writer.write(f)).isEqualTo("SwitchName=a Nodes=n1\nSwitchName=b Nodes=n2\n");
    }

    @Test
    void renamesSwitchesSlurmCannotParseAndKeepsTheOriginalInAComment() {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("MF0;leaf01:MQM8700/U1", "0x1", "MF0;leaf01:MQM8700/U1");
        b.addSwitch("core switch #1", null, null);
        b.addHost("n1");
        b.cable("MF0;leaf01:MQM8700/U1", "n1");
        b.cable("core switch #1", "MF0;leaf01:MQM8700/U1");
        assertThat(writer.write(b.build())).isEqualTo("""
                # core_switch_1=core switch #1
                SwitchName=core_switch_1 Switches=leaf01
                # leaf01=MF0;leaf01:MQM8700/U1
                SwitchName=leaf01 Nodes=n1
                """);
    }

    /**
     * Two spines that report the same Mellanox description (the fabric names them by GUID) clash on their
     * Slurm name; which one gets {@code _2} must not depend on the order the dump listed them in (ibnetdiscover,
     * -p and iblinkinfo each list switches in their own discovery order).
     */
    @Test
    void switchesWhoseNamesClashAreNumberedTheSameWhateverTheSourceOrder() {
        String first = "MF0;spine:MQM8700/U1 (0x0000000000000001)";
        String second = "MF0;spine:MQM8700/U1 (0x0000000000000002)";
        String listedFirstToSecond = writer.write(twoSpinesUnderOneLeaf(first, second));
        String listedSecondToFirst = writer.write(twoSpinesUnderOneLeaf(second, first));
        assertThat(listedSecondToFirst).isEqualTo(listedFirstToSecond);
        assertThat(listedFirstToSecond).contains("# spine=" + first + "\n", "# spine_2=" + second + "\n");
    }

    private static Fabric twoSpinesUnderOneLeaf(String spineA, String spineB) {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch(spineA, null, "MF0;spine:MQM8700/U1");
        b.addSwitch(spineB, null, "MF0;spine:MQM8700/U1");
        b.addSwitch("leaf01");
        b.addHost("n1");
        b.cable("leaf01", "n1");
        b.cable(spineA, "leaf01");
        b.cable(spineB, "leaf01");
        return b.build();
    }

    @Test
    void namesEachAsicOfADirectorForItsModule() {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("MF0;ibcore1:CS7520/S02/U1", null, "MF0;ibcore1:CS7520/S02/U1");
        b.addSwitch("MF0;ibcore1:CS7520/L05/U1", null, "MF0;ibcore1:CS7520/L05/U1");
        b.addHost("n1");
        b.cable("MF0;ibcore1:CS7520/L05/U1", "n1");
        b.cable("MF0;ibcore1:CS7520/S02/U1", "MF0;ibcore1:CS7520/L05/U1");
        assertThat(writer.write(b.build())).isEqualTo("""
                # ibcore1_S02_U1=MF0;ibcore1:CS7520/S02/U1
                SwitchName=ibcore1_S02_U1 Switches=ibcore1_L05_U1
                # ibcore1_L05_U1=MF0;ibcore1:CS7520/L05/U1
                SwitchName=ibcore1_L05_U1 Nodes=n1
                """);
    }
}
