package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.pipeline.WriterRegistry;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The kubelet configuration per shipped node template, with the policy and reserved CPUs read off the
 * template files by hand, and the kubelet's own rules holding for every generated node shape.
 */
class KubeletConfigWriterTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            HGX_H100_SXM            | restricted       | 0,56,112,168 | true
            HGX_A100_SXM4           | restricted       | 0,64,128,192 | true
            PCIE_8GPU_NVLINK_PAIRS  | restricted       | 0,32,64,96   | true
            WORKSTATION_4GPU        | single-numa-node | 0,32         | true
            EXAMPLE_2S16C_8GPU      | restricted       | 0,16         | false
            """)
    void choosesThePolicyFromTheNode(NodeTemplate template, String policy, String reserved, boolean smt) {
        NodeTopology node = ShippedData.template(template);
        assertThat(KubeletConfigWriter.topologyPolicy(node).flag()).isEqualTo(policy);
        String text = KubeletConfigWriter.config(node);
        assertThat(text).contains("topologyManagerPolicy: " + policy + "\n")
                .contains("reservedSystemCPUs: \"" + reserved + "\"").contains("topologyManagerScope: pod")
                .contains("cpuManagerPolicy: static").contains("memoryManagerPolicy: Static");
        assertThat(text.contains("full-pcpus-only: \"true\"")).isEqualTo(smt);
        assertThat(KubeletConfigRules.check("k.yaml", text, node)).isEmpty();
    }

    @Test
    void eightNumaNodesPreferTheClosest() {
        // HGX A100 in NPS4: 8 NUMA nodes; more than 2 asks for the closest, only more than 8 needs the maximum.
        String text = KubeletConfigWriter.config(ShippedData.template(NodeTemplate.HGX_A100_SXM4));
        assertThat(text).contains("prefer-closest-numa-nodes: \"true\"").doesNotContain("max-allowable-numa-nodes");
    }

    @Test
    void aNodeWithoutKnownInsidesStillGetsAStartableConfig() {
        String text = KubeletConfigWriter.config(NodeTopology.unknown());
        assertThat(text).contains("topologyManagerPolicy: best-effort").contains("memoryManagerPolicy: None")
                .contains("cpu: \"1\"");
        assertThat(KubeletConfigRules.check("k.yaml", text, null)).isEmpty();
    }

    @Test
    void isTheConvertTargetKubeletConfig() {
        assertThat(WriterRegistry.standard().writer("kubelet-config")).containsInstanceOf(KubeletConfigWriter.class);
    }

    @Test
    void differentNodesGiveOneDocumentPerGroupAndAWarning() {
        FabricBuilder b = new FabricBuilder();
        b.addHost("a");
        b.addHost("b");
        Map<String, NodeTopology> nodes = new java.util.LinkedHashMap<>();
        nodes.put("a", ShippedData.template(NodeTemplate.WORKSTATION_4GPU));
        nodes.put("b", ShippedData.template(NodeTemplate.HGX_H100_SXM));
        Cluster c = new Cluster("two", b.build(), nodes, Map.of(), null, null);
        KubeletConfigWriter w = new KubeletConfigWriter();
        assertThat(w.groups(c)).extracting(KubeletConfigWriter.NodeGroup::hosts).containsExactly(List.of("a"), List.of("b"));
        assertThat(w.write(c)).contains("# KubeletConfiguration for a of cluster two").contains("---");
        assertThat(w.check(c)).anySatisfy(d -> assertThat(d.message()).contains("2 different kubelet configurations"));
    }

    /** Any node shape: sockets, NUMA nodes per socket, threads per core, GPUs per NUMA node, NICs or not. */
    @Property(tries = 200)
    void everyGeneratedConfigPassesTheKubeletRules(@ForAll @IntRange(min = 1, max = 4) int sockets,
                                                   @ForAll @IntRange(min = 1, max = 4) int numaPerSocket,
                                                   @ForAll @IntRange(min = 1, max = 2) int threads,
                                                   @ForAll @IntRange(min = 0, max = 2) int gpusPerNuma,
                                                   @ForAll boolean nics) {
        NodeTopology node = shape(sockets, numaPerSocket, threads, gpusPerNuma, nics);
        String text = KubeletConfigWriter.config(node);
        assertThat(KubeletConfigRules.check("k.yaml", text, node)).isEmpty();
        int numa = sockets * numaPerSocket;
        assertThat(text.contains("max-allowable-numa-nodes: \"" + numa + "\"")).isEqualTo(numa > 8);
        assertThat(KubeletConfigWriter.reservedCpus(node).size()).isEqualTo(sockets * threads);
    }

    static NodeTopology shape(int sockets, int numaPerSocket, int threads, int gpusPerNuma, boolean nics) {
        int coresPerNuma = 4;
        int numaCount = sockets * numaPerSocket;
        int coreCount = numaCount * coresPerNuma;
        List<Core> cores = new java.util.ArrayList<>();
        List<NumaNode> numa = new java.util.ArrayList<>();
        List<Gpu> gpus = new java.util.ArrayList<>();
        List<Nic> nicList = new java.util.ArrayList<>();
        for (int n = 0; n < numaCount; n++) {
            List<Integer> cpus = new java.util.ArrayList<>();
            for (int k = 0; k < coresPerNuma; k++) {
                int id = n * coresPerNuma + k;
                List<Integer> pus = new java.util.ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    pus.add(id + t * coreCount);
                }
                cpus.addAll(pus);
                cores.add(new Core(id, n / numaPerSocket, n, CpuSet.of(pus)));
            }
            numa.add(new NumaNode(n, n / numaPerSocket, CpuSet.of(cpus), 65536));
            for (int g = 0; g < gpusPerNuma; g++) {
                gpus.add(Gpu.simple(gpus.size(), "GPU", n, CpuSet.of(cpus), null));
            }
            if (nics) {
                nicList.add(Nic.simple(n, "mlx5_" + n, n, null));
            }
        }
        return new NodeTopology("shape", sockets, numaCount, coreCount, coreCount * threads, cores, numa, List.of(),
                gpus, nicList, List.of(), List.of());
    }
}
