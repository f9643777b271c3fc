package org.topoplanner.allocator.k8s;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;

/** Small clusters built in code, with every number visible in the test that uses them. */
public final class TestClusters {
    private TestClusters() {
    }

    /**
     * A node of {@code numaNodes} NUMA nodes on {@code numaNodes} sockets, {@code coresPerNuma} cores each
     * (one thread), {@code gpusPerNuma[i]} GPUs and {@code nicsPerNuma[i]} NICs on NUMA node i, each NUMA
     * node's devices behind one PCIe switch, {@code memMiB} per NUMA node. GPUs are numbered NUMA by NUMA.
     */
    public static NodeTopology node(int coresPerNuma, long memMiB, int[] gpusPerNuma, int[] nicsPerNuma) {
        int numa = gpusPerNuma.length;
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("test").cpuLayout(numa, 1, coresPerNuma, 1, memMiB);
        int g = 0;
        int n = 0;
        for (int i = 0; i < numa; i++) {
            b.pci(new PciNode("HB" + i, PciKind.HOST_BRIDGE, null, i, null));
            b.pci(new PciNode("PEX" + i, PciKind.SWITCH, "HB" + i, i, null));
            CpuSet cpus = CpuSet.range(i * coresPerNuma, (i + 1) * coresPerNuma - 1);
            for (int k = 0; k < gpusPerNuma[i]; k++) {
                b.gpu(Gpu.simple(g++, "GPU", i, cpus, "PEX" + i));
            }
            for (int k = 0; k < nicsPerNuma[i]; k++) {
                b.nic(Nic.simple(n, "mlx5_" + n, i, "PEX" + i));
                n++;
            }
        }
        return b.build();
    }

    /** {@code hosts} copies of {@code node} named {@code prefix01..}, {@code perLeaf} per leaf switch under one spine. */
    public static Cluster cluster(String prefix, int hosts, int perLeaf, NodeTopology node) {
        return cluster(prefix, hosts, perLeaf, node, KubernetesSettings.empty());
    }

    public static Cluster cluster(String prefix, int hosts, int perLeaf, NodeTopology node, KubernetesSettings k8s) {
        FabricBuilder fb = new FabricBuilder().addSwitch("spine");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        for (int i = 0; i < hosts; i++) {
            String leaf = "leaf" + (i / perLeaf + 1);
            if (!fb.hasSwitch(leaf)) {
                fb.addSwitch(leaf);
                fb.cable("spine", leaf);
            }
            String h = String.format("%s%02d", prefix, i + 1);
            fb.addHost(h);
            fb.cable(leaf, h);
            nodes.put(h, node);
            attrs.put(h, HostAttributes.DEFAULT);
        }
        Fabric f = fb.build();
        return new Cluster("test", f, nodes, attrs, null, k8s);
    }

    public static List<Integer> ints(int... v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }
}
