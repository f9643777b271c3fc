package org.topoplanner.allocator.planner;

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
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Random switch trees (2 or 3 levels, uneven fan-out, leaves of 1-{@code maxPerLeaf} hosts, some leaves
 * hung directly under the top) of identical 2-socket nodes with 4 or 8 GPUs, and random occupancy:
 * hosts idle, held whole, or with some GPUs and cores taken.
 */
final class RandomClusters {
    private RandomClusters() {
    }

    static Cluster tree(Random r, int maxLeaves, int maxPerLeaf) {
        int gpus = r.nextBoolean() ? 4 : 8;
        int coresPerSocket = 2 + r.nextInt(4);
        NodeTopologyBuilder b = new NodeTopologyBuilder().cpuLayout(2, 1, coresPerSocket, 1, 0).derivePcieLinks(false);
        NodeTopology layout = b.build();
        for (int g = 0; g < gpus; g++) {
            int socket = g < gpus / 2 ? 0 : 1;
            b.gpu(Gpu.simple(g, "X", socket, layout.numa().get(socket).cpus(), "SW" + (g / 2)));
        }
        for (int i = 0; i < gpus; i++) {
            for (int j = i + 1; j < gpus; j++) {
                if ((i < gpus / 2) == (j < gpus / 2)) {
                    b.nvlink("GPU" + i, "GPU" + j, 4);
                }
            }
        }
        NodeTopology node = b.build();
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        boolean threeLevels = r.nextBoolean();
        fb.addSwitch("top");
        tiers.put("top", threeLevels ? 3 : 2);
        int leaves = 2 + r.nextInt(maxLeaves - 1);
        int spines = threeLevels ? 2 + r.nextInt(2) : 0;
        for (int s = 0; s < spines; s++) {
            fb.addSwitch("spine" + s);
            tiers.put("spine" + s, 2);
            fb.cable("top", "spine" + s);
        }
        int host = 0;
        for (int l = 0; l < leaves; l++) {
            String leaf = "leaf" + l;
            fb.addSwitch(leaf);
            tiers.put(leaf, 1);
            // on a 3-level tree most leaves hang under a spine, some directly under the top (uneven depth)
            String parent = spines > 0 && r.nextInt(5) != 0 ? "spine" + r.nextInt(spines) : "top";
            fb.cable(parent, leaf);
            int hosts = 1 + r.nextInt(maxPerLeaf);
            for (int h = 0; h < hosts; h++) {
                String name = String.format("n%03d", ++host);
                fb.addHost(name);
                fb.cable(leaf, name);
                nodes.put(name, node);
                attrs.put(name, new HostAttributes(r.nextInt(6) == 0 ? 2 : 1, List.of()));
            }
        }
        fb.tiers(tiers);
        return new Cluster("random", fb.build(), nodes, attrs, null, null);
    }

    /** Each host idle (about half), held whole, or with a random part of its GPUs and one core per GPU taken. */
    static ClusterState occupy(Random r, Cluster c) {
        ClusterState s = ClusterState.empty(c);
        int job = 0;
        for (String h : c.hostNames()) {
            NodeTopology t = c.node(h);
            int roll = r.nextInt(6);
            if (roll <= 2) {
                continue;
            }
            int gpus = t.gpus().size();
            int cores = t.coreList().size();
            if (roll == 3) {
                List<Integer> all = new ArrayList<>();
                for (int g = 0; g < gpus; g++) {
                    all.add(g);
                }
                s = s.with(new Placement("w" + job++, List.of(HostAllocation.of(h, all, CpuSet.range(0, cores - 1)))),
                        ClusterState.Hold.WHOLE_NODES);
                continue;
            }
            List<Integer> some = new ArrayList<>();
            List<Integer> cpus = new ArrayList<>();
            for (int g = 0; g < gpus; g++) {
                if (r.nextInt(3) == 0) {
                    some.add(g);
                    cpus.add(g * cores / gpus);
                }
            }
            if (!some.isEmpty()) {
                s = s.with(new Placement("p" + job++, List.of(HostAllocation.of(h, some, CpuSet.of(cpus)))));
            }
        }
        return s;
    }
}
