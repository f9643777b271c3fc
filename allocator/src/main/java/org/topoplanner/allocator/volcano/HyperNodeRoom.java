package org.topoplanner.allocator.volcano;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;

/**
 * How many of a job's identical tasks each HyperNode's real nodes could take, each node counted on its
 * own ({@link NodeCapacity#countIn}, one at most when tasks keep one per node) and capped at the gang.
 * Hard mode places the gang tentatively in every HyperNode of a tier, and a HyperNode whose nodes cannot
 * take {@code minAvailable} tasks between them never holds it; reading this count skips building and
 * scoring its nodes. The cap keeps the test exact (a node that alone takes the gang makes the sum reach it)
 * and bounds the counting. Kept with a cluster state and updated from an earlier state's table for the
 * hosts whose jobs changed, each changed node's difference added to the HyperNodes that list it.
 */
final class HyperNodeRoom {
    /** Tasks each host takes, by host number (0 for hosts no HyperNode lists). */
    private final int[] perHost;
    /** Tasks each HyperNode's real nodes take, by the HyperNode's position in its {@link Layout}. */
    private final int[] perHyperNode;

    private HyperNodeRoom(int[] perHost, int[] perHyperNode) {
        this.perHost = perHost;
        this.perHyperNode = perHyperNode;
    }

    /**
     * A cluster's HyperNodes by position, each with its real nodes as host numbers, and for every host the
     * positions of the HyperNodes listing it (a host is in one HyperNode per tier, or a few).
     */
    record Layout(Map<String, Integer> position, int[][] members, int[][] hyperNodesOf) {
        static Layout of(int hosts, Map<String, int[]> membersByName) {
            Map<String, Integer> position = new HashMap<>();
            int[][] members = new int[membersByName.size()][];
            int[] listed = new int[hosts];
            for (Map.Entry<String, int[]> e : membersByName.entrySet()) {
                int p = position.size();
                position.put(e.getKey(), p);
                members[p] = e.getValue();
                for (int h : e.getValue()) {
                    listed[h]++;
                }
            }
            int[][] of = new int[hosts][];
            for (int h = 0; h < hosts; h++) {
                of[h] = new int[listed[h]];
            }
            Arrays.fill(listed, 0);
            for (int p = 0; p < members.length; p++) {
                for (int h : members[p]) {
                    of[h][listed[h]++] = p;
                }
            }
            return new Layout(position, members, of);
        }
    }

    /** The table of {@code pod} tasks (one per node when {@code onePerNode}) over {@code state}, capped at {@code gang}. */
    static HyperNodeRoom of(ClusterState state, Layout layout, PodRequest pod, boolean onePerNode, int gang) {
        int[] perHost = new int[layout.hyperNodesOf().length];
        int[] perHyperNode = new int[layout.members().length];
        for (int h = 0; h < perHost.length; h++) {
            if (layout.hyperNodesOf()[h].length > 0) {
                perHost[h] = tasks(state, h, pod, onePerNode, gang);
            }
        }
        for (int p = 0; p < perHyperNode.length; p++) {
            int sum = 0;
            for (int h : layout.members()[p]) {
                sum += perHost[h];
            }
            perHyperNode[p] = sum;
        }
        return new HyperNodeRoom(perHost, perHyperNode);
    }

    /** This table after the jobs on {@code changedHosts} came or went, {@code now} being the later state. */
    HyperNodeRoom updated(ClusterState now, Layout layout, Set<String> changedHosts, PodRequest pod,
                          boolean onePerNode, int gang) {
        ClusterIndex index = ClusterIndex.of(now.cluster());
        int[] hosts = perHost.clone();
        int[] sums = perHyperNode.clone();
        for (String name : changedHosts) {
            int h = index.number(name);
            if (h < 0 || layout.hyperNodesOf()[h].length == 0) {
                continue;
            }
            int delta = tasks(now, h, pod, onePerNode, gang) - hosts[h];
            hosts[h] += delta;
            for (int p : layout.hyperNodesOf()[h]) {
                sums[p] += delta;
            }
        }
        return new HyperNodeRoom(hosts, sums);
    }

    private static int tasks(ClusterState state, int h, PodRequest pod, boolean onePerNode, int gang) {
        int n = NodeCapacity.of(state, h).countIn(pod);
        return Math.min(onePerNode ? Math.min(1, n) : n, gang);
    }

    /** Whether the real nodes of the HyperNode {@code name} could take {@code gang} tasks between them. */
    boolean mayHold(Layout layout, String name, int gang) {
        Integer p = layout.position().get(name);
        return p == null || perHyperNode[p] >= gang;
    }

    /** Tasks per HyperNode in the layout's order (for tests). */
    List<Integer> perHyperNode() {
        return Arrays.stream(perHyperNode).boxed().toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HyperNodeRoom other && Arrays.equals(perHost, other.perHost)
                && Arrays.equals(perHyperNode, other.perHyperNode);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(perHost) * 31 + Arrays.hashCode(perHyperNode);
    }

    @Override
    public String toString() {
        return Arrays.toString(perHyperNode);
    }
}
