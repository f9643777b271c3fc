package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** Requests, placements and small clusters written the way the tests read best. */
final class Fixture {
    static final Cluster EXAMPLE = ShippedData.exampleCluster();
    static final PlacementValidator VALIDATOR = new PlacementValidator();

    private Fixture() {
    }

    static JobRequest request(String sbatchLine) {
        try {
            return SbatchOptions.parseLine(sbatchLine, "job");
        } catch (JobRequestException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** {@code node01:0,1:0-3} = host, GPU indices, Slurm CPU ids; {@code node01:0,1:0-3:0=NIC0,1=NIC0} adds NICs. */
    static HostAllocation on(String spec) {
        String[] p = spec.split(":");
        List<Integer> gpus = p.length < 2 || p[1].isEmpty() ? List.of()
                : Arrays.stream(p[1].split(",")).map(Integer::valueOf).toList();
        CpuSet cpus = p.length < 3 || p[2].isEmpty() ? CpuSet.empty() : CpuSet.parse(p[2]);
        Map<Integer, String> nics = new LinkedHashMap<>();
        if (p.length > 3) {
            for (String kv : p[3].split(",")) {
                String[] e = kv.split("=");
                nics.put(Integer.valueOf(e[0]), e[1]);
            }
        }
        return new HostAllocation(p[0], gpus, cpus, nics);
    }

    static Placement placement(String job, String... specs) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (String s : specs) {
            hosts.add(on(s));
        }
        return new Placement(job, hosts);
    }

    static List<String> codes(List<Violation> vs) {
        return vs.stream().map(Violation::code).toList();
    }

    static List<Violation> only(List<Violation> vs, ViolationCode code) {
        return vs.stream().filter(v -> v.is(code)).toList();
    }

    /** A running job holding every GPU and core of each host. */
    static ClusterState busy(ClusterState s, String job, String... hosts) {
        List<HostAllocation> all = new ArrayList<>();
        for (String h : hosts) {
            all.add(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.range(0, 31)));
        }
        return s.with(new Placement(job, all));
    }

    /**
     * A small fabric: leaf {@code s1} over hosts {@code a} and {@code b} (base block {@code bab}),
     * leaf {@code s2} over {@code c} (base block {@code bc}) with no common parent, and {@code lonely}, cabled to nothing. Every host is
     * the given template.
     */
    static Cluster small(NodeTemplate template) {
        FabricBuilder f = new FabricBuilder().addSwitch("s1").addSwitch("s2");
        for (String h : List.of("a", "b", "c", "lonely")) {
            f.addHost(h);
        }
        f.cable("a", "s1");
        f.cable("b", "s1");
        f.cable("c", "s2");
        f.tiers(Map.of("s1", 1, "s2", 1));
        f.block(new Block("bab", List.of("a", "b"))).block(new Block("bc", List.of("c")));
        NodeTopology node = ShippedData.template(template);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (String h : List.of("a", "b", "c", "lonely")) {
            nodes.put(h, node);
        }
        return new Cluster("small", f.build(), nodes, Map.of(), null, null);
    }
}
