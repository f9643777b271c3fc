package org.topoplanner.importers.lldp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;

/** Each LLDP reader on small texts: shapes, naming, and located diagnostics. */
class LldpReadersTest {
    @Test
    void readsJson0WithTheHostNamedByTheFile() {
        String json0 = """
                {"lldp": [{"interface": [{"name": "eth2", "via": "LLDP", "rid": "1",
                  "chassis": [{"id": [{"type": "mac", "value": "00:00:00:00:00:02"}], "name": [{"value": "leaf7"}],
                    "capability": [{"type": "Bridge", "enabled": true}]}],
                  "port": [{"id": [{"type": "mac", "value": "00:00:00:00:00:09"}], "descr": [{"value": "swp9"}]}]}]}]}
                """;
        ImportResult r = new LldpctlJsonReader().read(new SourceText("dumps/node17.lldp.json", json0));
        Fabric f = r.part().fabric();
        assertThat(f.hosts()).extracting(h -> h.name()).containsExactly("node17");
        Cable c = f.cables().get(0);
        assertThat(c.endAt("leaf7").port()).isEqualTo(9);
        assertThat(c.endAt("node17").hca()).isEqualTo("eth2");
    }

    @Test
    void locatesBrokenJsonOnTheFileLineOfItsPdshHost() {
        String text = """
                h1: {"lldp": {"interface": {"eth0": {"chassis": {"sw1": {}}, "port": {"id": {"type": "ifname", "value": "swp1"}}}}}}
                h2: {"lldp": {"interface": {
                h2:   "eth0": {"chassis" "sw1"}
                h2: }}}
                """;
        ImportResult r = new LldpctlJsonReader().read(new SourceText("p.txt", text));
        Diagnostic err = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertThat(err.line()).isEqualTo(3);
        assertThat(err.column()).isGreaterThan(4);
        assertThat(err.message()).contains("h2");
        assertThat(r.part().fabric().hosts()).extracting(h -> h.name()).containsExactly("h1");
    }

    @Test
    void keyvalueInterfacesMayContainDots() {
        String text = """
                lldp.bond0.100.chassis.name=leaf1
                lldp.bond0.100.chassis.Bridge.enabled=on
                lldp.bond0.100.port.ifname=swp3
                """;
        ImportResult r = new LldpctlKeyvalueReader().read(new SourceText("gpu9.kv", text));
        Cable c = r.part().fabric().cables().get(0);
        assertThat(c.endAt("gpu9").hca()).isEqualTo("bond0.100");
        assertThat(c.endAt("leaf1").port()).isEqualTo(3);
    }

    @Test
    void warnsOnKeyvalueLinesThatAreNotKeys() {
        String text = "lldp.eth0.chassis.name=leaf1\nlldp.eth0.port.ifname=swp1\nthis is not a key\n";
        ImportResult r = new LldpctlKeyvalueReader().read(new SourceText("h.kv", text));
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.column()).isEqualTo(1);
        });
    }

    @Test
    void twoNeighboursOnOneSwitchPortAreAConflictLocatedAtTheLaterLine() {
        String table = """
                admin@leaf1:~$ show lldp table
                LocalPort    RemoteDevice  RemotePortID  Capability  RemotePortDescr
                -----------  ------------  ------------  ----------  ---------------
                Ethernet0    gpu1          eth0                      eth0
                Ethernet0    gpu2          eth0                      eth0
                """;
        ImportResult r = new SwitchLldpTableReader().read(new SourceText("t.txt", table));
        List<Diagnostic> w = r.diagnostics().stream().filter(d -> d.message().contains("disagrees")).toList();
        assertThat(w).hasSize(1);
        assertThat(w.get(0).line()).isEqualTo(5);
        assertThat(r.part().fabric().cables()).hasSize(1);
    }

    @Test
    void eosLongNamesOverflowingTheDashesAreStillRead() {
        String table = """
                spine9#show lldp neighbors
                Port          Neighbor Device ID       Neighbor Port ID    TTL
                ------------- ------------------------ ------------------- ---
                Et1/1         a-very-long-leaf-name-that-overflows.example.net swp51 120
                """;
        Fabric f = new SwitchLldpTableReader().read(new SourceText("s.txt", table)).part().fabric();
        assertThat(f.switches()).extracting(s -> s.name())
                .containsExactlyInAnyOrder("spine9", "a-very-long-leaf-name-that-overflows.example.net");
        assertThat(f.cables().get(0).endAt("spine9").port()).isEqualTo(1);
    }

    @Test
    void aTextWithoutNeighboursIsAnErrorNotAnEmptyFabric() {
        ImportResult r = new SwitchLldpTableReader().read(new SourceText("x.txt", "nothing here\n"));
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.part().fabric()).isNull();
    }
}
