package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.fabric.SwitchNode;

class IbnetdiscoverReaderTest {
    private final IbnetdiscoverReader reader = new IbnetdiscoverReader();

    private ImportResult read(String text) {
        return reader.read(new SourceText("t.ibnet", text));
    }

    @Test
    void readsSpaceSeparatedDumpWithoutHeaderAndWithShortGuids() {
        ImportResult r = reader.read(Samples.load("ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt"));
        Fabric f = r.part().fabric();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(f.switches()).containsExactly(new SwitchNode("Infiniscale-IV Mellanox Technologies",
                "0x0002c9020046c588", "Infiniscale-IV Mellanox Technologies", 1));
        assertThat(f.hosts()).extracting(HostNode::name)
                .containsExactly("ip-211", "ip-212", "ip-213", "ip-160", "ip-210");
        assertThat(f.cables()).hasSize(5).allSatisfy(c -> {
            assertThat(c.width()).isEqualTo(LinkWidth.X4);
            assertThat(c.speed()).isEqualTo(LinkSpeed.QDR);
        });
        Cable toIp160 = f.cablesBetween("Infiniscale-IV Mellanox Technologies", "ip-160").get(0);
        assertThat(toIp160.endAt("ip-160").hca()).isEqualTo("HCA-1");
        assertThat(toIp160.endAt("ip-160").port()).isEqualTo(1);
        assertThat(toIp160.endAt("ip-160").guid()).isEqualTo("0x0002c903000d7aad");
        assertThat(toIp160.endAt("Infiniscale-IV Mellanox Technologies").port()).isEqualTo(33);
        assertThat(reader.detect(Samples.load("ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt"))).isGreaterThan(90);
    }

