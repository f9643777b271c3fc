package org.topoplanner.importers.slurm;

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
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

class TopologyConfReaderTest {
    private final TopologyConfReader reader = new TopologyConfReader();

    private ImportResult read(String text) {
        return reader.read(new SourceText("topology.conf", text));
    }

    @Test
    void readsThreeLevelTreeWithDottedNamesAndAliasComments() {
        ImportResult r = reader.read(Samples.load("slurm/topology-tree-3level-topograph-oci-sim.conf.txt"));
        Fabric f = r.part().fabric();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(f.switches()).hasSize(19);
        assertThat(f.switchNamed("switch.3.1").orElseThrow().tier()).isEqualTo(3);
        assertThat(f.childSwitches("switch.3.1")).containsExactly(
                "switch.2.1", "switch.2.2", "switch.2.3", "switch.2.4", "switch.2.5", "switch.2.6");
        assertThat(f.childSwitches("switch.2.5")).containsExactly("switch.1.9", "switch.1.10");
        assertThat(f.switchesOfTier(1)).hasSize(12);
        assertThat(f.hostsOf("switch.1.10")).containsExactly("srv5201", "srv5202", "srv5203", "srv5204",
                "srv5205", "srv5206", "srv5207", "srv5208");
        assertThat(f.hosts()).hasSize(96);
        assertThat(f.roots()).extracting(SwitchNode::name).containsExactly("switch.3.1");
    }

    @Test
    void readsFileWithoutTrailingNewline() {
        ImportResult r = reader.read(Samples.load("slurm/topology-tree-nstda-dgx1-no-trailing-newline.conf.txt"));
        Fabric f = r.part().fabric();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(f.childSwitches("s4")).containsExactly("s0", "s1", "s2", "s3");
        assertThat(f.hostsOf("s3")).containsExactly("tara-dgx1-001", "tara-dgx1-002");
        assertThat(f.switchNamed("s4").orElseThrow().tier()).isEqualTo(2);
        ImportResult single = reader.read(Samples.load("slurm/topology-tree-single-line-no-newline.conf.txt"));
        assertThat(single.part().fabric().hostsOf("SwitchBidon")).containsExactly("slurm_node1");
    }

    @Test
    void readsSeveralHostlistsPerLineAndWarnsThatNoSwitchReachesEveryNode() {
        ImportResult r = reader.read(Samples.load("slurm/topology-tree-puppet-managed-flat.conf.txt"));
        Fabric f = r.part().fabric();
        assertThat(f.hostsOf("s0")).hasSize(19 + 13 + 2 + 2).startsWith("hpc001").contains("gpu013", "master2");
        assertThat(f.hosts()).hasSize(39);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(9);
            assertThat(d.message()).contains("4 switches have no parent");
        });
    }

    @Test
    void readsBlocksAndBlockSizes() {
        ImportResult r = reader.read(Samples.load("slurm/topology-block-topograph-dra-blocksizes.conf.txt"));
        Fabric f = r.part().fabric();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(f.blocks()).hasSize(12);
        assertThat(f.blocks().get(0)).isEqualTo(new Block("rack11", List.of("srv1101", "srv1102", "srv1103",
                "srv1104", "srv1105", "srv1106", "srv1107", "srv1108")));
        assertThat(f.blockSizes()).containsExactly(8, 16, 32);
        assertThat(f.switches()).isEmpty();
    }

    @Test
    void skipsRingsWithAWarningPerRing() {
        ImportResult r = reader.read(Samples.load("slurm/topology-ring-schedmd-manpage.conf.txt"));
        assertThat(r.diagnostics()).extracting(Diagnostic::severity, Diagnostic::line, Diagnostic::column)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Severity.WARNING, 5, 1),
                        org.assertj.core.groups.Tuple.tuple(Severity.WARNING, 6, 1));
        assertThat(r.diagnostics().get(0).message()).contains("ring0", "not modelled");
    }

    @Test
    void acceptsCaseInsensitiveKeysTabsAndCommentsAnywhere() {
        ImportResult r = read("switchname=top\tSWITCHES=l[1-2] # the top\n"
                + "  SwitchName=l1  nodes=n[1-2]\t# leaf\n# SwitchName=ignored Nodes=x\nSwitchname=l2 Nodes=n3 LinkSpeed=100");
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.part().fabric().childSwitches("top")).containsExactly("l1", "l2");
        assertThat(r.part().fabric().hostsOf("l2")).containsExactly("n3");
    }

    /** Every fault {@code slurmctld} checks in topology.conf (see TopologyTreeAssembler), with where it is reported. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            switch defined twice     | SwitchName=a Nodes=n1\\nSwitchName=a Nodes=n2           | ERROR   | 2 | 12 | defined twice
            undefined child switch   | SwitchName=top Switches=a,b\\nSwitchName=a Nodes=n1       | ERROR   | 1 | 25 | b, which is not defined
            cycle                    | SwitchName=a Switches=b\\nSwitchName=b Switches=a         | ERROR   | 2 | 23 | cycle: a -> b -> a
            neither nodes nor switches | SwitchName=a                                           | ERROR   | 1 | 12 | neither Nodes= nor Switches=
            both nodes and switches  | SwitchName=a Nodes=n1 Switches=b\\nSwitchName=b Nodes=n2 | ERROR   | 1 | 32 | both Nodes= and Switches=
            unknown key              | SwitchName=a Nodes=n1 Speed=10                          | ERROR   | 1 | 23 | unknown key Speed=
            non-numeric range        | SwitchName=a Nodes=leaf[A-B]                            | ERROR   | 1 | 25 | only numeric ranges
            node in two leaves       | SwitchName=a Nodes=n[1-2]\\nSwitchName=b Nodes=n2        | WARNING | 2 | 20 | node n2 is under switch a and under b
            several roots            | SwitchName=a Nodes=n1\\nSwitchName=b Nodes=n2           | WARNING | 2 | 12 | no switch reaches every node
            not key=value            | SwitchName=a Nodes=n1 oops                              | ERROR   | 1 | 23 | expected key=value
            line without a kind      | Nodes=n1                                                | ERROR   | 1 | 1  | must start with SwitchName=
            bad block size           | BlockName=b1 Nodes=n[1-4]\\nBlockSizes=4,x              | ERROR   | 2 | 14 | "x" is not a positive number
            """)
    void reportsEachFaultWithLineAndColumn(String fault, String text, Severity severity, int line, int column,
                                           String message) {
        ImportResult r = read(text.replace("\\n", "\n"));
        assertThat(r.diagnostics()).as(fault).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(severity);
            assertThat(d.line()).isEqualTo(line);
            assertThat(d.column()).isEqualTo(column);
            assertThat(d.message()).contains(message);
        });
        assertThat(r.diagnostics()).as(fault).allSatisfy(d -> assertThat(d.severity().compareTo(severity))
                .isGreaterThanOrEqualTo(0));
    }

    @Test
    void detectsTreeAndBlockFiles() {
        assertThat(reader.detect(Samples.load("slurm/topology-tree-puppet-managed-flat.conf.txt"))).isGreaterThan(90);
        assertThat(reader.detect(Samples.load("slurm/topology-block-topograph-dra-blocksizes.conf.txt")))
                .isGreaterThan(90);
        assertThat(reader.detect(Samples.load("ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt"))).isZero();
    }
}
