package org.topoplanner.allocator;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;

/**
 * What every suggestion needs to know about a cluster and that never changes while jobs come and
 * go: hosts by number (in configuration order), their weights, Slurm CPU layouts and
 * {@link NodeShape}s, and the {@link FabricDomains}. Computed once per {@link Cluster} instance and
 * shared by every {@link ClusterState} of that cluster: suggestions run on every drag-over event,
 * and rebuilding these for a 16,384-host cluster would cost far more than the search itself.
 *
 * <p>The cache is keyed by the cluster's identity, not its (record) equality: hashing a 16,384-host
 * cluster structurally would be as slow as indexing it. Entries hold the cluster weakly.
 * {@link #derived} lets other packages (the Slurm emulation's switch table, for one) keep their own
 * per-cluster tables here.
 */
public final class ClusterIndex {
    private static final int CACHED = 8;
    private static final List<Entry> CACHE = new ArrayList<>();

    private final Cluster cluster;
    private final List<String> hosts;
    private final Map<String, Integer> number = new HashMap<>();
    private final long[] weight;
    private final SlurmCpuIds[] cpuIds;
    private final NodeShape[] shapes;
    /** Each host's GPU indices, ascending; hosts of one topology share the list. */
    private final List<List<Integer>> gpuIndices;
    private volatile FabricDomains domains;
    private final Map<Object, Object> derived = new ConcurrentHashMap<>();

    /** A cache slot; {@code index} is a task so that a second caller waits for the first build instead of repeating it. */
    private record Entry(WeakReference<Cluster> cluster, FutureTask<ClusterIndex> index) {
    }

    /**
     * The index of {@code cluster}, built on first use and then reused. Concurrent callers for the same
     * cluster share one build (the window warms the index in the background while a drag may already
     * ask for it): the later caller waits for the build in progress.
     */
    public static ClusterIndex of(Cluster cluster) {
        FutureTask<ClusterIndex> task = null;
        boolean mine = false;
        synchronized (CACHE) {
            for (int i = 0; i < CACHE.size(); i++) {
                Entry e = CACHE.get(i);
                if (e.cluster().get() == cluster) {
                    if (i > 0) {
                        CACHE.remove(i);
                        CACHE.add(0, e);
                    }
                    task = e.index();
                    break;
                }
            }
            if (task == null) {
                task = new FutureTask<>(() -> new ClusterIndex(cluster));
                mine = true;
                CACHE.removeIf(e -> e.cluster().get() == null);
                CACHE.add(0, new Entry(new WeakReference<>(cluster), task));
                while (CACHE.size() > CACHED) {
                    CACHE.remove(CACHE.size() - 1);
                }
            }
        }
        if (mine) {
            task.run();
        }
        try {
            return task.get();
        } catch (ExecutionException e) {
            forget(task);
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the cluster index was being built", e);
        }
    }

    /** Drops a failed build so that the next caller tries again instead of seeing the old failure. */
    private static void forget(FutureTask<ClusterIndex> task) {
        synchronized (CACHE) {
            CACHE.removeIf(e -> e.index() == task);
        }
    }