    @Test
    void keepsCaBlockWithoutPortsAsHostAndWarns() {
        ImportResult r = reader.read(Samples.load("ibnetdiscover/gb200-single-ca-no-links-topograph-bad.txt"));
        assertThat(r.part().fabric().hosts()).extracting(HostNode::name).containsExactly("dgx-gb200-n01-c1");
        assertThat(r.part().fabric().cables()).isEmpty();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(10);
            assertThat(d.message()).contains("no cabled port");
        });
    }

    @Test
    void readsNdrExcerptWithSharpNodeDefaultDescriptionsRailsAndDanglingPeers() {
        ImportResult r = reader.read(Samples.load("ibnetdiscover/ndr-superpod-topograph-HEAD-excerpt.txt"));
        Fabric f = r.part().fabric();
        // 3 leaf blocks, 8 spines named only as peers (IBSPINE-02..09)
        assertThat(f.switches()).hasSize(11);
        assertThat(f.leaves()).extracting(SwitchNode::name).containsExactlyInAnyOrder(
                "MF0;A09-P1-IBLEAF-04-04:MQM9701/U1", "MF0;A09-P1-IBLEAF-04-02:MQM9701/U1",
                "MF0;A09-P1-IBLEAF-01-02:MQM9701/U1");
        assertThat(f.switchesOfTier(2)).hasSize(8);
        // 17 a08 hosts on leaf 04-04; a06-p1-dgx-02-c{01..04,07,10..12,14,16,18} on both other leaves
        // (HCA-6 and HCA-1: rails); 5 + 5 HCAs with the default "MT4129 ConnectX7" description
        assertThat(f.hosts()).hasSize(17 + 11 + 10);
        assertThat(f.switchesOf("a06-p1-dgx-02-c01")).hasSize(2);
        assertThat(f.hasHost("0xe09d730300858d88")).isTrue();
        // 34 + 33 + 31 port lines, minus the three port-65 SHARP lines
        assertThat(f.cables()).hasSize(95);
        assertThat(f.cablesBetween("MF0;A09-P1-IBLEAF-04-04:MQM9701/U1", "MF0;A10-P1-IBSPINE-02:MQM9701/U1"))
                .extracting(c -> c.endAt("MF0;A10-P1-IBSPINE-02:MQM9701/U1").port()).containsExactly(32, 31);
        assertThat(f.cables()).allSatisfy(c -> assertThat(c.speed()).isEqualTo(LinkSpeed.NDR));
        assertThat(f.hosts()).extracting(HostNode::name).noneMatch(h -> h.contains("Aggregation"));
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() == Severity.INFO).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("3 SHARP aggregation nodes"));
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() == Severity.WARNING)
                .anySatisfy(d -> assertThat(d.message()).contains("MF0;A10-P1-IBSPINE-02:MQM9701/U1")
                        .contains("no block of its own"));
        assertThat(r.hasErrors()).isFalse();
    }

    @Test
    void namesSwitchesSharingADescriptionByGuidAndKeepsBoth() {
        ImportResult r = read("""
                Switch\t40 "S-b8599f0300a00001"\t\t# "MF0;leaf01:MQM8700/U1" enhanced port 0 lid 1 lmc 0
                [1]\t"H-0c42a10300100001"[1](c42a10300100002) \t\t# "node001 mlx5_0" lid 3 4xHDR
                Switch\t40 "S-b8599f0300a00002"\t\t# "MF0;leaf01:MQM8700/U1" enhanced port 0 lid 2 lmc 0
                [1]\t"H-0c42a10300100003"[1](c42a10300100004) \t\t# "node002 mlx5_0" lid 4 4xHDR
                Ca\t1 "H-0c42a10300100001"\t\t# "node001 mlx5_0"
                [1](c42a10300100002) \t"S-b8599f0300a00001"[1]\t\t# lid 3 lmc 0 "MF0;leaf01:MQM8700/U1" lid 1 4xHDR
                Ca\t1 "H-0c42a10300100003"\t\t# "node002 mlx5_0"
                [1](c42a10300100004) \t"S-b8599f0300a00002"[1]\t\t# lid 4 lmc 0 "MF0;leaf01:MQM8700/U1" lid 2 4xHDR
                """);
        assertThat(r.part().fabric().switches()).extracting(SwitchNode::name, SwitchNode::guid, SwitchNode::description)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("MF0;leaf01:MQM8700/U1 (0xb8599f0300a00001)",
                                "0xb8599f0300a00001", "MF0;leaf01:MQM8700/U1"),
                        org.assertj.core.groups.Tuple.tuple("MF0;leaf01:MQM8700/U1 (0xb8599f0300a00002)",
                                "0xb8599f0300a00002", "MF0;leaf01:MQM8700/U1"));
        assertThat(r.part().fabric().cables()).hasSize(2);
        assertThat(r.diagnostics()).isEmpty();
    }

    @Test
    void flagsDegradedLinkNamingBothEnds() {
        ImportResult r = read("""
                Switch\t36 "S-0000000000000010"\t# "leaf1" enhanced port 0 lid 1 lmc 0
                [1]\t"H-0000000000000001"[1](2) \t# "n1 mlx5_0" lid 2 4xEDR
                [2]\t"H-0000000000000003"[1](4) \t# "n2 mlx5_0" lid 3 4xEDR
                [3]\t"H-0000000000000005"[1](6) \t# "n3 mlx5_0" lid 4 4xDDR
                [4]\t"H-0000000000000007"[1](8) \t# "n4 mlx5_0" lid 5 1xEDR
                """);
        List<Diagnostic> warnings = r.diagnostics().stream().filter(d -> d.message().contains("degraded")).toList();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0).line()).isEqualTo(4);
        assertThat(warnings.get(0).message()).contains("leaf1 port 3", "n3 mlx5_0 port 1", "4xDDR", "4xEDR");
        assertThat(warnings.get(1).line()).isEqualTo(5);
        assertThat(warnings.get(1).message()).contains("1xEDR");
    }

    @Test
    void readsBlocksWithoutBlankLinesAndComparesGuidsNumerically() {
        ImportResult r = read("""
                switchguid=0x2c9020046c588(2c9020046c588)
                Switch 36 "S-0002c9020046c588" # "sw" base port 0 lid 2 lmc 0
                [1] "H-0002c90300293e1e"[1](2c90300293e1f) # "ip-211 mlx4_0" lid 6 4xQDR
                caguid=0x2c90300293e1e
                Ca 2 "H-2c90300293e1e" # "ip-211 mlx4_0"
                [1](2c90300293e1f) "S-2c9020046c588"[1] # lid 6 lmc 0 "sw" lid 2 4xQDR""");
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.part().fabric().cables()).hasSize(1);
        assertThat(r.part().fabric().hosts()).extracting(HostNode::name).containsExactly("ip-211");
    }

    @Test
    void aLineDoesNotBorrowWhatTheNextLinesHold() {
        // the parse searches with String.indexOf, which looks past the line: what a later line holds ('#', '(',
        // a quote) must not count for a line that lacks it
        ImportResult r = read("""
                Switch 36 "S-0000000000000010" # "leaf" enhanced port 0 lid 1 lmc 0
                [1] "H-0000000000000001"[1]
                [2] "H-0000000000000003"[1](4) # "n2 mlx5_0" lid 3 4xEDR
                [3] "H-0000000000000005"[1]
                Switch 36 "S-0000000000000020"
                [1] "S-0000000000000010"[4] # "leaf" lid 1 4xHDR
                Switch 36 "S-0000000000000030
                [1] "S-0000000000000020"[2] # "spine" lid 1 4xHDR
                """);
        Fabric f = r.part().fabric();
        // the header whose quote is not closed on its line is not read up to the next line's quote
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.line()).isEqualTo(7);
            assertThat(d.message()).isEqualTo("unrecognised line ignored");
        });
        assertThat(r.diagnostics()).noneSatisfy(d -> assertThat(d.message()).contains("node id"));
        assertThat(f.cables()).hasSize(4);
        assertThat(f.cables()).filteredOn(c -> c.b().guid() != null && c.b().guid().endsWith("04")).hasSize(1);
        assertThat(f.cables()).filteredOn(c -> c.speed() == LinkSpeed.EDR).hasSize(1);
        assertThat(f.cables()).filteredOn(c -> c.speed() == LinkSpeed.HDR).hasSize(1);
        assertThat(f.cables()).filteredOn(c -> c.speed() == LinkSpeed.UNKNOWN).hasSize(2);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            MT4129 ConnectX7   Mellanox Technologies | 0x00000000000000aa |
            node001 mlx5_3                           | node001            | mlx5_3
            node001                                  | node001            |
            ip-160 HCA-1                             | ip-160             | HCA-1
            """)
    void groupsHcasIntoHostsByTheirDescription(String description, String host, String hca) {
        ImportResult r = read("Switch 36 \"S-0000000000000010\" # \"leaf\" enhanced port 0 lid 1 lmc 0\n"
                + "[1] \"H-00000000000000aa\"[1](ab) # \"" + description + "\" lid 2 4xHDR\n");
        Cable c = r.part().fabric().cables().get(0);
        assertThat(c.b().node()).isEqualTo(host);
        assertThat(c.b().hca()).isEqualTo(hca);
        assertThat(c.b().guid()).isEqualTo("0x00000000000000ab");
    }

    @Test
    void reportsUnreadableLinesWithLineAndColumnAndKeepsGoing() {
        ImportResult r = read("""
                Switch 36 "S-0000000000000010" # "leaf" enhanced port 0 lid 1 lmc 0
                [x] "H-0000000000000001"[1] # "n1 mlx5_0" lid 2 4xHDR
                   garbage here
                [2] "H-00000000000000zz"[1] # "n2 mlx5_0" lid 3 4xHDR
                [3] "H-0000000000000005"[1](6) # "n3 mlx5_0" lid 4 4xHDR
                """);
        assertThat(r.diagnostics()).extracting(Diagnostic::line, Diagnostic::column).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, 1), org.assertj.core.groups.Tuple.tuple(3, 4),
                org.assertj.core.groups.Tuple.tuple(4, 6), org.assertj.core.groups.Tuple.tuple(5, 5));
        assertThat(r.diagnostics().get(3).message()).contains("n3 mlx5_0", "no block of its own");
        assertThat(r.part().fabric().hosts()).extracting(HostNode::name).containsExactly("n3");
    }
}
