package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;

/**
 * Candidate nodes grouped by what the scheduler sees of them: nodes with the same free capacity and the
 * same NUMA node count pass the same filters and get the same score for a pod, so a scheduler that scores
 * every node and breaks ties by name needs only the best class and its first node by name. On a
 * 16,384-host cluster a job's pods then cost a pass over a handful of classes each instead of over every
 * node (which made a 256-pod suggestion take seconds).
 *
 * <p>Each class keeps its nodes sorted by name. The table for all hosts of a cluster is kept with each
 * state ({@link ClusterState#derived}); a job with {@code --nodelist} or {@code --exclude} gets its own.
 */
public final class NodeClasses {
    private static final Object ALL_HOSTS = NodeClasses.class;
    private static final Object BY_NAME = new Object();

    /**
     * Nodes alike for the scheduler.
     *
     * @param free      the class's capacity (its host name is empty)
     * @param numaNodes NUMA nodes of each node (the kubelet's start-up check)
     * @param hosts     host names, sorted
     */
    record NodeClass(NodeCapacity free, int numaNodes, String[] hosts) {
    }

    private final List<NodeClass> classes;
    private final int nodes;
    /** Each host number's position in {@link #classes}, -1 for hosts not in the table. */
    /**
     * The hosts' class positions: by host number, or (for a few hosts of a large cluster, such as one
     * HyperNode's: Volcano keeps a table per HyperNode) by position in {@link #members}.
     */
    private final int[] classOf;
    /** The hosts the table covers in ascending number, or {@code null} when {@link #classOf} is by host number. */
    private final int[] members;

    private NodeClasses(List<NodeClass> classes, int nodes, int[] classOf, int[] members) {
        this.classes = List.copyOf(classes);
        this.nodes = nodes;
        this.classOf = classOf;
        this.members = members;
    }

    /** Where host {@code h}'s class position is kept in {@link #classOf}, or -1 when the table does not cover it. */
    private int slot(int h) {
        return members == null ? h : Math.max(-1, Arrays.binarySearch(members, h));
    }

    /** The classes of every host of the state's cluster; after a change, only the changed hosts move. */
    public static NodeClasses ofAll(ClusterState state) {
        return state.derived(ALL_HOSTS, s -> build(s, byName(s.cluster())), NodeClasses::moved);
    }

    /** The classes of hosts numbered {@code numbers}, kept with the state under {@code key} and moved on changes. */
    public static NodeClasses of(ClusterState state, Object key, int[] numbers) {
        return state.derived(key, s -> build(s, numbers), NodeClasses::moved);
    }

