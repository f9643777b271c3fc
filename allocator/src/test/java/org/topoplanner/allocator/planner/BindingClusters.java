package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Random small trees of one 2-socket node type whose binding rules matter: 2-8 cores per socket, one
 * or two threads per core, GPUs split unevenly over the sockets (0-3 on each, as on the node of the
 * issue's probe: 2+1), and states where other jobs hold cores and GPUs socket by socket.
 */
final class BindingClusters {
    private BindingClusters() {
    }

    static Cluster tree(Random r) {
        int coresPerSocket = 2 + r.nextInt(7);
        int threads = r.nextInt(3) == 0 ? 2 : 1;
        int[] perSocket = {r.nextInt(4), r.nextInt(4)};
        if (perSocket[0] + perSocket[1] == 0) {
            perSocket[r.nextInt(2)] = 1 + r.nextInt(3);
        }
        NodeTopologyBuilder b = new NodeTopologyBuilder().cpuLayout(2, 1, coresPerSocket, threads, 0)
                .derivePcieLinks(false);
        NodeTopology layout = b.build();
        int g = 0;
        for (int s = 0; s < 2; s++) {
            for (int k = 0; k < perSocket[s]; k++, g++) {
                b.gpu(Gpu.simple(g, "X", s, layout.numa().get(s).cpus(), "SW" + s));
            }
        }
        NodeTopology node = b.build();
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        fb.addSwitch("top");
        tiers.put("top", 2);
        int leaves = 2 + r.nextInt(2);
        int host = 0;
        for (int l = 0; l < leaves; l++) {
            String leaf = "leaf" + l;
            fb.addSwitch(leaf);
            tiers.put(leaf, 1);
            fb.cable("top", leaf);
            int hosts = 1 + r.nextInt(3);
            for (int h = 0; h < hosts; h++) {
                String name = String.format("n%02d", ++host);
                fb.addHost(name);
                fb.cable(leaf, name);
                nodes.put(name, node);
                attrs.put(name, new HostAttributes(1, List.of()));
            }
        }
        fb.tiers(tiers);
        return new Cluster("binding", fb.build(), nodes, attrs, null, null);
    }

    /**
     * About a third of the hosts idle; on the others a job holds a random number of whole cores of each
     * socket (the lowest ones, or on every other such host cores anywhere in the socket, as jobs that ended
     * leave them) and each GPU with probability 1/3.
     */
    static ClusterState occupy(Random r, Cluster c) {
        ClusterState s = ClusterState.empty(c);
        int job = 0;
        for (String h : c.hostNames()) {
            if (r.nextInt(3) == 0) {
                continue;
            }
            NodeTopology t = c.node(h);
            SlurmCpuIds ids = org.topoplanner.allocator.ClusterIndex.of(c).cpuIdsOf(h);
            List<Integer> cpus = new ArrayList<>();
            boolean scattered = r.nextBoolean();
            for (int sock = 0; sock < ids.sockets(); sock++) {
                int take = r.nextInt(ids.coresPerSocket() + 1);
                List<Integer> order = new ArrayList<>();
                for (int k = 0; k < ids.coresPerSocket(); k++) {
                    order.add(k);
                }
                if (scattered) {
                    java.util.Collections.shuffle(order, r);
                }
                for (int k : order.subList(0, take)) {
                    int core = sock * ids.coresPerSocket() + k;
                    for (int th = 0; th < ids.threadsPerCore(); th++) {
                        cpus.add(core * ids.threadsPerCore() + th);
                    }
                }
            }
            List<Integer> gpus = new ArrayList<>();
            for (Gpu g : t.gpus()) {
                if (r.nextInt(3) == 0) {
                    gpus.add(g.index());
                }
            }
            if (!cpus.isEmpty() || !gpus.isEmpty()) {
                if (cpus.isEmpty()) {
                    // a job holds at least one CPU: the last core, which the binding rules rarely need
                    int last = ids.cores() - 1;
                    cpus.add(last * ids.threadsPerCore());
                }
                s = s.with(new Placement("o" + job++, List.of(HostAllocation.of(h, gpus, CpuSet.of(cpus)))));
            }
        }
        return s;
    }

    /**
     * {@code c} with a partition {@code part} of some of its hosts (at least one) whose {@code MaxCPUsPerNode} is below
     * a node's CPUs (one time in four none), beside {@code all}, the default partition of every host.
     */
    static Cluster withCappedPartition(Random r, Cluster c) {
        List<String> hosts = c.hostNames();
        List<String> in = new ArrayList<>();
        for (String h : hosts) {
            if (r.nextInt(3) != 0) {
                in.add(h);
            }
        }
        if (in.isEmpty()) {
            in.add(hosts.get(r.nextInt(hosts.size())));
        }
        NodeTopology t = c.node(hosts.get(0));
        int cpus = t.coreList().size() * t.threadsPerCore();
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("PartitionName.all", "Nodes=ALL Default=YES MaxTime=INFINITE State=UP");
        keys.put("PartitionName.part", "Nodes=" + String.join(",", in) + (r.nextInt(4) == 0 ? ""
                : " MaxCPUsPerNode=" + (1 + r.nextInt(cpus - 1))) + " MaxTime=INFINITE State=UP");
        var slurm = new org.topoplanner.model.slurm.SlurmSettings(List.of(), List.of(), keys);
        return new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(), slurm, c.kubernetes(), c.nvlink());
    }
}
