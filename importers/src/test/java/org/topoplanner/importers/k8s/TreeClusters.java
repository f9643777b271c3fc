package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.SwitchNode;

/** Random tree fabrics for round-trip properties, and their shape (tiers and membership) for comparison. */
final class TreeClusters {
    private TreeClusters() {
    }

    /** A tree of {@code tiers} switch tiers, every switch with hosts below it; switch names from {@code namer}. */
    static Cluster tree(long seed, int tiers, UnaryOperator<String> namer) {
        Random r = new Random(seed);
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tierOf = new HashMap<>();
        List<String> hosts = new ArrayList<>();
        int[] counter = {0};
        int roots = 1 + r.nextInt(2);
        for (int i = 0; i < roots; i++) {
            grow(fb, tierOf, hosts, r, tiers, namer, counter);
        }
        fb.tiers(tierOf);
        if (r.nextBoolean() && hosts.size() >= 2) {
            fb.block(new Block("nvl-" + seed % 100, hosts.subList(0, hosts.size() / 2)));
        }
        return new Cluster("cluster-" + Math.abs(seed % 1000), fb.build(), Map.of(), Map.of(), null, null);
    }

    private static String grow(FabricBuilder fb, Map<String, Integer> tierOf, List<String> hosts, Random r, int tier,
                               UnaryOperator<String> namer, int[] counter) {
        String name = namer.apply("s" + tier + "-" + counter[0]++);
        fb.addSwitch(name);
        tierOf.put(name, tier);
        if (tier == 1) {
            int n = 1 + r.nextInt(4);
            for (int i = 0; i < n; i++) {
                String h = "node" + String.format("%03d", hosts.size() + 1);
                hosts.add(h);
                fb.addHost(h);
                fb.cable(name, h);
            }
        } else {
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                fb.cable(name, grow(fb, tierOf, hosts, r, tier - 1, namer, counter));
            }
        }
        return name;
    }

    /** Tiers and membership, with switch names passed through {@code rename}, comparable across formats. */
    record Shape(Map<String, Integer> tiers, Map<String, String> parentOf, Map<String, String> leafOf,
                 Map<String, TreeSet<String>> blocks) {
    }

    static Shape shape(Fabric f, UnaryOperator<String> rename) {
        Map<String, Integer> tiers = new TreeMap<>();
        Map<String, String> parentOf = new TreeMap<>();
        Map<String, String> leafOf = new TreeMap<>();
        for (SwitchNode s : f.switches()) {
            tiers.put(rename.apply(s.name()), s.tier());
            for (String c : f.childSwitches(s.name())) {
                parentOf.put(rename.apply(c), rename.apply(s.name()));
            }
            for (String h : f.hostsOf(s.name())) {
                leafOf.put(h, rename.apply(s.name()));
            }
        }
        Map<String, TreeSet<String>> blocks = new TreeMap<>();
        f.blocks().forEach(b -> blocks.put(rename.apply(b.name()), new TreeSet<>(b.nodes())));
        return new Shape(tiers, parentOf, leafOf, blocks);
    }
}