    /** {@code before} with the {@code changed} hosts it holds in the classes {@code now} gives them. */
    private static NodeClasses moved(NodeClasses before, ClusterState now, Set<String> changed) {
        ClusterIndex index = ClusterIndex.of(now.cluster());
        NodeAllocatable allocatable = NodeAllocatable.of(index);
        List<Key> keys = new ArrayList<>();
        Map<Key, Integer> position = new HashMap<>();
        for (NodeClass c : before.classes) {
            Key k = new Key(c.free(), c.numaNodes());
            position.put(k, keys.size());
            keys.add(k);
        }
        Map<Integer, List<Integer>> leaving = new HashMap<>();
        Map<Integer, List<Integer>> arriving = new HashMap<>();
        int[] classOf = before.classOf.clone();
        for (String host : changed) {
            int h = index.number(host);
            int slot = h < 0 ? -1 : before.slot(h);
            if (slot < 0 || before.classOf[slot] < 0) {
                continue;
            }
            Key k = key(NodeCapacity.of(now, h), allocatable.numaNodes(h));
            int from = before.classOf[slot];
            Integer to = position.get(k);
            if (to != null && to == from) {
                continue;
            }
            if (to == null) {
                to = keys.size();
                position.put(k, to);
                keys.add(k);
            }
            leaving.computeIfAbsent(from, x -> new ArrayList<>()).add(h);
            arriving.computeIfAbsent(to, x -> new ArrayList<>()).add(h);
            classOf[slot] = to;
        }
        if (leaving.isEmpty()) {
            return before;
        }
        List<NodeClass> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String[] old = i < before.classes.size() ? before.classes.get(i).hosts() : new String[0];
            List<Integer> gone = leaving.getOrDefault(i, List.of());
            List<Integer> come = arriving.getOrDefault(i, List.of());
            String[] hosts = old;
            if (!gone.isEmpty() || !come.isEmpty()) {
                hosts = edited(old, gone.stream().map(index::host).toArray(String[]::new),
                        come.stream().map(index::host).toArray(String[]::new));
            }
            out.add(new NodeClass(keys.get(i).free(), keys.get(i).numaNodes(), hosts));
        }
        return new NodeClasses(out, before.nodes, classOf, before.members);
    }

    /**
     * {@code sorted} (names in String order, as every class keeps them) without {@code gone} (all in it) and with
     * {@code come} (none in it), still sorted: the few names that move are found by binary search and the rest
     * copied in runs, since the idle class of a large cluster holds nearly every host.
     */
    static String[] edited(String[] sorted, String[] gone, String[] come) {
        Arrays.sort(gone);
        Arrays.sort(come);
        String[] out = new String[sorted.length - gone.length + come.length];
        int g = 0;
        int a = 0;
        int o = 0;
        int from = 0;
        while (g < gone.length || a < come.length) {
            int at = g < gone.length ? Arrays.binarySearch(sorted, gone[g]) : Integer.MAX_VALUE;
            int in = a < come.length ? -(Arrays.binarySearch(sorted, come[a]) + 1) : Integer.MAX_VALUE;
            if (at < in) {
                System.arraycopy(sorted, from, out, o, at - from);
                o += at - from;
                from = at + 1;
                g++;
            } else {
                System.arraycopy(sorted, from, out, o, in - from);
                o += in - from;
                from = in;
                out[o++] = come[a++];
            }
        }
        System.arraycopy(sorted, from, out, o, sorted.length - from);
        return out;
    }

    private static Key key(NodeCapacity c, int numaNodes) {
        NodeCapacity free = new NodeCapacity("", c.cpuMilli(), c.memoryMiB(), c.gpus(), c.rdma(), c.pods(),
                c.usedCpuMilli(), c.usedMemoryMiB(), c.usedGpus(), c.usedRdma(), c.usedPods(), c.nonZeroCpuMilli(),
                c.nonZeroMemoryMiB());
        return new Key(free, numaNodes);
    }

    /** The classes of {@code hosts} (names of the cluster's hosts; repeats count once). */
    public static NodeClasses of(ClusterState state, List<String> hosts) {
        return of(state, sortedByName(ClusterIndex.of(state.cluster()), hosts));
    }

    /** The classes of the hosts numbered {@code numbers}, which are in name order without repeats ({@link #sortedByName}). */
    public static NodeClasses of(ClusterState state, int[] numbers) {
        return build(state, numbers);
    }

    /** The numbers of {@code hosts} that the index knows, without repeats, in name order. */
    public static int[] sortedByName(ClusterIndex index, Collection<String> hosts) {
        int[] rank = rankByName(index);
        long[] keyed = new long[hosts.size()];
        int n = 0;
        for (String host : hosts) {
            int h = index.number(host);
            if (h >= 0) {
                keyed[n++] = ((long) rank[h] << 32) | h;
            }
        }
        keyed = Arrays.copyOf(keyed, n);
        Arrays.sort(keyed);
        int[] out = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int h = (int) keyed[i];
            if (m == 0 || out[m - 1] != h) {
                out[m++] = h;
            }
        }
        return Arrays.copyOf(out, m);
    }

    private static final Object RANK = new Object();

    /** Each host number's position in name order, so that sorting hosts by name is sorting integers. */
    private static int[] rankByName(ClusterIndex index) {
        return index.derived(RANK, c -> {
            Integer[] order = new Integer[index.size()];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, Comparator.comparing(index::host));
            int[] rank = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                rank[order[i]] = i;
            }
            return rank;
        });
    }

    /** The cluster's host numbers in name order (String order, as the scheduler's tie-break compares names). */
    private static int[] byName(Cluster cluster) {
        ClusterIndex index = ClusterIndex.of(cluster);
        return index.derived(BY_NAME, c -> sortedByName(index, ClusterHosts.of(c).names()));
    }

    private record Key(NodeCapacity free, int numaNodes) {
    }

    private static NodeClasses build(ClusterState state, int[] numbers) {
        ClusterIndex index = ClusterIndex.of(state.cluster());
        NodeAllocatable allocatable = NodeAllocatable.of(index);
        Map<Key, List<String>> groups = new LinkedHashMap<>();
        Map<Key, Integer> position = new HashMap<>();
        // a table of a few hosts keeps their positions beside their numbers: 64 KB per table at 16,384 hosts adds up
        int[] members = numbers.length * 4 < index.size() ? numbers.clone() : null;
        if (members != null) {
            Arrays.sort(members);
        }
        int[] classOf = new int[members == null ? index.size() : members.length];
        Arrays.fill(classOf, -1);
        for (int h : numbers) {
            NodeCapacity c = NodeCapacity.of(state, h);
            Key k = key(c, allocatable.numaNodes(h));
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(c.host());
            int slot = members == null ? h : Arrays.binarySearch(members, h);
            classOf[slot] = position.computeIfAbsent(k, x -> position.size());
        }
        List<NodeClass> out = new ArrayList<>();
        groups.forEach((k, hosts) -> out.add(new NodeClass(k.free(), k.numaNodes(), hosts.toArray(String[]::new))));
        return new NodeClasses(out, numbers.length, classOf, members);
    }

    List<NodeClass> classes() {
        return classes;
    }

    /** How many nodes the classes hold. */
    public int nodes() {
        return nodes;
    }
}
