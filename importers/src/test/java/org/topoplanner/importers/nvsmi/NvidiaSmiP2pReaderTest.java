package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.NodeTopology;

/** The P2P capability matrix, and how the two readers tell it from a topology matrix. */
class NvidiaSmiP2pReaderTest {
    private final NvidiaSmiP2pReader p2p = new NvidiaSmiP2pReader();
    private final NvidiaSmiTopoReader topo = new NvidiaSmiTopoReader();

    @Test
    void readsTheGpusOfTheRealP2pSampleAndSaysItIsNotATopology() {
        ImportResult r = p2p.read(TestSamples.load("nvidia-smi/rtx2080ti-2gpu-autodl-topo-p2p-p.txt"));
        NodeTopology node = r.part().nodes().values().iterator().next();

        assertThat(node.gpus()).extracting(g -> g.id()).containsExactly("GPU0", "GPU1");
        assertThat(node.links()).isEmpty();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.message()).contains("not how they are connected").contains("OK for 0 of 1 GPU pairs");
            assertThat(d.line()).isEqualTo(1);
        });
    }

    @Test
    void countsOkPairsAndKeepsTheCommandOfThePrompt() {
        ImportResult r = p2p.read(new SourceText("x.txt", """
                [root@gpu-a01 ~]# nvidia-smi topo -p2p r
                 \tGPU0\tGPU1\tGPU2\t
                 GPU0\tX\tOK\tCNS\t
                 GPU1\tOK\tX\tCNS\t
                 GPU2\tCNS\tCNS\tX\t
                """));
        assertThat(r.part().nodes()).containsOnlyKeys("gpu-a01");
        assertThat(r.diagnostics().get(0).message()).contains("nvidia-smi topo -p2p r").contains("OK for 1 of 3");
    }

    /** Every sample: the reader it belongs to scores high, the other one low. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            4gpu-mlx4-tensorflow-gdr-old-soc.txt                 | topo
            a100-4gpu-della-cryoem-nv4.txt                       | topo
            a100-4gpu-nv4-cpu-0-64-numa-range.txt                | topo
            a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt  | topo
            a100-sxm4-epyc7543-nccltests311-glued-columns.txt    | topo
            a100-sxm4-epyc7742-nps4-10nic.txt                    | topo
            gb200-4gpu-abridged-narrow-columns.txt               | topo
            h100-6gpu-visible-2nic-gocomment.txt                 | topo
            h100-dell-deepep397-topo-mp-interleaved-cpus.txt     | topo
            l40s-r760xa-single-gpu-topo-mp.txt                   | topo
            p40-8gpu-pcie-switch-old-soc.txt                     | topo
            rtx2080ti-2gpu-autodl-topo-m.txt                     | topo
            rtx2080ti-2gpu-autodl-topo-p2p-p.txt                 | p2p
            rtx3090-2gpu-nvlink-bridge-nv4.txt                   | topo
            rtx4090-8gpu-2nic-gogpuallocator17.txt               | topo
            v100-hybridcube-vm-likejazz.txt                      | topo
            v100-sxm2-oneflow-misaligned-tabs.txt                | topo
            """)
    void detectTellsTheTwoMatricesApart(String file, String kind) {
        SourceText source = TestSamples.load("nvidia-smi/" + file);
        int topoScore = topo.detect(source);
        int p2pScore = p2p.detect(source);
        if (kind.equals("topo")) {
            assertThat(topoScore).isGreaterThanOrEqualTo(80);
            assertThat(p2pScore).isLessThan(20);
        } else {
            assertThat(p2pScore).isGreaterThanOrEqualTo(90);
            assertThat(topoScore).isLessThan(20);
        }
    }

    @Test
    void neitherReaderClaimsOtherFormats() {
        List<String> others = List.of("SwitchName=leaf1 Nodes=node[01-08]\n",
                "Name=gpu Type=a100 File=/dev/nvidia[0-3] Cores=0-15\n",
                "<?xml version=\"1.0\"?>\n<topology version=\"2.0\"/>\n",
                "Switch\t36 \"S-0002c90300000001\"\t\t# \"leaf01\" enhanced port 0 lid 1 lmc 0\n");
        for (String text : others) {
            SourceText source = new SourceText("other.txt", text);
            assertThat(topo.detect(source)).as(text).isZero();
            assertThat(p2p.detect(source)).as(text).isZero();
        }
    }
}
