package org.topoplanner.importers.hwloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;

/** The two real hwloc samples and the files made with lstopo 2.9 (see src/test/resources/samples/PROVENANCE.md). */
class HwlocXmlSamplesTest {
    private static ImportResult read(String file) {
        return new HwlocXmlReader().read(TestSamples.load("hwloc/" + file));
    }

    private static NodeTopology node(ImportResult r) {
        assertThat(r.part().nodes()).hasSize(1);
        return r.part().nodes().values().iterator().next();
    }

    private static String token(NodeTopology node, String a, String b) {
        return node.link(a, b).map(DeviceLink::token).orElse("none");
    }

    @Test
    void readsThePower8MinskyWithNvlinkFromDistances2hetero() {
        ImportResult r = read("power8-minsky-4xp100-nvlink-distances-v3.xml.txt");
        NodeTopology node = node(r);

        assertThat(r.part().nodes()).containsOnlyKeys("drac-12.grenoble.grid5000.fr");
        assertThat(r.part().unnamedHost()).isNull();
        assertThat(node.model()).isEqualTo("PowerNV 8335-GTB");
        assertThat(List.of(node.sockets(), node.numaNodes(), node.cores(), node.threads())).containsExactly(2, 2, 8, 16);
        assertThat(node.numa()).containsExactly(
                new NumaNode(0, 0, CpuSet.parse("0-1,8-9,16-17,24-25"), 65380),
                new NumaNode(1, 1, CpuSet.parse("80-81,88-89,96-97,104-105"), 65279));
        // cpuset words with an empty middle word: 0x00000303,0x03030000,,0x0
        assertThat(node.coreList().get(4)).isEqualTo(new Core(4, 1, 1, CpuSet.of(80, 81)));
        assertThat(node.gpus()).extracting(Gpu::busId)
                .containsExactly("0002:01:00.0", "0003:01:00.0", "000a:01:00.0", "000b:01:00.0");
        assertThat(node.gpus()).extracting(Gpu::model).containsOnly("Tesla P100-SXM2-16GB");
        assertThat(node.gpus()).extracting(Gpu::numaNodes)
                .containsExactly(List.of(0), List.of(0), List.of(1), List.of(1));
        assertThat(node.gpu(0).orElseThrow().cpus()).isEqualTo(CpuSet.parse("0-1,8-9,16-17,24-25"));
        // 40000 MB/s between P100 pairs = 2 NVLink-1 links of 20 GB/s
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo("NV2");
        assertThat(token(node, "GPU2", "GPU3")).isEqualTo("NV2");
        assertThat(token(node, "GPU0", "GPU2")).isEqualTo("SYS");
        assertThat(token(node, "GPU1", "GPU3")).isEqualTo("SYS");
        assertThat(node.pci()).extracting(PciNode::kind).containsOnly(PciKind.HOST_BRIDGE).hasSize(4);
        assertThat(node.nics()).isEmpty();
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).startsWith("4 NVLink connection(s) to CPUs"));
    }

    @Test
    void readsTheSupermicroWithItsInconsistenciesReported() {
        ImportResult r = read("supermicro-x9drg-2s-e5-2650-3xm2075-cx4-pci-v3.xml.txt");
        NodeTopology node = node(r);

        assertThat(r.part().nodes()).containsOnlyKeys("conan");
        assertThat(List.of(node.sockets(), node.numaNodes(), node.cores(), node.threads())).containsExactly(2, 2, 16, 32);
        assertThat(node.numa()).extracting(NumaNode::cpus)
                .containsExactly(CpuSet.parse("0-7,16-23"), CpuSet.parse("8-15,24-31"));
        assertThat(node.numa()).extracting(NumaNode::memoryMiB).containsExactly(32739L, 32768L);
        assertThat(node.coreList().get(0).pus()).isEqualTo(CpuSet.of(0, 16));
        assertThat(node.gpus()).extracting(Gpu::busId).containsExactly("0000:03:00.0", "0000:83:00.0", "0000:84:00.0");
        assertThat(node.gpus()).extracting(Gpu::model).containsExactly(
                "Tesla M2075 Dual-Slot Computing Processor Module", "Tesla M2075 Dual-Slot Computing Processor Module",
                "Tesla K40m");
        assertThat(node.gpus()).extracting(Gpu::numaNodes).containsExactly(List.of(0), List.of(1), List.of(1));
        assertThat(node.nics()).containsExactly(new Nic("NIC0", "mlx5_0", List.of(1), "RP0", "0000:04:00.0", "ib0"));
        assertThat(token(node, "GPU2", "NIC0")).isEqualTo("PIX");
        assertThat(token(node, "GPU1", "GPU2")).isEqualTo("PHB");
        assertThat(token(node, "GPU1", "NIC0")).isEqualTo("PHB");
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo("SYS");
        assertThat(token(node, "GPU0", "NIC0")).isEqualTo("SYS");
        assertThat(node.links()).noneMatch(l -> l.kind() == LinkKind.NV);
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() == Severity.WARNING)
                .extracting(d -> d.message().substring(0, 24))
                .containsExactlyInAnyOrder("cuda0 is GPU2 in PCI bus", "GPU2 (10de:1094) says 'T",
                        "PCI device 0000:04:00.0 ");
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.message()).contains("0000:04:00.0").contains("[84-84]");
            assertThat(d.line()).isEqualTo(255);
        });
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("0000:84:00.1")
                .contains("not an NVIDIA GPU"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml | NV12 | 2
            generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v1.xml | NODE | 0
            """)
    void readsTheGeneratedHgxNodeInBothFormatVersions(String file, String gpu0gpu1, int nvPairsPerGpu) {
        ImportResult r = read(file);
        NodeTopology node = node(r);

        assertThat(r.part().nodes()).containsOnlyKeys("hgx-test-01");
        assertThat(node.model()).isEqualTo("Hand-made HGX-like test node");
        assertThat(List.of(node.sockets(), node.numaNodes(), node.cores(), node.threads())).containsExactly(2, 2, 8, 16);
        assertThat(node.numa()).containsExactly(new NumaNode(0, 0, CpuSet.parse("0-3,8-11"), 65536),
                new NumaNode(1, 1, CpuSet.parse("4-7,12-15"), 65536));
        assertThat(node.gpus()).extracting(Gpu::busId)
                .containsExactly("0000:13:00.0", "0000:23:00.0", "0000:43:00.0", "0000:53:00.0");
        assertThat(node.gpus()).extracting(Gpu::model).containsOnly("NVIDIA A100-SXM4-80GB");
        assertThat(node.nics()).extracting(n -> n.device() + "/" + n.netdev() + "@" + n.busId()).containsExactly(
                "mlx5_0/ib0@0000:14:00.0", "mlx5_1/ib1@0000:24:00.0", "mlx5_2/ib2@0000:44:00.0",
                "mlx5_3/ib3@0000:54:00.0");
        assertThat(node.nvSwitches()).extracting(s -> s.id() + "@" + s.busId())
                .containsExactly("NVS0@0000:32:00.0", "NVS1@0000:33:00.0");
        assertThat(node.pci()).filteredOn(p -> p.kind() == PciKind.HOST_BRIDGE).hasSize(5);
        assertThat(node.pci()).filteredOn(p -> p.kind() == PciKind.SWITCH).hasSize(5);
        assertThat(node.gpu(0).orElseThrow().pciParent()).isEqualTo(node.nic("NIC0").orElseThrow().pciParent());
        assertThat(token(node, "GPU0", "GPU1")).isEqualTo(gpu0gpu1);
        assertThat(node.links()).filteredOn(l -> l.kind() == LinkKind.NV).hasSize(nvPairsPerGpu * 3);
        assertThat(token(node, "GPU0", "NIC0")).isEqualTo("PIX");
        assertThat(token(node, "GPU0", "NIC1")).isEqualTo("NODE");
        assertThat(token(node, "GPU0", "NIC2")).isEqualTo("SYS");
        assertThat(token(node, "NIC2", "NIC3")).isEqualTo("NODE");
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # file                                        | sockets | cores | threads | NUMA MiB | core 16 PUs
            generated/synthetic-2pack-16core-2pu-v2.xml   | 2       | 32    | 64      | 1024     | 32-33
            generated/synthetic-2pack-16core-2pu-v1.xml   | 2       | 32    | 64      | 1024     | 32-33
            generated/synthetic-2pack-2l3-numa-v2.xml     | 2       | 16    | 32      | 65536    | -
            generated/synthetic-2pack-2l3-numa-v1.xml     | 2       | 16    | 32      | 65536    | -
            """)
    void readsSyntheticTopologiesInBothFormatVersions(String file, int sockets, int cores, int threads,
                                                      long numaMiB, String core16) {
        ImportResult r = read(file);
        NodeTopology node = node(r);

        assertThat(r.part().unnamedHost()).isNotNull();
        assertThat(List.of(node.sockets(), node.numaNodes(), node.cores(), node.threads()))
                .containsExactly(sockets, 2, cores, threads);
        assertThat(node.numa()).extracting(NumaNode::memoryMiB).containsOnly(numaMiB);
        assertThat(node.numa()).extracting(NumaNode::socket).containsExactly(0, 1);
        assertThat(node.coresOfSocket(1)).hasSize(cores / 2);
        assertThat(node.coreList()).extracting(Core::id)
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, cores).boxed().toList());
        if (!core16.equals("-")) {
            assertThat(node.coreList().get(16)).isEqualTo(new Core(16, 1, 1, CpuSet.parse(core16)));
        }
        assertThat(node.gpus()).isEmpty();
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
    }

    @Test
    void readsThisDevelopmentVmWithoutGpusOrRdmaNics() {
        ImportResult r = read("generated/dev-vm-2cpu-virtio-lstopo-2.9-v2.xml");
        NodeTopology node = node(r);

        assertThat(r.part().nodes()).containsOnlyKeys("vm");
        assertThat(List.of(node.sockets(), node.numaNodes(), node.cores(), node.threads())).containsExactly(1, 1, 2, 2);
        assertThat(node.gpus()).isEmpty();
        assertThat(node.nics()).isEmpty();
        assertThat(r.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
    }
}
