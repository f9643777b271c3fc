package org.topoplanner.app.desktop.fabric.layout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Three-level fat trees built in code: {@code pods} pods of {@code leaves} leaves with
 * {@code hostsPerLeaf} hosts each and {@code spines} spines (all leaves to all spines of the pod);
 * spine {@code j} of every pod goes to core group {@code j} with the parallel cables that keep
 * the tree non-blocking. {@link #large()} is the 16,384-host fabric of the benchmarks.
 */
public final class FatTreeFixture {
    private static final LinkWidth X4 = LinkWidth.X4;

    private FatTreeFixture() {
    }

    /** 16 pods x 32 leaves x 32 hosts, 32 spines per pod, 256 cores; hosts with 8 GPUs. */
    public static Cluster large() {
        return threeLevel(16, 32, 32, 32, 256);
    }

    public static Cluster threeLevel(int pods, int leaves, int hostsPerLeaf, int spines, int cores) {
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        for (int c = 0; c < cores; c++) {
            String name = String.format("core%03d", c + 1);
            b.addSwitch(name);
            tiers.put(name, 3);
        }
        for (int p = 0; p < pods; p++) {
            for (int s = 0; s < spines; s++) {
                String name = spine(p, s);
                b.addSwitch(name);
                tiers.put(name, 2);
            }
            for (int l = 0; l < leaves; l++) {
                String name = leaf(p, l);
                b.addSwitch(name);
                tiers.put(name, 1);
            }
        }
        List<String> hosts = new ArrayList<>();
        int group = Math.max(1, cores / spines);
        int parallel = Math.max(1, leaves / group);
        int port = 0;
        for (int p = 0; p < pods; p++) {
            for (int l = 0; l < leaves; l++) {
                for (int h = 0; h < hostsPerLeaf; h++) {
                    String host = String.format("gpu%05d", hosts.size() + 1);
                    hosts.add(host);
                    b.addHost(host);
                    b.cable(cable(host, 1, leaf(p, l), h + 1, LinkSpeed.NDR));
                }
                for (int s = 0; s < spines; s++) {
                    b.cable(cable(leaf(p, l), hostsPerLeaf + s + 1, spine(p, s), l + 1, LinkSpeed.NDR));
                }
            }
            for (int s = 0; s < spines; s++) {
                for (int g = 0; g < group; g++) {
                    String core = String.format("core%03d", s * group + g + 1);
                    for (int k = 0; k < parallel; k++) {
                        b.cable(cable(spine(p, s), leaves + g * parallel + k + 1, core, ++port, LinkSpeed.NDR));
                    }
                }
            }
        }
        b.tiers(tiers);
        return cluster("fat-tree-" + hosts.size(), b.build(), hosts);
    }

    /** The same cluster with switches, hosts and cables in a random source order. */
    public static Cluster shuffled(Cluster c, long seed) {
        Random rnd = new Random(seed);
        Fabric f = c.fabric();
        List<SwitchNode> switches = new ArrayList<>(f.switches());
        Collections.shuffle(switches, rnd);
        List<String> hosts = new ArrayList<>(c.hostNames());
        Collections.shuffle(hosts, rnd);
        List<Cable> cables = new ArrayList<>(f.cables());
        Collections.shuffle(cables, rnd);
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        switches.forEach(s -> {
            b.addSwitch(s.name(), s.guid(), s.description());
            tiers.put(s.name(), s.tier());
        });
        hosts.forEach(b::addHost);
        cables.forEach(b::cable);
        b.tiers(tiers);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        hosts.forEach(h -> nodes.put(h, c.node(h)));
        return new Cluster(c.name(), b.build(), nodes, Map.of(), c.slurm(), c.kubernetes());
    }

    private static Cluster cluster(String name, Fabric fabric, List<String> hosts) {
        NodeTopology node = ShippedData.template(NodeTemplate.HGX_H100_SXM);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        hosts.forEach(h -> nodes.put(h, node));
        return new Cluster(name, fabric, nodes, Map.of(), null, null);
    }

    private static Cable cable(String a, int aPort, String b, int bPort, LinkSpeed speed) {
        return new Cable(CableEnd.of(a, aPort), CableEnd.of(b, bPort), X4, speed);
    }

    public static String leaf(int pod, int l) {
        return String.format("p%02d-leaf%02d", pod + 1, l + 1);
    }

    public static String spine(int pod, int s) {
        return String.format("p%02d-spine%02d", pod + 1, s + 1);
    }

    /** Three jobs spread over the cluster, as a scheduler would leave them. */
    public static Occupancy someJobs(Cluster c, double share, long seed) {
        Random rnd = new Random(seed);
        Occupancy.Builder b = Occupancy.builder();
        List<String> hosts = c.hostNames();
        String[] jobs = {"train-llm-70b", "finetune-7b", "eval-batch", "ray-serve", "sweep-42"};
        int job = 0;
        int i = 0;
        while (i < hosts.size()) {
            int run = 1 + rnd.nextInt(Math.max(1, Math.min(64, hosts.size() / 8)));
            boolean used = rnd.nextDouble() < share;
            for (int k = 0; k < run && i < hosts.size(); k++, i++) {
                if (used) {
                    int gpus = c.node(hosts.get(i)).gpus().size();
                    int n = rnd.nextDouble() < 0.8 ? gpus : 1 + rnd.nextInt(Math.max(1, gpus));
                    for (int g = 0; g < n; g++) {
                        b.hold(hosts.get(i), g, jobs[job % jobs.length]);
                    }
                }
            }
            if (used) {
                job++;
            }
        }
        return b.build();
    }
}
