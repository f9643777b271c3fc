package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * What a designed cluster is made of, counted from the cluster itself before it is created (New
 * cluster…): switches per tier with the ports each uses (its radix as built), cables per tier pair
 * with their speed, the leaves' oversubscription (host ports over uplink ports), hosts and GPUs.
 *
 * @param switchesPerTier switch count per tier (1 = leaf)
 * @param portsPerTier    the most ports any switch of the tier uses
 * @param cables          cable count per link ({@code host–leaf}, {@code leaf–spine}, ...), bottom up
 * @param speeds          the speed of each link's cables as {@code ibnetdiscover} spells it ({@code NDR})
 * @param leafOversubscription host ports over uplink ports of the busiest leaf (0 without uplinks)
 * @param hosts           hosts
 * @param gpus            GPUs
 */
public record BillOfMaterials(Map<Integer, Integer> switchesPerTier, Map<Integer, Integer> portsPerTier,
                              Map<String, Integer> cables, Map<String, String> speeds, double leafOversubscription,
                              int hosts, int gpus) {
    private static final String[] TIER = {"host", "leaf", "spine", "core"};

    public static BillOfMaterials of(Cluster cluster) {
        Fabric f = cluster.fabric();
        Map<String, Integer> tierOf = new HashMap<>();
        f.switches().forEach(s -> tierOf.put(s.name(), s.tier()));
        Map<Integer, Integer> switches = new TreeMap<>();
        f.switches().forEach(s -> switches.merge(s.tier(), 1, Integer::sum));
        Map<String, Integer> ports = new HashMap<>();
        Map<String, Integer> down = new HashMap<>();
        Map<String, Integer> up = new HashMap<>();
        Map<String, Integer> cables = new TreeMap<>();
        Map<String, String> speeds = new TreeMap<>();
        for (Cable c : f.cables()) {
            String a = c.a().node();
            String b = c.b().node();
            int ta = tierOf.getOrDefault(a, 0);
            int tb = tierOf.getOrDefault(b, 0);
            String link = tierName(Math.min(ta, tb)) + "\u2013" + tierName(Math.max(ta, tb));
            cables.merge(link, 1, Integer::sum);
            speeds.putIfAbsent(link, c.speed().name());
            ports.merge(a, 1, Integer::sum);
            ports.merge(b, 1, Integer::sum);
            String lower = ta < tb ? a : b;
            String upper = ta < tb ? b : a;
            if (ta != tb) {
                up.merge(lower, 1, Integer::sum);
                down.merge(upper, 1, Integer::sum);
            }
        }
        Map<Integer, Integer> radix = new TreeMap<>();
        for (SwitchNode s : f.switches()) {
            radix.merge(s.tier(), ports.getOrDefault(s.name(), 0), Math::max);
        }
        double over = 0;
        for (SwitchNode leaf : f.leaves()) {
            int u = up.getOrDefault(leaf.name(), 0);
            if (u > 0) {
                over = Math.max(over, down.getOrDefault(leaf.name(), 0) / (double) u);
            }
        }
        return new BillOfMaterials(switches, radix, cables, speeds, over, f.hosts().size(), cluster.gpuCount());
    }

    static String tierName(int tier) {
        return tier < TIER.length ? TIER[tier] : "tier " + tier;
    }

    /** The lines the dialog shows, one per item. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(hosts + " hosts, " + gpus + " GPUs");
        switchesPerTier.forEach((t, n) -> out.add(n + " " + tierName(t) + " switch" + (n == 1 ? "" : "es") + ", "
                + portsPerTier.getOrDefault(t, 0) + " ports used each at most"));
        cables.forEach((link, n) -> out.add(n + " " + link + " cables (" + speeds.get(link) + ")"));
        if (leafOversubscription > 0) {
            out.add("leaves oversubscribed " + String.format(java.util.Locale.ROOT, "%.2g", leafOversubscription)
                    + ":1 (host ports over uplinks)");
        }
        return out;
    }
}