    private ClusterIndex(Cluster cluster) {
        this.cluster = cluster;
        Map<String, NodeLine> lines = new HashMap<>();
        for (NodeLine n : cluster.slurm().nodeLines()) {
            lines.putIfAbsent(n.name(), n);
        }
        // Slurm's node order: node lines first, then other hosts of the cluster
        List<String> order = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (NodeLine n : cluster.slurm().nodeLines()) {
            if (seen.add(n.name())) {
                order.add(n.name());
            }
        }
        for (String h : cluster.hostNames()) {
            if (seen.add(h)) {
                order.add(h);
            }
        }
        this.hosts = List.copyOf(order);
        int n = hosts.size();
        weight = new long[n];
        cpuIds = new SlurmCpuIds[n];
        shapes = new NodeShape[n];
        Map<NodeTopology, Map<SlurmCpuIds, NodeShape>> byTopology = new IdentityHashMap<>();
        Map<String, Integer> gresCounts = gresGpuCounts(cluster);
        Map<NodeTopology, List<Integer>> gpusByTopology = new IdentityHashMap<>();
        List<List<Integer>> gpuLists = new ArrayList<>(n);
        // hosts built from one template share its topology: its layout is worked out once (a 112-core node's core
        // list is walked per call), not once per host (16,384 walks on a 16,384-host fat tree)
        Map<NodeTopology, SlurmCpuIds> layoutByTopology = new IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            String h = hosts.get(i);
            number.put(h, i);
            NodeLine line = lines.get(h);
            weight[i] = line != null && line.weight() != null ? line.weight() : cluster.attributes(h).weight();
            NodeTopology topo = cluster.node(h);
            cpuIds[i] = line != null ? cpuIdsOf(line, topo)
                    : layoutByTopology.computeIfAbsent(topo, NodeTopology::slurmCpuIds);
            int gres = gresCounts.getOrDefault(h, 0);
            SlurmCpuIds ids = cpuIds[i];
            shapes[i] = topo.gpus().isEmpty() && gres > 0 ? NodeShape.of(topo, ids, gres)
                    : byTopology.computeIfAbsent(topo, t -> new HashMap<>())
                            .computeIfAbsent(ids, x -> NodeShape.of(topo, x, 0));
            gpuLists.add(gpusByTopology.computeIfAbsent(topo,
                    t -> t.gpus().stream().map(g -> g.index()).sorted().toList()));
        }
        gpuIndices = gpuLists;
    }

    /** GPUs {@code gres.conf} gives each host (for hosts whose topology lists none). */
    private static Map<String, Integer> gresGpuCounts(Cluster cluster) {
        Map<String, Integer> out = new HashMap<>();
        List<GresLine> gpuLines = cluster.slurm().gres().stream().filter(g -> g.name().equals("gpu")).toList();
        if (gpuLines.isEmpty()) {
            return out;
        }
        for (GresLine g : gpuLines) {
            int count = g.files().isEmpty() ? (g.count() == null ? 0 : g.count().intValue()) : g.files().size();
            List<String> on = g.nodes().isEmpty() ? cluster.hostNames() : g.nodes();
            for (String h : on) {
                out.merge(h, count, Integer::sum);
            }
        }
        return out;
    }

    public Cluster cluster() {
        return cluster;
    }

    /** Host names in Slurm's configuration order (node lines first); a host's number is its position. */
    public List<String> hosts() {
        return hosts;
    }

    public int size() {
        return hosts.size();
    }

    /** The number of {@code host}, or -1 when the cluster has no such host. */
    public int number(String host) {
        Integer i = number.get(host);
        return i == null ? -1 : i;
    }

    public String host(int number) {
        return hosts.get(number);
    }

    /** Scheduling weight: the node line's {@code Weight=}, else the host attributes' weight. */
    public long weight(int host) {
        return weight[host];
    }

    public SlurmCpuIds cpuIds(int host) {
        return cpuIds[host];
    }

    /** The CPU id layout of {@code host}: its {@code slurm.conf} node line if any, else the node topology, else 1x1x1. */
    public SlurmCpuIds cpuIdsOf(String host) {
        int i = number(host);
        return i >= 0 ? cpuIds[i] : cpuIdsOf(null, cluster.node(host));
    }

    /** The layout from a node line ({@code null} when there is none), else from the node topology. */
    static SlurmCpuIds cpuIdsOf(NodeLine n, NodeTopology t) {
        if (n != null) {
            int boards = n.boards() == null ? 1 : n.boards();
            int sockets = boards * (n.sockets() == null ? 1 : n.sockets());
            return new SlurmCpuIds(sockets, n.coresPerSocket() == null ? 1 : n.coresPerSocket(),
                    n.threadsPerCore() == null ? 1 : n.threadsPerCore());
        }
        return t.slurmCpuIds();
    }

    /** The GPU indices of host number {@code host}, ascending (its topology's GPUs). */
    public List<Integer> gpuIndices(int host) {
        return gpuIndices.get(host);
    }

    public NodeShape shape(int host) {
        return shapes[host];
    }

    private volatile ClusterState idle;

    /**
     * The cluster with nothing running, one state object per cluster: policies ask "could this job ever
     * fit" on it for every suggestion, and the tables they derive from it ({@link ClusterState#derived})
     * are then built once per cluster instead of once per suggestion.
     */
    public ClusterState idle() {
        ClusterState s = idle;
        if (s == null) {
            s = ClusterState.empty(cluster);
            idle = s;
        }
        return s;
    }

    /** The fabric as nested host sets (built on first use). */
    public FabricDomains domains() {
        FabricDomains d = domains;
        if (d == null) {
            synchronized (this) {
                if (domains == null) {
                    domains = FabricDomains.of(cluster.fabric(), this);
                }
                d = domains;
            }
        }
        return d;
    }

    /**
     * A table another package derives from the cluster, built once per key. Built outside the map's
     * lock, because one table may need another (the Slurm switch table needs the Slurm node list).
     */
    @SuppressWarnings("unchecked")
    public <T> T derived(Object key, Function<Cluster, T> build) {
        Object v = derived.get(key);
        if (v == null) {
            v = build.apply(cluster);
            Object earlier = derived.putIfAbsent(key, v);
            v = earlier != null ? earlier : v;
        }
        return (T) v;
    }
}
