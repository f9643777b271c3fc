package org.topoplanner.allocator.bench;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.planner.NodeChoice;
import org.topoplanner.allocator.planner.NodeDemand;
import org.topoplanner.allocator.planner.NodeFit;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The exact GPU subset of one node, without the memo: 4 of 8 free GPUs on the HGX H100 template
 * (70 subsets), and 8 of 16 on a 16-GPU node (12,870 subsets: two NVLink islands of 8 on 4 NUMA
 * nodes, 8 PCIe switches, a NIC per switch).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GpuSubsetBenchmark {
    private NodeShape eight;
    private NodeShape sixteen;
    private BitSet cores8;
    private BitSet cores16;

    @Setup
    public void setUp() {
        eight = shape(ShippedData.template(NodeTemplate.HGX_H100_SXM));
        sixteen = shape(sixteenGpus());
        cores8 = all(eight.cores());
        cores16 = all(sixteen.cores());
    }

    private static BitSet all(int n) {
        BitSet b = new BitSet();
        b.set(0, n);
        return b;
    }

    private static NodeShape shape(NodeTopology t) {
        Cluster c = new Cluster("one", new FabricBuilder().addHost("n").build(), Map.of("n", t),
                Map.of("n", HostAttributes.DEFAULT), null, null);
        return ClusterIndex.of(c).shape(0);
    }

    static NodeTopology sixteenGpus() {
        NodeTopologyBuilder b = new NodeTopologyBuilder().cpuLayout(2, 2, 32, 2, 0).derivePcieLinks(true);
        NodeTopology layout = b.build();
        for (int g = 0; g < 16; g++) {
            int numa = g / 4;
            CpuSet cpus = layout.numa().get(numa).cpus();
            b.gpu(new Gpu("GPU" + g, g, "H100", List.of(numa), cpus, "SW" + g / 2, null, null));
        }
        for (int n = 0; n < 8; n++) {
            b.nic(new Nic("NIC" + n, "mlx5_" + n, List.of(n / 2), "SW" + n, null, null));
        }
        for (int i = 0; i < 16; i++) {
            for (int j = i + 1; j < 16; j++) {
                if (i / 8 == j / 8) {
                    b.nvlink("GPU" + i, "GPU" + j, 18);
                }
            }
        }
        return b.build();
    }

    @Benchmark
    public NodeChoice fourOfEight() {
        return NodeFit.exact(eight, 0xFF, cores8, new NodeDemand(1, 4, 0, 4, false, false, null), 4);
    }

    @Benchmark
    public NodeChoice eightOfSixteen() {
        return NodeFit.exact(sixteen, 0xFFFF, cores16, new NodeDemand(1, 8, 0, 8, false, false, null), 8);
    }

    @Benchmark
    public NodeChoice sevenOfThirteenFree() {
        // GPUs 0, 5 and 10 busy: the best subsets straddle islands and NUMA nodes
        return NodeFit.exact(sixteen, 0xFFFF & ~((1 << 0) | (1 << 5) | (1 << 10)), cores16,
                new NodeDemand(1, 7, 0, 7, true, false, null), 7);
    }
}
