package org.topoplanner.model.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Random two-level clusters with node types, Slurm and Kubernetes settings, jobs with every sbatch option,
 * placements and a view ({@link ProjectParts}), for round-trip properties of the whole project file.
 */
final class ClusterGenerators {
    private ClusterGenerators() {
    }

    static Arbitrary<ProjectDocument> documents() {
        return Combinators.combine(Arbitraries.integers().between(1, 5), Arbitraries.integers().between(1, 6),
                Arbitraries.integers().between(0, 8), Arbitraries.of(LinkSpeed.values()),
                Arbitraries.integers().between(1, 3), Arbitraries.longs().between(0, 1_000_000))
                .as(ClusterGenerators::document);
    }

    static ProjectDocument document(int leaves, int hostsPerLeaf, int gpus, LinkSpeed speed, int types, long seed) {
        java.util.Random r = new java.util.Random(seed);
        FabricBuilder fb = new FabricBuilder();
        fb.addSwitch("spine", "0x" + Long.toHexString(seed), "MF0;spine:MQM8700/U1");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        List<NodeTopology> typeList = new ArrayList<>();
        for (int t = 0; t < types; t++) {
            typeList.add(node(gpus, r, t));
        }
        for (int l = 0; l < leaves; l++) {
            String leaf = "leaf" + l;
            fb.addSwitch(leaf);
            fb.cable(new Cable(CableEnd.of(leaf, 40), CableEnd.of("spine", l + 1), new LinkWidth(4), speed));
            for (int h = 0; h < hostsPerLeaf; h++) {
                String host = String.format("n%03d", l * hostsPerLeaf + h);
                fb.addHost(host);
                fb.cable(new Cable(new CableEnd(host, 1, "mlx5_0", "0x" + Integer.toHexString(h)),
                        CableEnd.of(leaf, h + 1), LinkWidth.X4, speed));
                if (r.nextInt(4) > 0) {
                    nodes.put(host, typeList.get(r.nextInt(types)));
                }
                if (r.nextBoolean()) {
                    attrs.put(host, new HostAttributes(r.nextInt(100), r.nextBoolean() ? List.of("a100", "ib") : List.of()));
                }
            }
        }
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < leaves * hostsPerLeaf; i++) {
            hosts.add(String.format("n%03d", i));
        }
        Cluster c = new Cluster("c" + seed, fb.build(), nodes, attrs, ProjectParts.slurm(r, hosts, gpus),
                ProjectParts.kubernetes(r, hosts, leaves)).withNvlink(NvlinkParts.domains(r, hosts));
        List<Job> jobs = ProjectParts.jobs(r, hosts);
        List<Placement> placements = ProjectParts.placements(r, jobs, hosts, gpus);
        return new ProjectDocument(c, jobs, placements, ProjectParts.view(r, hosts, leaves));
    }

    private static NodeTopology node(int gpus, java.util.Random r, int variant) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("type " + variant)
                .cpuLayout(2, 1 + r.nextInt(2), 8, 1 + r.nextInt(2), 1024L * (variant + 1));
        b.pci(new PciNode("HB0", PciKind.HOST_BRIDGE, null, 0, "0000:00:01.0"));
        b.pci(new PciNode("SW0", PciKind.SWITCH, "HB0", 0, null));
        b.pci(new PciNode("HB1", PciKind.HOST_BRIDGE, null, 1, null));
        for (int g = 0; g < gpus; g++) {
            int numa = g < gpus / 2 ? 0 : 1;
            b.gpu(new Gpu("GPU" + g, g, "NVIDIA H100", List.of(numa), CpuSet.range(numa * 8, numa * 8 + 7),
                    numa == 0 ? "SW0" : "HB1", null, r.nextBoolean() ? null : numa + 2));
        }
        b.nic(new Nic("NIC0", "mlx5_0", List.of(0), "SW0", null, "ib0"));
        for (int g = 1; g < gpus; g += 2) {
            b.nvlink("GPU" + (g - 1), "GPU" + g, 1 + r.nextInt(18));
        }
        return b.build();
    }
}
