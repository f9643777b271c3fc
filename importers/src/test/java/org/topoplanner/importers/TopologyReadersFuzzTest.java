package org.topoplanner.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.ibnet.IblinkinfoReader;
import org.topoplanner.importers.ibnet.IbnetdiscoverPortsReader;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyYamlReader;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Feeds every fabric reader truncated, mutated and random text: it must return (no exception,
 * no hang) and every diagnostic must point inside the text.
 */
class TopologyReadersFuzzTest {
    private static final List<FormatReader> READERS = List.of(new IbnetdiscoverReader(),
            new IbnetdiscoverPortsReader(), new IblinkinfoReader(), new TopologyConfReader(), new TopologyYamlReader());
    private static final List<String> SAMPLES = List.of(
            "ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt",
            "ibnetdiscover/ndr-superpod-topograph-HEAD-excerpt.txt",
            "ibnetdiscover/gb200-single-ca-no-links-topograph-bad.txt",
            "ibnetdiscover/ibnetdiscover-ports-p-edr-osc-exporter-test.txt",
            "ibnetdiscover/qdr-infiniscale4-1switch-iblinkinfo.txt",
            "ibsim/example-32.ibnetdiscover", "ibsim/example-32.ibnetdiscover-p", "ibsim/example-32.iblinkinfo",
            "slurm/topology-tree-3level-topograph-oci-sim.conf.txt",
            "slurm/topology-block-topograph-dra-blocksizes.conf.txt",
            "slurm/topology-tree-puppet-managed-flat.conf.txt",
            "slurm/topology-yaml-schedmd-manpage-example.yaml.txt",
            "slurm/topology-ring-schedmd-manpage.conf.txt");
    private static final String SPICE = "[]()\"'#=,-:;\t\n 0123456789abcdefxSH";

    @Provide
    Arbitrary<String> truncated() {
        return MutatedSamples.cut(SAMPLES);
    }

    @Provide
    Arbitrary<String> mutated() {
        return MutatedSamples.edited(MutatedSamples.whole(SAMPLES), SPICE, 30);
    }

    @Provide
    Arbitrary<String> random() {
        Arbitrary<String> words = Arbitraries.of("Switch", "Ca", "[1]", "\"S-00000000000000a1\"", "\"H-1\"", "[2]",
                "(c42a)", "# \"leaf 1\"", "lid", "4xQDR", "4x", "???", "==(", ")==>", "4X", "10.0", "Gbps", "LinkUp",
                "CA:", "Switch: 0x1", "SW", "CA", "-", "( 'a' - 'b' )", "SwitchName=s1", "Switches=s[1-", "Nodes=n[1-2]",
                "BlockName=b", "BlockSizes=4,", "RingName=r", "- topology: t", "tree:", "switches:", "- switch: s",
                "children: x", "nodes: n[0-9]", "block:", "&a", "*a", "{", "}", "\n", "\t", " ", "#");
        return words.list().ofMaxSize(120).map(l -> String.join("", l));
    }

    @Property(tries = 150)
    void survivesTruncatedSamples(@ForAll("truncated") String text) {
        readAll(text);
    }

    @Property(tries = 300)
    void survivesMutatedSamples(@ForAll("mutated") String text) {
        readAll(text);
    }

    @Property(tries = 300)
    void survivesRandomTokens(@ForAll("random") String text) {
        readAll(text);
    }

    @Property(tries = 100)
    void survivesArbitraryStrings(@ForAll String text) {
        readAll(text);
    }

    private static void readAll(String text) {
        List<String> lines = text.lines().toList();
        for (FormatReader reader : READERS) {
            SourceText source = new SourceText("fuzz", text);
            // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
            ImportResult r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                reader.detect(source);
                return reader.read(source);
            }, reader.getClass().getSimpleName());
            assertThat(r.part().fabric()).isNotNull();
            for (Diagnostic d : r.diagnostics()) {
                assertThat(d.path()).isEqualTo("fuzz");
                assertThat(d.line()).as(reader + ": " + d).isBetween(0, lines.size() + 1);
                if (d.line() == 0) {
                    assertThat(d.column()).as(d.toString()).isZero();
                } else {
                    int width = d.line() <= lines.size() ? lines.get(d.line() - 1).length() : 0;
                    assertThat(d.column()).as(reader + ": " + d).isBetween(1, width + 1);
                }
            }
        }
    }
}
