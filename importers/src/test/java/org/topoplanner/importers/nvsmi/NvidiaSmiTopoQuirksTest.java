package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.NodeTopology;

/** Variants the samples do not all show, written as small matrices. */
class NvidiaSmiTopoQuirksTest {
    private final NvidiaSmiTopoReader reader = new NvidiaSmiTopoReader();

    private ImportResult read(String text) {
        return reader.read(new SourceText("dir/node17.topo.txt", text));
    }

    private static NodeTopology node(ImportResult r) {
        return r.part().nodes().values().iterator().next();
    }

    private static String token(NodeTopology node, String a, String b) {
        return node.link(a, b).map(DeviceLink::token).orElse("none");
    }

    @Test
    void readsGluedHeaderLabels() {
        NodeTopology node = node(read("""
                GPU0GPU1GPU2    CPU Affinity
                GPU0 X  NV2 SYS 0-7
                GPU1 NV2 X  SYS 0-7
                GPU2 SYS SYS X  8-15
                """));
        assertThat(node.gpus()).hasSize(3);
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo("NV2");
        assertThat(token(node, "GPU1", "GPU2")).isEqualTo("SYS");
        assertThat(node.gpu("GPU2").orElseThrow().cpus()).isEqualTo(CpuSet.range(8, 15));
    }

    @Test
    void readsGluedCellsWithAndWithoutTheDiagonal() {
        NodeTopology node = node(read("""
                        GPU0    GPU1    NIC0    NIC1
                GPU0     X      NV12NV12    PIX
                GPU1    NV12     X PIXSYS
                NIC0    NV12    PIX      X SYS
                NIC1    PIX     SYS     SYS X
                """));
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo("NV12");
        assertThat(token(node, "GPU0", "NIC0")).isEqualTo("NV12");
        assertThat(token(node, "GPU0", "NIC1")).isEqualTo("PIX");
        assertThat(token(node, "GPU1", "NIC0")).isEqualTo("PIX");
        assertThat(token(node, "GPU1", "NIC1")).isEqualTo("SYS");
        assertThat(token(node, "NIC0", "NIC1")).isEqualTo("SYS");
    }

    @Test
    void takesTheHostFromAShellPromptAndMarksItNamed() {
        ImportResult r = read("""
                (base) alice@dgx-a100-07:~$ nvidia-smi topo -m
                \tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity
                GPU0\t X \tNV12\t0-63\t0
                GPU1\tNV12\t X \t0-63\t0
                """);
        assertThat(r.part().nodes()).containsKey("dgx-a100-07");
        assertThat(r.part().unnamedHost()).isNull();
    }

    @Test
    void fallsBackToTheFileStemWhenNoPromptNamesTheHost() {
        ImportResult r = read("\tGPU0\tCPU Affinity\nGPU0\t X \t0-3\n");
        assertThat(r.part().nodes()).containsKey("node17.topo");
        assertThat(r.part().unnamedHost()).isEqualTo("node17.topo");
    }

    @Test
    void readsSocAsSysAndDegenerateRanges() {
        NodeTopology node = node(read("""
                \tGPU0\tGPU1\tCPU Affinity
                GPU0\t X \tSOC\t0-0,8-8
                GPU1\tSOC\t X \tN/A
                """));
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo("SYS");
        assertThat(node.gpu("GPU0").orElseThrow().cpus()).isEqualTo(CpuSet.of(0, 8));
        assertThat(node.gpu("GPU1").orElseThrow().cpus()).isEqualTo(CpuSet.empty());
    }

    @Test
    void readsBondedNicColumnsAndNicRowsThatEndEarly() {
        NodeTopology node = node(read("""
                \tGPU0\tmlx5_bond_0\tmlx5_2\tCPU Affinity\tNUMA Affinity
                GPU0\t X \tPIX\tSYS\t0-31\t0
                mlx5_bond_0\tPIX\t X
                mlx5_2\tSYS\tSYS\t X \t\t
                """));
        assertThat(node.nics()).extracting(n -> n.id() + ":" + n.device())
                .containsExactly("NIC0:mlx5_bond_0", "NIC1:mlx5_2");
        assertThat(token(node, "NIC0", "NIC1")).isEqualTo("SYS");
        assertThat(token(node, "GPU0", "NIC1")).isEqualTo("SYS");
    }

    @Test
    void readsThirtySixNics() {
        StringBuilder text = new StringBuilder("\tGPU0");
        for (int n = 0; n < 36; n++) {
            text.append("\tNIC").append(n);
        }
        text.append("\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\nGPU0\t X ");
        text.append("\tPIX".repeat(36)).append("\t0-15\t0\t\tN/A\n");
        for (int n = 0; n < 36; n++) {
            text.append("NIC").append(n).append("\tPIX");
            for (int m = 0; m < 36; m++) {
                text.append(m == n ? "\t X " : "\tNODE");
            }
            text.append("\t\t\t\t\n");
        }
        text.append("\nNIC Legend:\n\n");
        for (int n = 0; n < 36; n++) {
            text.append("  NIC").append(n).append(": mlx5_").append(n).append('\n');
        }
        ImportResult r = read(text.toString());
        NodeTopology node = node(r);
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        assertThat(node.nics()).hasSize(36);
        assertThat(node.nic("NIC35").orElseThrow().device()).isEqualTo("mlx5_35");
        assertThat(token(node, "NIC10", "NIC35")).isEqualTo("NODE");
        assertThat(token(node, "GPU0", "NIC35")).isEqualTo("PIX");
        assertThat(node.links()).hasSize(37 * 36 / 2);
    }

    @Test
    void reportsRowsThatDisagreeAndKeepsTheUpperCell() {
        ImportResult r = read("""
                \tGPU0\tGPU1
                GPU0\t X \tNV4
                GPU1\tPIX\t X
                """);
        assertThat(token(node(r), "GPU0", "GPU1")).isEqualTo("NV4");
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.column()).isEqualTo(6);
        });
    }

    @Test
    void skipsMigLinesWithANote() {
        ImportResult r = read("""
                \tGPU0\tGPU1\tCPU Affinity
                GPU0\t X \tNV12\t0-63
                  MIG 3g.40gb     Device  0:
                GPU1\tNV12\t X \t0-63
                """);
        assertThat(node(r).gpus()).hasSize(2);
        assertThat(r.diagnostics()).extracting(Diagnostic::severity).containsExactly(Severity.INFO);
        assertThat(r.diagnostics().get(0).line()).isEqualTo(3);
    }

    @Test
    void notesThatTopoMpHidesNvlink() {
        ImportResult r = read("""
                \tGPU0\tGPU1
                GPU0\t X \tNODE
                GPU1\tNODE\t X

                Legend:

                  X    = Self
                  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
                  PIX  = Connection traversing at most a single PCIe bridge
                """);
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("topo -mp"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "hello world\n", "GPU0 is hot\n", "Legend:\n  X = Self\n"})
    void reportsAnErrorWhenThereIsNoMatrix(String text) {
        ImportResult r = read(text);
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.part().nodes()).isEmpty();
    }

    @Test
    void keepsGpuIndicesOfAPartialMatrix() {
        NodeTopology node = node(read("""
                        GPU2    GPU3    CPU Affinity    NUMA Affinity
                GPU2     X      NV4     24-47           1
                GPU3    NV4      X      24-47           1
                """));
        assertThat(node.gpus()).extracting(g -> g.index()).isEqualTo(List.of(2, 3));
        assertThat(node.gpu(3)).isPresent();
    }
}
