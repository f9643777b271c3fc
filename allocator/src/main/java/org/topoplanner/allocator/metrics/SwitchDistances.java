package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Cables between switches on the shortest path through switches only (a host forwards nothing), one
 * breadth-first search per source switch, kept for the cluster: {@link WorstPair} asks from each leaf a
 * placement touches, and a search that walked every host cable of a 16,384-host fabric per placement cost
 * more than the rest of its metrics. Thread-safe; searches run on first use of a source.
 */
final class SwitchDistances {
    private final Map<String, Integer> number = new HashMap<>();
    private final int[][] adjacent;
    private final AtomicReferenceArray<int[]> from;

    SwitchDistances(Fabric fabric) {
        List<SwitchNode> switches = fabric.switches();
        for (SwitchNode s : switches) {
            number.putIfAbsent(s.name(), number.size());
        }
        // the switch-to-switch cables, read from the cable list: asking the fabric for each switch's neighbours
        // built its JGraphT graph, every host cable included, for this table alone (8 % of a whole `compare` on
        // ft3-16384). The same pairs, each cable once per end, as the graph's neighbour lists give them; a search
        // does not depend on their order.
        List<List<Integer>> lists = new ArrayList<>(number.size());
        for (int i = 0; i < number.size(); i++) {
            lists.add(new ArrayList<>(4));
        }
        for (Cable c : fabric.cables()) {
            String a = c.a().node();
            String b = c.b().node();
            Integer na = number.get(a);
            Integer nb = number.get(b);
            if (na != null && fabric.switchNamed(b).isPresent()) {
                lists.get(na).add(nb);
            }
            if (nb != null && fabric.switchNamed(a).isPresent()) {
                lists.get(nb).add(na);
            }
        }
        adjacent = new int[number.size()][];
        for (int i = 0; i < adjacent.length; i++) {
            adjacent[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        from = new AtomicReferenceArray<>(number.size());
    }

    /** The distances of {@code cluster}'s fabric, searched at most once per source switch. */
    static SwitchDistances of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(SwitchDistances.class, c -> new SwitchDistances(c.fabric()));
    }

    /** Cables from switch {@code a} to switch {@code b} through switches; -1 when no such path or unknown switches. */
    int between(String a, String b) {
        Integer s = number.get(a);
        Integer t = number.get(b);
        if (s == null || t == null) {
            return -1;
        }
        return distancesFrom(s)[t];
    }

    private int[] distancesFrom(int s) {
        int[] d = from.get(s);
        if (d == null) {
            d = new int[adjacent.length];
            Arrays.fill(d, -1);
            d[s] = 0;
            int[] queue = new int[adjacent.length];
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int x = queue[head++];
                for (int y : adjacent[x]) {
                    if (d[y] < 0) {
                        d[y] = d[x] + 1;
                        queue[tail++] = y;
                    }
                }
            }
            from.compareAndSet(s, null, d);
        }
        return d;
    }
}
