package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.cluster.Cluster;

/**
 * The two hosts of a placement farthest apart in the fabric graph, counting cables on the shortest
 * path (host-leaf-host is 2 hops, host-leaf-spine-leaf-host 4). Paths run through switches only: a
 * host forwards nothing. All cables are used, not just the {@link FabricTree}'s, so a fat tree's
 * second spine counts.
 *
 * @param a    one host ({@code null} for fewer than two hosts)
 * @param b    the other
 * @param hops cables on the shortest path; 0 for fewer than two hosts; -1 when some pair has no path
 */
public record WorstPair(String a, String b, int hops) {

    public static WorstPair of(Fabric fabric, List<String> hosts) {
        return of(fabric, hosts, new SwitchDistances(fabric));
    }

    /** As {@link #of(Fabric, List)} on {@code cluster}'s fabric, with the switch distances kept for the cluster. */
    public static WorstPair of(Cluster cluster, List<String> hosts) {
        return of(cluster.fabric(), hosts, SwitchDistances.of(cluster));
    }

    private static WorstPair of(Fabric fabric, List<String> hosts, SwitchDistances dist) {
        // Hosts cabled to the same switches are alike: measure once per attachment.
        Map<Set<String>, String> byAttachment = new LinkedHashMap<>();
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(hosts));
        if (distinct.size() < 2) {
            return new WorstPair(null, null, 0);
        }
        Map<Set<String>, Integer> countOf = new HashMap<>();
        for (String h : distinct) {
            Set<String> att = new LinkedHashSet<>(fabric.switchesOf(h));
            byAttachment.putIfAbsent(att, h);
            countOf.merge(att, 1, Integer::sum);
        }
        List<Set<String>> atts = new ArrayList<>(byAttachment.keySet());
        WorstPair worst = new WorstPair(distinct.get(0), distinct.get(1), 0);
        for (int i = 0; i < atts.size(); i++) {
            for (int j = i; j < atts.size(); j++) {
                if (i == j && countOf.get(atts.get(i)) < 2) {
                    continue;
                }
                int hops = hops(atts.get(i), atts.get(j), dist);
                String a = byAttachment.get(atts.get(i));
                String b = i == j ? secondWith(distinct, fabric, atts.get(i), a) : byAttachment.get(atts.get(j));
                if (hops < 0) {
                    return new WorstPair(a, b, -1);
                }
                if (hops > worst.hops()) {
                    worst = new WorstPair(a, b, hops);
                }
            }
        }
        return worst;
    }

    private static String secondWith(List<String> hosts, Fabric fabric, Set<String> att, String first) {
        return hosts.stream().filter(h -> !h.equals(first) && new LinkedHashSet<>(fabric.switchesOf(h)).equals(att))
                .findFirst().orElse(first);
    }

    private static int hops(Set<String> a, Set<String> b, SwitchDistances dist) {
        int best = Integer.MAX_VALUE;
        for (String sa : a) {
            for (String sb : b) {
                int d = dist.between(sa, sb);
                if (d >= 0) {
                    best = Math.min(best, d);
                }
            }
        }
        return best == Integer.MAX_VALUE ? -1 : best + 2;
    }
}
