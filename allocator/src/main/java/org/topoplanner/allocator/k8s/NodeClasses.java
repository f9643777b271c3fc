package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private NodeClasses(List<NodeClass> classes, int nodes) {
        this.classes = List.copyOf(classes);
        this.nodes = nodes;
    }

    /** The classes of every host of the state's cluster. */
    public static NodeClasses ofAll(ClusterState state) {
        return state.derived(ALL_HOSTS, s -> build(s, byName(s.cluster())));
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
    public static int[] sortedByName(ClusterIndex index, java.util.Collection<String> hosts) {
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
        NodeAllocatable allocatable = NodeAllocatable.of(ClusterIndex.of(state.cluster()));
        Map<Key, List<String>> groups = new LinkedHashMap<>();
        for (int h : numbers) {
            NodeCapacity c = NodeCapacity.of(state, h);
            NodeCapacity free = new NodeCapacity("", c.cpuMilli(), c.memoryMiB(), c.gpus(), c.rdma(), c.pods(),
                    c.usedCpuMilli(), c.usedMemoryMiB(), c.usedGpus(), c.usedRdma(), c.usedPods(), c.nonZeroCpuMilli(),
                    c.nonZeroMemoryMiB());
            groups.computeIfAbsent(new Key(free, allocatable.numaNodes(h)), k -> new ArrayList<>()).add(c.host());
        }
        List<NodeClass> out = new ArrayList<>();
        groups.forEach((k, hosts) -> out.add(new NodeClass(k.free(), k.numaNodes(), hosts.toArray(String[]::new))));
        return new NodeClasses(out, numbers.length);
    }

    List<NodeClass> classes() {
        return classes;
    }

    /** How many nodes the classes hold. */
    public int nodes() {
        return nodes;
    }
}
