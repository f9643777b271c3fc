package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/** Node lines + gres.conf written, then read back as a folder, give the same nodes and attributes. */
class SlurmWritersRoundTripTest {

    /** A node type as Slurm can describe it. */
    record NodeType(int sockets, int coresPerSocket, int threads, long memoryPerSocket, List<String> gpuTypes,
                    List<Integer> gpuSockets, int lanes, int weight, List<String> features) {
    }

    @Provide
    Arbitrary<NodeType> nodeTypes() {
        Arbitrary<Integer> sockets = Arbitraries.integers().between(1, 4);
        Arbitrary<Integer> cps = Arbitraries.integers().between(1, 24);
        Arbitrary<Integer> tpc = Arbitraries.integers().between(1, 2);
        Arbitrary<Long> mem = Arbitraries.longs().between(0, 600_000);
        Arbitrary<List<String>> types = Arbitraries.of("h100", "a100", "1g.10gb", "").list().ofMaxSize(8);
        Arbitrary<List<Integer>> gpuSockets = Arbitraries.integers().between(-1, 3).list().ofSize(8);
        Arbitrary<Integer> lanes = Arbitraries.of(0, 0, 4, 12, 18);
        Arbitrary<Integer> weight = Arbitraries.integers().between(1, 100);
        Arbitrary<List<String>> features = Arbitraries.of("80G", "ib", "nvlink").list().uniqueElements().ofMaxSize(3);
        return Combinators.combine(sockets, cps, tpc, mem, types, gpuSockets, lanes, Combinators.combine(weight,
                features).as((w, f) -> List.<Object>of(w, f))).as((s, c, t, m, ty, gs, l, wf) -> {
                    @SuppressWarnings("unchecked")
                    List<String> f = (List<String>) wf.get(1);
                    return new NodeType(s, c, t, m, ty, gs, l, (Integer) wf.get(0), f);
                });
    }

    static NodeTopology node(NodeType t) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false)
                .cpuLayout(t.sockets(), 1, t.coresPerSocket(), t.threads(), t.memoryPerSocket());
        List<Core> cores = b.build().coreList();
        for (int i = 0; i < t.gpuTypes().size(); i++) {
            int socket = t.gpuSockets().get(i);
            String model = t.gpuTypes().get(i).isEmpty() ? null : t.gpuTypes().get(i);
            if (socket < 0 || socket >= t.sockets()) {
                b.gpu(new Gpu("GPU" + i, i, model, List.of(), CpuSet.empty(), null, null, null));
            } else {
                CpuSet cpus = cores.stream().filter(c -> c.socket() == socket).map(Core::pus)
                        .reduce(CpuSet.empty(), CpuSet::union);
                b.gpu(new Gpu("GPU" + i, i, model, List.of(socket), cpus, null, null, null));
            }
        }
        for (int i = 0; i < t.gpuTypes().size() && t.lanes() > 0; i++) {
            for (int j = i + 1; j < t.gpuTypes().size(); j++) {
                if ((i + j) % 3 != 0) {
                    b.nvlink("GPU" + i, "GPU" + j, t.lanes() + (i % 2));
                }
            }
        }
        return b.build();
    }

    static Cluster cluster(List<NodeType> types, List<Integer> typeOfHost, String prefix) {
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> hosts = new LinkedHashMap<>();
        FabricBuilder fabric = new FabricBuilder();
        for (int i = 0; i < typeOfHost.size(); i++) {
            NodeType t = types.get(typeOfHost.get(i) % types.size());
            String h = prefix + String.format("%03d", i + 1);
            nodes.put(h, node(t));
            hosts.put(h, new HostAttributes(t.weight(), t.features()));
            fabric.addHost(h);
        }
        return new Cluster("rt", fabric.build(), nodes, hosts, null, null);
    }

    static ImportResult readBack(Cluster c) {
        String nodes = new SlurmNodeLinesWriter().write(c);
        String gres = new GresConfWriter().write(c);
        return new SlurmClusterFolderReader(null).read("rt", List.of(new SourceText("rt/nodes.conf", nodes),
                new SourceText("rt/gres.conf", gres)));
    }

    @Property(tries = 150)
    void readingWhatWasWrittenGivesTheSameNodes(@ForAll("nodeTypes") NodeType a, @ForAll("nodeTypes") NodeType b,
                                                  @ForAll("hostTypes") List<Integer> typeOfHost,
                                                  @ForAll("prefixes") String prefix) {
        Cluster x = cluster(List.of(a, b), typeOfHost, prefix);
        ImportResult back = readBack(x);
        assertThat(back.part().nodes()).isEqualTo(x.nodes());
        assertThat(back.part().hosts()).isEqualTo(x.hosts());
        assertThat(back.diagnostics()).noneMatch(d -> d.severity() != org.topoplanner.model.diag.Severity.INFO);
    }

    @Provide
    Arbitrary<List<Integer>> hostTypes() {
        return Arbitraries.integers().between(0, 1).list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> prefixes() {
        return Arbitraries.of("node", "gpu-a", "dgx.", "10.0.0.");
    }

    @Test
    void writesTree32AsCompactAsItWasWritten() {
        ImportResult r = new SlurmClusterFolderReader(null).read("tree32", List.of(
                TestSamples.text("oracle/tree32/nodes.conf"), TestSamples.text("oracle/tree32/gres.conf")));
        Cluster c = new Cluster("tree32", new FabricBuilder().build(), r.part().nodes(), r.part().hosts(),
                r.part().slurm(), null);
        assertThat(new SlurmNodeLinesWriter().write(c).lines().skip(1).toList()).containsExactly(
                "NodeName=node[01-32] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8"
                        + " State=UNKNOWN");
        List<String> gres = new ArrayList<>(new GresConfWriter().write(c).lines().skip(1).toList());
        assertThat(gres).containsExactly(
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia0 Cores=0-15 Links=-1,4,4,4,0,0,0,0",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia1 Cores=0-15 Links=4,-1,4,4,0,0,0,0",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia2 Cores=0-15 Links=4,4,-1,4,0,0,0,0",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia3 Cores=0-15 Links=4,4,4,-1,0,0,0,0",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia4 Cores=16-31 Links=0,0,0,0,-1,4,4,4",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia5 Cores=16-31 Links=0,0,0,0,4,-1,4,4",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia6 Cores=16-31 Links=0,0,0,0,4,4,-1,4",
                "NodeName=node[01-32] Name=gpu File=/dev/nvidia7 Cores=16-31 Links=0,0,0,0,4,4,4,-1");
    }

    @Test
    void groupsGpusWithoutLinksIntoOneFileRangeAndKeepsAddressesInStep() {
        ImportResult r = new SlurmConfReader().read(TestSamples.text(
                "slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt"));
        Cluster c = new Cluster("h800", new FabricBuilder().build(), r.part().nodes(), r.part().hosts(),
                r.part().slurm(), null);
        assertThat(new SlurmNodeLinesWriter().write(c).lines().skip(1).toList()).containsExactly(
                "NodeName=cn01dl[001-004] NodeAddr=10.21.105.[11-14] Sockets=2 CoresPerSocket=32 ThreadsPerCore=2"
                        + " RealMemory=1031000 Gres=gpu:h800:8 Feature=80G State=UNKNOWN");
        assertThat(new GresConfWriter().write(c).lines().skip(1).toList()).containsExactly(
                "NodeName=cn01dl[001-004] Name=gpu Type=h800 File=/dev/nvidia[0-7]");
    }
}
