package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SharedFolder;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;

/**
 * Reads each ibsim dump (plain, -p, iblinkinfo), writes topology.conf, reads that back, and
 * compares the tree with the one the fabric's .net file implies ({@link IbsimTruth}).
 */
class IbsimFabricTruthTest {
    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource({
            "example-32, ibnetdiscover", "example-32, ibnetdiscover-p", "example-32, iblinkinfo",
            "ft2-8x16-4s, ibnetdiscover", "ft2-8x16-4s, ibnetdiscover-p", "ft2-8x16-4s, iblinkinfo",
            "ft2-8x16-4s-k4-mlnx, ibnetdiscover", "ft2-8x16-4s-k4-mlnx, ibnetdiscover-p",
            "ft2-8x16-4s-k4-mlnx, iblinkinfo",
            "rail-32x8, ibnetdiscover", "rail-32x8, ibnetdiscover-p", "rail-32x8, iblinkinfo"})
    void writesTheTreeOfTheNetFile(String fabric, String format) {
        check(Samples.load("ibsim/" + fabric + ".net").text(), Samples.load("ibsim/" + fabric + "." + format), format);
    }

    /** The large fabrics stay in the shared folder ({@code ../shared/fabrics/ibsim}, see {@link SharedFolder}). */
    @ParameterizedTest(name = "{0}.{1} from ../shared")
    @CsvSource({"ft2-2048, ibnetdiscover", "ft2-2048, ibnetdiscover-p", "ft2-2048, iblinkinfo",
            "ft3-4096, ibnetdiscover", "ft3-4096, ibnetdiscover-p", "ft3-4096, iblinkinfo",
            "rail-128x8, ibnetdiscover"})
    void writesTheTreeOfLargeSharedFabrics(String fabric, String format) throws IOException {
        Path net = SharedFolder.require("fabrics/ibsim/" + fabric + ".net");
        Path dump = SharedFolder.require("fabrics/ibsim/" + fabric + "." + format);
        check(Files.readString(net), SourceText.read(dump), format);
    }

    private static void check(String netText, SourceText dump, String format) {
        IbsimNet net = IbsimNet.parse(netText);
        ImportResult read = reader(format).read(dump);
        assertThat(read.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        Fabric fabric = read.part().fabric();
        assertThat(fabric.switches()).hasSize(net.switches().size());
        assertThat(fabric.hosts().stream().map(HostNode::name).collect(Collectors.toSet()))
                .isEqualTo(net.hcas().stream().map(IbsimNet.Node::host).collect(Collectors.toSet()));
        assertThat(fabric.cables()).hasSize((int) net.cableCount());

        String conf = new TopologyConfWriter().write(fabric);
        ImportResult back = new TopologyConfReader().read(new SourceText("written.conf", conf));
        assertThat(back.diagnostics()).as(conf).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        assertThat(tree(back.part().fabric())).isEqualTo(IbsimTruth.tree(net));
    }

    static FormatReader reader(String format) {
        return switch (format) {
            case "ibnetdiscover" -> new IbnetdiscoverReader();
            case "ibnetdiscover-p" -> new IbnetdiscoverPortsReader();
            default -> new IblinkinfoReader();
        };
    }

    private static Map<String, IbsimTruth.Entry> tree(Fabric f) {
        Map<String, IbsimTruth.Entry> out = new TreeMap<>();
        f.switches().forEach(s -> out.put(s.name(), new IbsimTruth.Entry(
                new TreeSet<>(f.childSwitches(s.name())), new TreeSet<>(f.hostsOf(s.name())))));
        return out;
    }

    static Set<String> names(Fabric f) {
        return f.hosts().stream().map(HostNode::name).collect(Collectors.toSet());
    }
}
