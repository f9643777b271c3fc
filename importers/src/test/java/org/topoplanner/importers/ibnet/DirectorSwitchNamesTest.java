package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;

/**
 * A fabric whose core switches are the four spine ASICs of one NVIDIA CS7520 director: each ASIC's node
 * description carries the chassis's system name and its module ({@code MF0;ibcore1:CS7520/S03/U1}), as
 * directors report. Real ibsim dumps of it in the three formats ({@code samples/ibsim/director-8x2.*}, see
 * importers/src/test/resources/samples/PROVENANCE.md), the small copy of the 4,096-host fabric of
 * BENCHMARKS.md "Fabrics not in the repository":
 * there the same fabric read from {@code ibnetdiscover} and from {@code iblinkinfo} gave the ASICs the names
 * {@code ibcore1}, {@code ibcore1_2}, ... in each tool's own discovery order, so that two topology.conf files
 * of one fabric named different modules alike.
 */
class DirectorSwitchNamesTest {
    private static final IbsimNet NET = IbsimNet.parse(Samples.load("ibsim/director-8x2.net").text());

    private static String topologyConf(String format) {
        ImportResult read = IbsimFabricTruthTest.reader(format).read(Samples.load("ibsim/director-8x2." + format));
        assertThat(read.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        return new TopologyConfWriter().write(read.part().fabric());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ibnetdiscover", "ibnetdiscover-p", "iblinkinfo"})
    void eachAsicIsNamedForItsModuleWithTheSpinesTheNetFileCablesItTo(String format) {
        String conf = topologyConf(format);
        Fabric written = new TopologyConfReader().read(new SourceText("written.conf", conf)).part().fabric();
        Map<String, Set<String>> expected = new TreeMap<>();
        Map<String, Set<String>> actual = new TreeMap<>();
        for (IbsimNet.Node core : NET.switches()) {
            String d = core.description();
            if (!d.contains(":CS7520/")) {
                continue;
            }
            // "MF0;ibcore1:CS7520/S03/U1": the system name, then the module path after the model
            String system = d.substring(d.indexOf(';') + 1, d.indexOf(':'));
            String module = d.substring(d.indexOf('/') + 1).replace('/', '_');
            String name = system + "_" + module;
            expected.put(name, spinesCabledTo(core.id()));
            actual.put(name, new TreeSet<>(written.childSwitches(name)));
            assertThat(conf).contains("# " + name + "=" + d + "\n");
        }
        assertThat(expected).hasSize(4);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void theThreeFormatsOfOneFabricGiveOneTopologyConf() {
        List<String> confs = List.of(topologyConf("ibnetdiscover"), topologyConf("ibnetdiscover-p"),
                topologyConf("iblinkinfo"));
        assertThat(confs.get(1)).isEqualTo(confs.get(0));
        assertThat(confs.get(2)).isEqualTo(confs.get(0));
    }

    /** The net file's ids of the spines cabled to a core: the names their MF0;spine01:MQM8790/U1 give. */
    private static Set<String> spinesCabledTo(String core) {
        return NET.links().stream()
                .filter(l -> l.a().equals(core) || l.b().equals(core))
                .map(l -> l.a().equals(core) ? l.b() : l.a())
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
