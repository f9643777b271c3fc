package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * Every real {@code topo -m}/{@code -mp} sample, with counts, cells and affinities read off the
 * files by eye (see src/test/resources/samples/PROVENANCE.md for where each file comes from).
 */
class NvidiaSmiTopoSamplesTest {
    private final NvidiaSmiTopoReader reader = new NvidiaSmiTopoReader();

    static NodeTopology node(ImportResult result) {
        assertThat(result.part().nodes()).hasSize(1);
        return result.part().nodes().values().iterator().next();
    }

    static ImportResult read(String file) {
        return new NvidiaSmiTopoReader().read(TestSamples.load("nvidia-smi/" + file));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # file                                               | GPUs | NICs | NV pairs
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | 4    | 1    | 0
            a100-4gpu-della-cryoem-nv4.txt                       | 4    | 1    | 6
            a100-4gpu-nv4-cpu-0-64-numa-range.txt                | 4    | 1    | 6
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | 4    | 3    | 6
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | 8    | 10   | 28
            a100-sxm4-epyc7742-nps4-10nic.txt                    | 8    | 10   | 28
            gb200-4gpu-abridged-narrow-columns.txt               | 4    | 0    | 6
            h100-6gpu-visible-2nic-gocomment.txt                 | 6    | 2    | 15
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | 8    | 12   | 0
            l40s-r760xa-single-gpu-topo-mp.txt                   | 1    | 10   | 0
            p40-8gpu-pcie-switch-old-soc.txt                     | 8    | 1    | 0
            rtx2080ti-2gpu-autodl-topo-m.txt                     | 2    | 0    | 0
            rtx3090-2gpu-nvlink-bridge-nv4.txt                   | 2    | 0    | 1
            rtx4090-8gpu-2nic-gogpuallocator17.txt               | 8    | 2    | 0
            v100-hybridcube-vm-likejazz.txt                      | 8    | 0    | 16
            v100-sxm2-oneflow-misaligned-tabs.txt                | 8    | 2    | 16
            """)
    void readsEverySampleWithItsCountsAndEveryPair(String file, int gpus, int nics, int nvPairs) {
        ImportResult result = read(file);
        NodeTopology node = node(result);

        assertThat(result.diagnostics()).filteredOn(d -> d.severity() != Severity.INFO).isEmpty();
        assertThat(node.gpus()).hasSize(gpus);
        assertThat(node.nics()).hasSize(nics);
        int devices = gpus + nics;
        assertThat(node.links()).hasSize(devices * (devices - 1) / 2);
        assertThat(node.links()).filteredOn(l -> l.kind() == LinkKind.NV).hasSize(nvPairs);
        assertThat(node.gpus()).extracting(Gpu::id).containsExactlyElementsOf(
                java.util.stream.IntStream.range(0, gpus).mapToObj(i -> "GPU" + i).toList());
        assertThat(node.sockets()).isNull();
        assertThat(node.cores()).isNull();
        assertThat(node.numaNodes()).isNull();
        assertThat(node.gpus()).allSatisfy(g -> assertThat(g.model()).isNull());
        assertThat(result.part().unnamedHost()).isEqualTo(file.substring(0, file.length() - 4));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # file                                               | cells (pair=class, as the matrix says)
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | GPU0-GPU1=PHB GPU0-GPU2=SYS GPU1-GPU3=SYS GPU2-GPU3=PHB GPU2-NIC0=PHB GPU0-NIC0=SYS
            a100-4gpu-della-cryoem-nv4.txt                       | GPU0-GPU3=NV4 GPU0-NIC0=NODE GPU1-NIC0=NODE GPU2-NIC0=SYS GPU3-NIC0=SYS
            a100-4gpu-nv4-cpu-0-64-numa-range.txt                | GPU3-NIC0=PHB GPU0-NIC0=SYS GPU1-GPU2=NV4
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | NIC0-NIC1=PIX NIC0-NIC2=PHB NIC1-NIC2=PHB GPU0-NIC2=NODE GPU3-NIC0=NODE GPU0-GPU1=NV4
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | GPU0-NIC0=PXB GPU0-NIC1=PXB GPU0-NIC7=SYS GPU0-NIC8=SYS GPU6-NIC6=PXB GPU6-NIC7=PXB GPU7-NIC8=SYS NIC6-NIC7=PIX NIC7-NIC8=SYS NIC8-NIC9=PIX NIC0-NIC9=SYS GPU0-GPU7=NV12
            a100-sxm4-epyc7742-nps4-10nic.txt                    | GPU0-NIC0=PXB GPU2-NIC3=PXB GPU6-NIC7=PXB GPU7-NIC8=SYS NIC0-NIC1=PXB NIC8-NIC9=PIX GPU3-GPU4=NV12
            gb200-4gpu-abridged-narrow-columns.txt               | GPU0-GPU1=NV18 GPU2-GPU3=NV18 GPU0-GPU3=NV18
            h100-6gpu-visible-2nic-gocomment.txt                 | GPU0-NIC0=NODE GPU2-NIC1=NODE GPU3-NIC0=SYS GPU5-NIC1=SYS NIC0-NIC1=PIX GPU0-GPU5=NV18
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | GPU0-GPU1=NODE GPU0-GPU4=SYS GPU0-NIC0=PIX GPU0-NIC2=PIX GPU1-NIC3=PIX GPU7-NIC11=PIX GPU0-NIC6=SYS NIC0-NIC1=PIX NIC6-NIC9=NODE NIC5-NIC6=SYS
            l40s-r760xa-single-gpu-topo-mp.txt                   | GPU0-NIC0=NODE GPU0-NIC9=NODE NIC0-NIC1=NODE NIC1-NIC9=PIX NIC4-NIC5=PIX
            p40-8gpu-pcie-switch-old-soc.txt                     | GPU0-GPU1=PIX GPU0-GPU3=PIX GPU0-GPU4=PXB GPU4-GPU7=PIX GPU3-GPU4=PXB GPU0-NIC0=SYS GPU7-NIC0=SYS
            rtx2080ti-2gpu-autodl-topo-m.txt                     | GPU0-GPU1=PIX
            rtx3090-2gpu-nvlink-bridge-nv4.txt                   | GPU0-GPU1=NV4
            rtx4090-8gpu-2nic-gogpuallocator17.txt               | GPU0-GPU7=SYS GPU6-NIC0=PHB GPU6-NIC1=PHB GPU7-NIC0=SYS GPU5-NIC1=SYS NIC0-NIC1=PIX
            v100-hybridcube-vm-likejazz.txt                      | GPU0-GPU1=NV1 GPU0-GPU3=NV2 GPU0-GPU4=NV2 GPU0-GPU5=PHB GPU1-GPU5=NV2 GPU2-GPU6=NV1 GPU4-GPU7=NV2 GPU3-GPU6=PHB
            v100-sxm2-oneflow-misaligned-tabs.txt                | GPU0-GPU1=NV1 GPU0-GPU2=NV2 GPU0-GPU3=NV1 GPU0-GPU4=SYS GPU0-GPU7=NV2 GPU5-GPU6=NV1 GPU0-NIC0=NODE GPU0-NIC1=SYS GPU2-NIC0=PIX GPU6-NIC1=PIX GPU4-NIC1=NODE NIC0-NIC1=SYS
            """)
    void readsTheClassOfEachPairAsTheMatrixSays(String file, String cells) {
        NodeTopology node = node(read(file));
        for (String cell : cells.trim().split("\\s+")) {
            String[] pairAndClass = cell.split("=");
            String[] pair = pairAndClass[0].split("-");
            assertThat(node.link(pair[0], pair[1])).as(cell).map(DeviceLink::token).hasValue(pairAndClass[1]);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            # file                                               | GPU  | CPU affinity           | NUMA affinity       | GPU NUMA ID
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | GPU0 | 0-5                    | ''                  | null
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | GPU3 | 6-11                   | ''                  | null
            a100-4gpu-della-cryoem-nv4.txt                       | GPU2 | 24-47                  | 1                   | null
            a100-4gpu-nv4-cpu-0-64-numa-range.txt                | GPU0 | 0,64                   | 0,1,2,3             | null
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | GPU0 | 0                      | 0                   | null
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | GPU2 | ''                     | 1                   | null
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | GPU3 | ''                     | 1                   | null
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | GPU0 | 24-31,88-95            | 3                   | null
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | GPU6 | 40-47,104-111          | 5                   | null
            a100-sxm4-epyc7742-nps4-10nic.txt                    | GPU0 | 48-63,176-191          | 3                   | null
            a100-sxm4-epyc7742-nps4-10nic.txt                    | GPU4 | 112-127,240-255        | 7                   | null
            gb200-4gpu-abridged-narrow-columns.txt               | GPU0 | 0-71                   | 0,3-9,11-17         | 2
            gb200-4gpu-abridged-narrow-columns.txt               | GPU1 | 0-71                   | 0,3-9,11-17         | 10
            gb200-4gpu-abridged-narrow-columns.txt               | GPU3 | 72-143                 | 1,19-25,27-33       | 26
            h100-6gpu-visible-2nic-gocomment.txt                 | GPU3 | 48-95,144-191          | 1                   | null
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | GPU0 | 0,2,4,6,8,10           | 0                   | null
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | GPU7 | 1,3,5,7,9,11           | 1                   | null
            l40s-r760xa-single-gpu-topo-mp.txt                   | GPU0 | 0,2,4,6,8,10           | 0                   | null
            p40-8gpu-pcie-switch-old-soc.txt                     | GPU7 | 0-13                   | ''                  | null
            rtx2080ti-2gpu-autodl-topo-m.txt                     | GPU1 | 24-47,72-95            | 1                   | null
            rtx3090-2gpu-nvlink-bridge-nv4.txt                   | GPU1 | 0-23                   | 0                   | null
            rtx4090-8gpu-2nic-gogpuallocator17.txt               | GPU4 | 56-111,168-223         | 1                   | null
            v100-hybridcube-vm-likejazz.txt                      | GPU5 | 0-63                   | 0-1                 | null
            v100-sxm2-oneflow-misaligned-tabs.txt                | GPU0 | 0-23,48-71             | 0                   | null
            v100-sxm2-oneflow-misaligned-tabs.txt                | GPU7 | 24-47,72-95            | 1                   | null
            """)
    void readsAffinityColumns(String file, String gpu, String cpus, String numa, Integer gpuNumaId) {
        Gpu g = node(read(file)).gpu(gpu).orElseThrow();
        assertThat(g.cpus()).isEqualTo(CpuSet.parse(cpus));
        assertThat(g.numaNodes()).isEqualTo(CpuSet.parse(numa).toList());
        assertThat(g.memoryNuma()).isEqualTo(gpuNumaId);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # file                                               | NIC devices in column order ('-' = not named by the file)
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | mlx4_0
            a100-4gpu-della-cryoem-nv4.txt                       | mlx5_0
            a100-4gpu-nv4-cpu-0-64-numa-range.txt                | mlx5_0
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | mlx5_0 mlx5_1 mlx5_2
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | mlx5_0 mlx5_1 mlx5_2 mlx5_3 mlx5_4 mlx5_5 mlx5_6 mlx5_7 mlx5_8 mlx5_9
            h100-6gpu-visible-2nic-gocomment.txt                 | mlx5_0 mlx5_1
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | mlx5_0 mlx5_1 mlx5_2 mlx5_3 mlx5_4 mlx5_5 mlx5_6 mlx5_7 mlx5_8 mlx5_9 mlx5_10 mlx5_11
            p40-8gpu-pcie-switch-old-soc.txt                     | mlx5_0
            rtx4090-8gpu-2nic-gogpuallocator17.txt               | - -
            v100-sxm2-oneflow-misaligned-tabs.txt                | mlx5_0 mlx5_1
            """)
    void namesNicsFromTheLegendOrTheColumnLabel(String file, String devices) {
        NodeTopology node = node(read(file));
        List<String> expected = Arrays.stream(devices.trim().split("\\s+")).map(d -> d.equals("-") ? null : d)
                .toList();
        assertThat(node.nics()).extracting(n -> n.device()).containsExactlyElementsOf(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(node.nics().get(i).id()).isEqualTo("NIC" + i);
        }
    }
}
