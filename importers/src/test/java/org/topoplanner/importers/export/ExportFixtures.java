package org.topoplanner.importers.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The plans the export tests use: the shipped example cluster, and real ibsim fabrics whose hosts get a
 * shipped node template, each with jobs placed where Slurm itself puts them when they are submitted in
 * order on the empty cluster (so that replaying the exported scripts can check them).
 */
final class ExportFixtures {
    private ExportFixtures() {
    }

    /** The example: a 2-node job, two half-node jobs sharing node03, a 4-node job over two spines, a 2-GPU job. */
    static ProjectDocument example() {
        Cluster c = ShippedData.exampleCluster();
        return plan(c,
                placed("train-2n", "-N 2 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node01", "0-7", "0-31"), alloc("node02", "0-7", "0-31")),
                placed("half-a", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=4 --gres-flags=enforce-binding", nics(alloc("node03", "0-3", "0-15"), 0, "NIC0", 1, "NIC0",
                        2, "NIC1", 3, "NIC1")),
                placed("half-b", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node03", "4-7", "16-31")),
                placed("wide-4n", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding --switches=2", alloc("node09", "0-7", "0-31"),
                        alloc("node10", "0-7", "0-31"), alloc("node17", "0-7", "0-31"), alloc("node18", "0-7", "0-31")),
                placed("pair", "-N 1 --ntasks-per-node=2 --gpus-per-node=2 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node05", "0-1", "0-7")));
    }

    /**
     * The example cluster with three topology.yaml topologies: its tree ({@code fabric}, the default), 8
     * blocks of 4 ({@code nvl}, bound to partition {@code nvl}) and a flat one; jobs in the default partition.
     */
    static ProjectDocument exampleWithTopologies() {
        Cluster c = ShippedData.exampleCluster();
        SlurmTopology tree = org.topoplanner.importers.slurm.TopologyYamlWriter.topologies(c).get(0);
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        List<Block> blocks = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            blocks.add(new Block("b" + (i + 1), hosts.subList(4 * i, 4 * i + 4)));
        }
        java.util.Map<String, String> keys = new java.util.LinkedHashMap<>(c.slurm().keys());
        keys.put("PartitionName.main", "Nodes=ALL Default=YES MaxTime=INFINITE State=UP");
        keys.put("PartitionName.nvl", "Nodes=ALL Topology=nvl MaxTime=INFINITE State=UP");
        SlurmSettings slurm = new SlurmSettings(c.slurm().nodeLines(), c.slurm().gres(), keys, List.of(
                new SlurmTopology.Tree("fabric", true, ((SlurmTopology.Tree) tree).switches()),
                new SlurmTopology.BlockLayout("nvl", false, List.of(4, 8, 16, 32), blocks),
                new SlurmTopology.Flat("plain", false, false)));
        Cluster named = new Cluster("example-yaml", c.fabric(), c.nodes(), c.hosts(), slurm, c.kubernetes());
        ProjectDocument jobs = example();
        return new ProjectDocument(named, jobs.jobs(), jobs.placements(), ViewState.DEFAULT);
    }

    /** The example cluster with 8 base blocks of 4 nodes and BlockSizes=4,8,16,32 next to its tree. */
    static ProjectDocument exampleWithBlocks() {
        Cluster c = ShippedData.exampleCluster();
        FabricBuilder b = copy(c.fabric());
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        for (int i = 0; i < 8; i++) {
            b.block(new Block("b" + (i + 1), hosts.subList(4 * i, 4 * i + 4)));
        }
        b.blockSizes(List.of(4, 8, 16, 32));
        Cluster blocks = new Cluster("example-blocks", b.build(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes());
        return plan(blocks,
                placed("block-a", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node01", "0-7", "0-31"), alloc("node02", "0-7", "0-31"),
                        alloc("node03", "0-7", "0-31"), alloc("node04", "0-7", "0-31")),
                placed("block-b", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node05", "0-3", "0-15")));
    }

    /** The example's nodes in 8 base blocks of 4 and no switches at all: a cluster for topology/block alone. */
    static ProjectDocument blocksOnly() {
        Cluster c = ShippedData.exampleCluster();
        FabricBuilder b = new FabricBuilder();
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        hosts.forEach(b::addHost);
        for (int i = 0; i < 8; i++) {
            b.block(new Block("b" + (i + 1), hosts.subList(4 * i, 4 * i + 4)));
        }
        b.blockSizes(List.of(4, 8, 16, 32));
        Cluster blocks = new Cluster("blocks-only", b.build(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes());
        return plan(blocks,
                placed("block-a", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node01", "0-7", "0-31"), alloc("node02", "0-7", "0-31"),
                        alloc("node03", "0-7", "0-31"), alloc("node04", "0-7", "0-31")),
                placed("block-b", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node05", "0-3", "0-15")));
    }

    /** ibsim's 2-level fat tree (8 leaves x 16 hosts, 4 spines), every host an example node. */
    static ProjectDocument fatTree() {
        Cluster c = ibsim("ft2-8x16-4s", NodeTemplate.EXAMPLE_2S16C_8GPU);
        return plan(c,
                placed("leaf-16", "-N 16 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding", range("node", 1, 16, "0-7", "0-31")),
                placed("cross-4", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=4 --gres-flags=enforce-binding --switches=2", alloc("node017", "0-7", "0-31"),
                        alloc("node018", "0-7", "0-31"), alloc("node033", "0-7", "0-31"), alloc("node034", "0-7", "0-31")),
                placed("quad", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=4 --gres-flags=enforce-binding", alloc("node050", "0-3", "0-15")));
    }

    /** ibsim's rail-optimised fabric (32 hosts, 8 rails), every host an HGX H100 (SMT: Slurm CPU ids differ from OS ids). */
    static ProjectDocument rail() {
        Cluster c = ibsim("rail-32x8", NodeTemplate.HGX_H100_SXM);
        HostAllocation[] four = range("node", 1, 4, "0-7", "0-223");
        for (int i = 0; i < four.length; i++) {
            four[i] = nics(four[i], 0, "NIC0", 1, "NIC1", 2, "NIC2", 3, "NIC3", 4, "NIC4", 5, "NIC5", 6, "NIC6", 7, "NIC7");
        }
        return plan(c,
                placed("rails-4n", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=28 --gres-flags=enforce-binding", four),
                placed("socket", "-N 1 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-gpu=28 --gres-flags=enforce-binding", alloc("node010", "0-3", "0-111")));
    }

    /**
     * The hand-made 2-SU RoCE sample (importers/src/test/resources/samples/roce/README.md) joined from its five LLDP files, with
     * H100 HGX insides: one rail unit's 4 hosts for a 4-node job, then one host of the other unit.
     */
    static ProjectDocument roce() {
        List<SourceText> files = org.topoplanner.importers.lldp.RoceSample.FILES.stream()
                .map(org.topoplanner.importers.Samples::load).toList();
        Fabric f = org.topoplanner.importers.pipeline.ClusterImport.standard()
                .importTexts(files, java.util.Optional.empty()).cluster().fabric();
        NodeTopology node = ShippedData.template(NodeTemplate.HGX_H100_SXM);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        f.hosts().forEach(h -> nodes.put(h.name(), node));
        Cluster c = new Cluster("roce-2su", f, nodes, Map.of(), null, null);
        return plan(c,
                placed("su1-4n", "-N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=28 --gres-flags=enforce-binding",
                        range("gpu", 1, 4, "0-7", "0-223")),
                placed("one", "-N 1 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-gpu=28 --gres-flags=enforce-binding",
                        alloc("gpu005", "0-7", "0-223")));
    }

    static Cluster ibsim(String name, NodeTemplate template) {
        String text = resource("/samples/ibsim/" + name + ".ibnetdiscover");
        Fabric f = new IbnetdiscoverReader().read(new SourceText(name + ".ibnetdiscover", text)).part().fabric();
        NodeTopology node = ShippedData.template(template);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        f.hosts().forEach(h -> nodes.put(h.name(), node));
        return new Cluster(name, f, nodes, Map.of(), null, null);
    }

    static ProjectDocument plan(Cluster c, Object[]... jobs) {
        List<Job> js = new ArrayList<>();
        List<Placement> ps = new ArrayList<>();
        for (Object[] j : jobs) {
            js.add((Job) j[0]);
            ps.add((Placement) j[1]);
        }
        return new ProjectDocument(c, js, ps, ViewState.DEFAULT);
    }

    static Object[] placed(String name, String request, HostAllocation... hosts) {
        return new Object[] {new Job(name, List.of(request.split(" "))), new Placement(name, List.of(hosts))};
    }

    static HostAllocation alloc(String host, String gpus, String cpus) {
        return HostAllocation.of(host, CpuSet.parse(gpus).toList(), CpuSet.parse(cpus));
    }

    static HostAllocation[] range(String prefix, int from, int to, String gpus, String cpus) {
        HostAllocation[] out = new HostAllocation[to - from + 1];
        for (int i = from; i <= to; i++) {
            out[i - from] = alloc(String.format("%s%03d", prefix, i), gpus, cpus);
        }
        return out;
    }

    static HostAllocation nics(HostAllocation h, Object... gpuNic) {
        Map<Integer, String> m = new LinkedHashMap<>();
        for (int i = 0; i < gpuNic.length; i += 2) {
            m.put((Integer) gpuNic[i], (String) gpuNic[i + 1]);
        }
        return new HostAllocation(h.host(), h.gpus(), h.cpus(), m);
    }

    private static FabricBuilder copy(Fabric f) {
        FabricBuilder b = FabricBuilder.withoutBlocks(f);
        f.blocks().forEach(b::block);
        return b;
    }

    static String resource(String path) {
        try (InputStream in = ExportFixtures.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
