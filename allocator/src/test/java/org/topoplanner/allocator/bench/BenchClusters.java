package org.topoplanner.allocator.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Clusters for the benchmarks, built in code: a 3-level fat tree like {@code ft3-16384} of
 * {@code fabrics/ibsim} (pods of leaves and spines, every leaf cabled to every spine of its pod,
 * spine j of every pod to cores 8j..8j+7), HGX H100 nodes, and states with a share of hosts busy.
 */
public final class BenchClusters {
    private BenchClusters() {
    }

    /**
     * {@code pods} x {@code leaves} x {@code hosts} hosts, {@code spines} spines per pod, {@code cores}
     * cores (a multiple of {@code spines}).
     */
    public static Cluster fatTree(int pods, int leaves, int hosts, int spines, int cores) {
        NodeTopology node = ShippedData.template(NodeTemplate.HGX_H100_SXM);
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        int perSpine = cores / spines;
        for (int c = 0; c < cores; c++) {
            fb.addSwitch(String.format("core%03d", c + 1));
            tiers.put(String.format("core%03d", c + 1), 3);
        }
        int h = 0;
        for (int p = 0; p < pods; p++) {
            List<String> podSpines = new ArrayList<>();
            for (int s = 0; s < spines; s++) {
                String sp = String.format("spine%02d-%02d", p + 1, s + 1);
                fb.addSwitch(sp);
                tiers.put(sp, 2);
                podSpines.add(sp);
                for (int k = 0; k < perSpine; k++) {
                    fb.cable(String.format("core%03d", s * perSpine + k + 1), sp);
                }
            }
            for (int l = 0; l < leaves; l++) {
                String leaf = String.format("leaf%02d-%02d", p + 1, l + 1);
                fb.addSwitch(leaf);
                tiers.put(leaf, 1);
                podSpines.forEach(sp -> fb.cable(sp, leaf));
                for (int k = 0; k < hosts; k++) {
                    String name = String.format("node%05d", ++h);
                    fb.addHost(name);
                    fb.cable(leaf, name);
                    nodes.put(name, node);
                    attrs.put(name, HostAttributes.DEFAULT);
                }
            }
        }
        fb.tiers(tiers);
        return new Cluster("ft3-" + h, fb.build(), nodes, attrs, null, null);
    }

    /** The 16,384-host tree: 16 pods x 32 leaves x 32 hosts, 32 spines per pod, 256 cores. */
    public static Cluster ft3x16384() {
        return fatTree(16, 32, 32, 32, 256);
    }

    /**
     * {@code cluster} with Slurm {@code topology/block} base blocks of {@code size} hosts each, in the
     * cluster's host order (on {@link #fatTree} one block per pod for {@code leaves x hosts}), as a site
     * running {@code slurm-block} over scalable units would write {@code topology.conf}.
     */
    public static Cluster withBlocks(Cluster cluster, int size) {
        org.topoplanner.model.fabric.Fabric f = cluster.fabric();
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        f.switches().forEach(s -> {
            fb.addSwitch(s.name());
            tiers.put(s.name(), s.tier());
        });
        List<String> hosts = cluster.hostNames();
        hosts.forEach(fb::addHost);
        f.switches().forEach(s -> f.childSwitches(s.name()).forEach(c -> fb.cable(s.name(), c)));
        f.switches().forEach(s -> f.hostsOf(s.name()).forEach(h -> fb.cable(s.name(), h)));
        for (int i = 0; i < hosts.size(); i += size) {
            fb.block(new org.topoplanner.model.fabric.Block(String.format("block%02d", i / size + 1),
                    hosts.subList(i, Math.min(hosts.size(), i + size))));
        }
        fb.tiers(tiers);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        hosts.forEach(h -> {
            nodes.put(h, cluster.node(h));
            attrs.put(h, cluster.attributes(h));
        });
        return new Cluster(cluster.name(), fb.build(), nodes, attrs, null, null);
    }

    /**
     * {@code cluster} with four {@code PartitionName=} lines over its hosts, as a site splits a large machine: a
     * {@code DEFAULT} line ({@code MaxTime=2-00:00:00}); {@code batch}, the default partition, on the first three
     * quarters ({@code MaxNodes=512 MaxTime=1-00:00:00}); {@code big} on the last three quarters, so half of the hosts
     * are in both ({@code MinNodes=2 MaxCPUsPerNode=96}); {@code debug} on the first pod ({@code MaxNodes=4
     * MaxTime=30}); {@code maint} on the last pod ({@code State=DRAIN}). Every suggestion then reads the job's
     * partition, its limits and its nodes (the partition path of the Slurm emulation and the planner).
     */
    public static Cluster withPartitions(Cluster cluster) {
        List<String> hosts = cluster.hostNames();
        int n = hosts.size();
        int pod = Math.min(n, 1024);
        Map<String, String> keys = new LinkedHashMap<>(cluster.slurm().keys());
        keys.put("PartitionName.DEFAULT", "MaxTime=2-00:00:00");
        keys.put("PartitionName.batch", "Nodes=" + range(hosts, 0, n * 3 / 4)
                + " Default=YES MaxNodes=512 MaxTime=1-00:00:00 State=UP");
        keys.put("PartitionName.big", "Nodes=" + range(hosts, n / 4, n) + " MinNodes=2 MaxCPUsPerNode=96 State=UP");
        keys.put("PartitionName.debug", "Nodes=" + range(hosts, 0, pod) + " MaxNodes=4 MaxTime=30 State=UP");
        keys.put("PartitionName.maint", "Nodes=" + range(hosts, n - pod, n) + " State=DRAIN");
        var slurm = new org.topoplanner.model.slurm.SlurmSettings(cluster.slurm().nodeLines(), cluster.slurm().gres(),
                keys, cluster.slurm().topologies());
        return new Cluster(cluster.name(), cluster.fabric(), cluster.nodes(), cluster.hosts(), slurm,
                cluster.kubernetes(), cluster.nvlink());
    }

    /** The hosts {@code from} (inclusive) to {@code to} (exclusive) as one hostlist ({@code node[00001-04096]}). */
    private static String range(List<String> hosts, int from, int to) {
        return org.topoplanner.model.hostlist.Hostlist.compress(hosts.subList(from, to));
    }

    /** Each host busy whole (all GPUs and cores) with probability {@code share}; jobs of 64 hosts. */
    public static ClusterState occupied(Cluster c, double share, long seed) {
        Random r = new Random(seed);
        ClusterState s = ClusterState.empty(c);
        List<HostAllocation> chunk = new ArrayList<>();
        int job = 0;
        for (String h : c.hostNames()) {
            if (r.nextDouble() >= share) {
                continue;
            }
            NodeTopology t = c.node(h);
            List<Integer> gpus = new ArrayList<>();
            t.gpus().forEach(g -> gpus.add(g.index()));
            chunk.add(HostAllocation.of(h, gpus, CpuSet.range(0, t.coreList().size() * t.threadsPerCore() - 1)));
            if (chunk.size() == 64) {
                s = s.with(new Placement("busy" + job++, chunk), ClusterState.Hold.WHOLE_NODES);
                chunk = new ArrayList<>();
            }
        }
        if (!chunk.isEmpty()) {
            s = s.with(new Placement("busy" + job, chunk), ClusterState.Hold.WHOLE_NODES);
        }
        return s;
    }
}
