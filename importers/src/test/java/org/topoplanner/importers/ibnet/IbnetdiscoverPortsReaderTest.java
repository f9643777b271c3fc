package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.SwitchNode;

class IbnetdiscoverPortsReaderTest {
    private final IbnetdiscoverPortsReader reader = new IbnetdiscoverPortsReader();

    @Test
    void readsOscEdrPortsReportWithUnknownSpeedPort() {
        ImportResult r = reader.read(Samples.load("ibnetdiscover/ibnetdiscover-ports-p-edr-osc-exporter-test.txt"));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name)
                .containsExactly("ib-i1l1s01", "ib-i4l1s01", "ib-i1l2s01");
        assertThat(f.hosts()).extracting(HostNode::name).containsExactly("o0001", "o0002", "p0001");
        // 3 HCA links and 1 leaf-spine link, each listed from both ends except the spine's side
        assertThat(f.cables()).hasSize(4).allSatisfy(c -> assertThat(c.speed()).isEqualTo(LinkSpeed.EDR));
        Cable o1 = f.cablesBetween("o0001", "ib-i1l1s01").get(0);
        assertThat(o1.endAt("o0001").guid()).isEqualTo("0x7cfe9003003b4bde");
        assertThat(o1.endAt("ib-i1l1s01").port()).isEqualTo(10);
        assertThat(f.switchNamed("ib-i1l2s01").orElseThrow().tier()).isEqualTo(2);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(6);
            assertThat(d.message()).contains("ib-i1l2s01");
        });
    }

    @Test
    void readsSpacedWidthAndSpeedAndUnknownSpeed() {
        ImportResult r = reader.read(new SourceText("p", """
                SW     6  9 0xb8599f0300a00003 4x HDR - SW     9  2 0xb8599f0300a00005 ( 'leaf4' - 'spine2' )
                SW     9  2 0xb8599f0300a00005 4x HDR - SW     6  9 0xb8599f0300a00003 ( 'spine2' - 'leaf4' )
                SW     6  8 0xb8599f0300a00003 4x ??? - CA    39  1 0x0c42a1030010003f ( 'leaf4' - 'node032 mlx5_0' )
                SW     6 36 0xb8599f0300a00003 4x SDR                                    'leaf4'
                """));
        Fabric f = r.part().fabric();
        assertThat(f.cables()).hasSize(2);
        assertThat(f.cablesBetween("leaf4", "spine2").get(0).speed()).isEqualTo(LinkSpeed.HDR);
        assertThat(f.cablesBetween("leaf4", "node032").get(0).speed()).isEqualTo(LinkSpeed.UNKNOWN);
        assertThat(r.diagnostics()).filteredOn(d -> d.message().contains("degraded")).isEmpty();
    }

    @Test
    void reportsAPeerPartWhoseQuotesDoNotPair() {
        ImportResult r = reader.read(new SourceText("p",
                "SW     6  9 0xb8599f0300a00003 4x HDR - SW     9  2 0xb8599f0300a00005 ' - 'x\n"));
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(1);
            assertThat(d.column()).isEqualTo(39);
        });
        assertThat(r.part().fabric().cables()).isEmpty();
    }
}
