package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Every rule SlurmExportCheck lists (what the real Slurm accepts), on small texts: the faults that stop slurmctld and those
 * that make a node INVAL are errors, those Slurm starts with are warnings, and a clean set passes.
 */
class SlurmExportCheckTest {
    static final String NODES = """
            NodeName=n[1-8] Sockets=2 CoresPerSocket=4 ThreadsPerCore=1 Gres=gpu:2
            """;
    static final String TREE = """
            SwitchName=top Switches=leaf[1-2]
            SwitchName=leaf1 Nodes=n[1-4]
            SwitchName=leaf2 Nodes=n[5-8]
            """;
    static final String GRES = """
            NodeName=n[1-8] Name=gpu File=/dev/nvidia0 Cores=0-3 Links=-1,2
            NodeName=n[1-8] Name=gpu File=/dev/nvidia1 Cores=4-7 Links=2,-1
            """;
    static final String KEYS = "TopologyPlugin=topology/tree\nGresTypes=gpu\n";

    static List<Diagnostic> all(String tree, String block, String gres, String nodes, String keys) {
        return SlurmExportCheck.check(tree, block, gres, nodes, keys).values().stream().flatMap(List::stream).toList();
    }

    @Test
    void acceptsACleanConfiguration() {
        assertThat(all(TREE, null, GRES, NODES, KEYS)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            switch defined twice        | ERROR   | SwitchName=leaf1 Nodes=n[1-4]\\nSwitchName=leaf1 Nodes=n[5-8]\\nSwitchName=top Switches=leaf1 | defined twice
            undefined child switch      | ERROR   | SwitchName=top Switches=leaf[1-3]\\nSwitchName=leaf1 Nodes=n[1-4]\\nSwitchName=leaf2 Nodes=n[5-8] | not defined
            cycle                       | ERROR   | SwitchName=s1 Switches=s2\\nSwitchName=s2 Switches=s1\\nSwitchName=leaf1 Nodes=n[1-8] | cycle
            neither nodes nor switches  | ERROR   | SwitchName=top Switches=leaf[1-2]\\nSwitchName=leaf1 Nodes=n[1-8]\\nSwitchName=leaf2 | neither
            both nodes and switches     | ERROR   | SwitchName=top Switches=leaf1 Nodes=n[5-8]\\nSwitchName=leaf1 Nodes=n[1-4] | both
            unknown key                 | ERROR   | SwitchName=leaf1 Nodez=n[1-8] | unknown key
            non-numeric range           | ERROR   | SwitchName=top Switches=leaf[A-B]\\nSwitchName=leafA Nodes=n[1-8] | Invalid range
            node in two leaves          | WARNING | SwitchName=top Switches=leaf[1-2]\\nSwitchName=leaf1 Nodes=n[1-5]\\nSwitchName=leaf2 Nodes=n[4-8] | under switch
            node in no switch           | WARNING | SwitchName=top Switches=leaf[1-2]\\nSwitchName=leaf1 Nodes=n[1-4]\\nSwitchName=leaf2 Nodes=n[5-7] | no switch reaches 1 node(s) n8
            switch naming unknown node  | WARNING | SwitchName=top Switches=leaf[1-2]\\nSwitchName=leaf1 Nodes=n[1-4]\\nSwitchName=leaf2 Nodes=n[5-9] | names node(s) n9
            several roots               | WARNING | SwitchName=leaf1 Nodes=n[1-4]\\nSwitchName=leaf2 Nodes=n[5-8] | no switch reaches every node
            """)
    void judgesTopologyConfAsSlurmDoes(String fault, Severity severity, String tree, String fragment) {
        List<Diagnostic> found = all(tree.replace("\\n", "\n"), null, GRES, NODES, KEYS);
        assertThat(found).as(fault).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(severity);
            assertThat(d.message()).contains(fragment);
            assertThat(d.path()).isEqualTo(SlurmFiles.TOPOLOGY);
        });
        if (severity == Severity.WARNING) {
            assertThat(found).as(fault).noneMatch(Diagnostic::isError);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Links row of the wrong length | ERROR   | NodeName=n[1-8] Name=gpu File=/dev/nvidia[0-1] Cores=0-7 Links=-1,2,2 | Links= has 3 entries
            fewer GPUs than Gres=         | ERROR   | NodeName=n[1-8] Name=gpu File=/dev/nvidia0 | registers INVAL (count reported lower
            gpu line without File=        | ERROR   | NodeName=n[1-8] Name=gpu Count=2 | has no File=
            more GPUs than Gres=          | WARNING | NodeName=n[1-8] Name=gpu File=/dev/nvidia[0-3] | ignores the extra ones
            Cores= outside the node       | ERROR   | NodeName=n[1-8] Name=gpu File=/dev/nvidia[0-1] Cores=8-11 | lies outside the 8 cores
            Cores= splitting a socket     | ERROR   | NodeName=n[1-8] Name=gpu File=/dev/nvidia[0-1] Cores=0-1 | splits socket 0 of n1 (cores 0-3): Slurm 24.11 and 26.05 set the node INVALID
            """)
    void judgesGresConfAgainstTheNodeLines(String fault, Severity severity, String gres, String fragment) {
        List<Diagnostic> found = all(TREE, null, gres + "\n", NODES, KEYS);
        assertThat(found).as(fault).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(severity);
            assertThat(d.message()).contains(fragment);
            assertThat(d.path()).isEqualTo(SlurmFiles.GRES);
            assertThat(d.line()).isEqualTo(1);
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            sizes not base x 2^k          | ERROR   | BlockName=b1 Nodes=n[1-4]\\nBlockName=b2 Nodes=n[5-8]\\nBlockSizes=4,12 | not 4 times a power of two
            block below the base size     | ERROR   | BlockName=b1 Nodes=n[1-4]\\nBlockName=b2 Nodes=n[5-7]\\nBlockSizes=4,8 | fewer than the base block size
            node in no block              | WARNING | BlockName=b1 Nodes=n[1-4]\\nBlockName=b2 Nodes=n[5-7]\\nBlockSizes=3,6 | no block holds 1 node(s) n8
            block naming an unknown node  | WARNING | BlockName=b1 Nodes=n[1-4]\\nBlockName=b2 Nodes=n[5-9]\\nBlockSizes=4,8 | names node(s) n9
            smaller block, no BlockSizes  | ERROR   | BlockName=b1 Nodes=n[1-5]\\nBlockName=b2 Nodes=n[6-8] | fewer than the first block b1 (5)
            """)
    void judgesBlocksAs2411Does(String fault, Severity severity, String block, String fragment) {
        List<Diagnostic> found = all(null, block.replace("\\n", "\n"), GRES, NODES, KEYS);
        assertThat(found).as(fault).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(severity);
            assertThat(d.message()).contains(fragment);
            assertThat(d.path()).isEqualTo(SlurmFiles.TOPOLOGY_BLOCK);
        });
    }

    /**
     * {@code _check_core_range_matches_sock} (24.11.5, 26.05.5): once per line, at the Cores= value, with the verdict
     * of the release written for: an error where it sets the node INVALID, a note where it runs the node (22.05 has
     * no such check; 24.11 accepts two whole sockets of four, which 26.05 refuses).
     */
    @ParameterizedTest(name = "Slurm {0}")
    @CsvSource(delimiter = '|', textBlock = """
            26.05 | ERROR | ERROR
            24.11 | INFO  | ERROR
            22.05 | INFO  | INFO
            """)
    void judgesCoresThatSplitASocketAsTheTargetReleaseDoes(String label, Severity twoSockets, Severity partSocket) {
        SlurmVersion release = SlurmVersion.parse(label).orElseThrow();
        String nodes = "NodeName=f[1-2] Sockets=4 CoresPerSocket=2 ThreadsPerCore=1 Gres=gpu:2\n";
        String tree = "SwitchName=leaf1 Nodes=f[1-2]\n";
        String gres = "NodeName=f[1-2] Name=gpu File=/dev/nvidia0 Cores=0-3\n"
                + "NodeName=f[1-2] Name=gpu File=/dev/nvidia1 Cores=6\n";
        List<Diagnostic> found = SlurmExportCheck.check(tree, null, gres, nodes, KEYS, release).values().stream()
                .flatMap(List::stream).filter(d -> d.message().contains("socket boundaries")).toList();
        assertThat(found).extracting(Diagnostic::line).containsExactly(1, 2);
        assertThat(found).extracting(Diagnostic::column).containsExactly(50, 50);
        assertThat(found).extracting(Diagnostic::severity).containsExactly(twoSockets, partSocket);
        assertThat(found.get(0).message()).contains("Slurm 26.05 sets the node INVALID");
        assertThat(found.get(1).message()).contains("Slurm 24.11 and 26.05");
        if (twoSockets == Severity.ERROR) {
            assertThat(found.get(0).message()).contains("for Slurm 26.05 write whole sockets (one socket or every core)");
        } else {
            assertThat(found.get(0).message()).contains("Slurm " + label + ", the release written for, runs the node");
        }
    }

    @Test
    void wantsGresTypesToNameGpu() {
        Map<String, List<Diagnostic>> found = SlurmExportCheck.check(TREE, null, GRES, NODES, "TopologyPlugin=topology/tree\n");
        assertThat(found.get(SlurmFiles.KEYS)).singleElement().satisfies(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("GresTypes");
        });
    }

    @Test
    void wantsEveryTypedGpuTheNodeLineNames() {
        String nodes = "NodeName=n[1-8] Sockets=2 CoresPerSocket=4 Gres=gpu:h100:2\n";
        String gres = "NodeName=n[1-8] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n";
        assertThat(all(TREE, null, gres, nodes, KEYS)).anySatisfy(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains("0 GPUs of type h100");
        });
    }
}
