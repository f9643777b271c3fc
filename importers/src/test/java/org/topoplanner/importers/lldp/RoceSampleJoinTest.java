package org.topoplanner.importers.lldp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.FormatRegistry;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.fabric.ScalableUnit;

/** The hand-made 2-SU RoCE sample (importers/src/test/resources/samples/roce/README.md): five files of four formats joined into one fabric. */
class RoceSampleJoinTest {
    private static final List<String> FILES = RoceSample.FILES;

    static ImportOutcome importAll() {
        return ClusterImport.standard().importTexts(FILES.stream().map(Samples::load).toList(), Optional.empty());
    }

    @Test
    void detectsEachFileAsItsFormat() {
        FormatRegistry r = FormatRegistry.standard();
        List<Format> expected = List.of(Format.LLDPCTL_JSON, Format.LLDPCTL_KEYVALUE, Format.SWITCH_LLDP_TABLE,
                Format.SWITCH_LLDP_TABLE, Format.SWITCH_LLDP_TABLE);
        for (int i = 0; i < FILES.size(); i++) {
            SourceText s = Samples.load(FILES.get(i));
            assertThat(r.detect(s).map(FormatReader::format)).as(FILES.get(i)).contains(expected.get(i));
        }
    }

    @Test
    void joinsHostsLeavesAndSpinesOfTwoScalableUnits() {
        ImportOutcome out = importAll();
        assertThat(out.diagnostics()).filteredOn(d -> d.severity() == Severity.ERROR).isEmpty();
        Fabric f = out.cluster().fabric();
        assertThat(f.hosts()).hasSize(8);
        assertThat(f.leaves()).hasSize(16);
        assertThat(f.switchesOfTier(2)).extracting(s -> s.name()).containsExactly("spine01", "spine02", "spine03", "spine04");
        assertThat(f.node("oob-mgmt-switch")).as("management ports are not the fabric").isEmpty();
        // 8 hosts x 8 rails + 16 leaves x 4 spines, each cable once although both ends reported it
        assertThat(f.cables()).hasSize(64 + 64);
        for (var h : f.hosts()) {
            assertThat(f.switchesOf(h.name())).as(h.name()).hasSize(8);
        }
    }

    @Test
    void theWindowsReadThenMergePathJoinsTheFilesToo(@TempDir Path dir) throws IOException {
        // the window reads once (ImportTask) and merges again on every conflict choice (ImportDraft)
        List<Path> paths = new ArrayList<>();
        for (String f : FILES) {
            paths.add(Files.writeString(dir.resolve(Path.of(f).getFileName().toString()), Samples.load(f).text()));
        }
        ClusterImport importer = ClusterImport.standard();
        ReadSources read = importer.read(paths, Optional.empty(), (done, total, file) -> true);
        for (int i = 0; i < 2; i++) {
            Fabric f = importer.merge(read, MergeChoices.none()).cluster().fabric();
            assertThat(f.hosts()).hasSize(8);
            assertThat(f.switches()).hasSize(20);
        }
    }

    @Test
    void recognisesOneRailLeafPerNicIndexInEachUnit() {
        Fabric f = importAll().cluster().fabric();
        List<ScalableUnit> units = RailGroups.of(f).units();
        assertThat(units).hasSize(2);
        assertThat(RailGroups.of(f).isRailOptimised()).isTrue();
        assertThat(units.get(0).leaves()).hasSize(8).allMatch(l -> l.startsWith("su1-"));
        assertThat(units.get(0).hosts()).containsExactly("gpu001", "gpu002", "gpu003", "gpu004");
        assertThat(units.get(1).hosts()).containsExactly("gpu005", "gpu006", "gpu007", "gpu008");
        // rail r of every host goes to leaf r of its unit, named by the host's own interface name
        for (String h : List.of("gpu001", "gpu005")) {
            Cable rail4 = cableOf(f, h, "enp90s0np0");
            assertThat(rail4.otherEnd(h).node()).endsWith("-leaf04");
        }
    }

    @Test
    void carriesEthernetRatesInGbitPerSecond() {
        Fabric f = importAll().cluster().fabric();
        Cable host = cableOf(f, "gpu001", "enp12s0np0");
        assertThat(host.speed()).isEqualTo(LinkSpeed.ETHERNET);
        assertThat(host.dataGbps()).isEqualTo(400.0);
        assertThat(host.endAt("su1-leaf01").port()).isEqualTo(1);
        Cable uplink = f.cablesBetween("su1-leaf01", "spine01").get(0);
        assertThat(uplink.dataGbps()).isEqualTo(800.0);
        assertThat(cableOf(f, "gpu006", "enp90s0np0").dataGbps()).isEqualTo(200.0);
    }

    @Test
    void warnsOfTheSlowLinkWhereItsHostReportedIt() {
        List<Diagnostic> slow = importAll().diagnostics().stream().filter(d -> d.message().contains("degraded")).toList();
        assertThat(slow).hasSize(1);
        Diagnostic d = slow.get(0);
        assertThat(d.message()).contains("gpu006 enp90s0np0").contains("200 Gbit/s").contains("400 Gbit/s");
        String line = Samples.load(FILES.get(1)).lines().get(d.line() - 1);
        assertThat(line).startsWith("gpu006: lldp.enp90s0np0.");
        assertThat(d.path()).isEqualTo(FILES.get(1));
    }

    @Test
    void writesATopologyConfWithOneSwitchPerRailUnitUnderTheSpines() {
        // as for InfiniBand rails: Slurm's tree cannot say "8 leaves share these hosts", so a unit is one switch
        String conf = new TopologyConfWriter().write(importAll().cluster());
        assertThat(conf).contains("# su1=su1-leaf[01-08] (rail leaves sharing their hosts)");
        assertThat(conf).contains("SwitchName=su1 Nodes=gpu[001-004]");
        assertThat(conf).contains("SwitchName=su2 Nodes=gpu[005-008]");
        assertThat(conf).contains("SwitchName=spine04 Switches=su[1-2]");
    }

    private static Cable cableOf(Fabric f, String host, String nic) {
        return f.cables().stream().filter(c -> c.a().node().equals(host) && nic.equals(c.a().hca())
                || c.b().node().equals(host) && nic.equals(c.b().hca())).findFirst().orElseThrow();
    }
}
