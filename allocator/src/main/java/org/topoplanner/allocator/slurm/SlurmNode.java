package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;

/**
 * A node as {@code slurmctld} sees it: its index in Slurm's node table (the bit in every node
 * bitmap; names in {@link NaturalOrder}, not {@code slurm.conf} order), its host number in the
 * {@link ClusterIndex} (what the cluster state is kept by), sockets, cores, threads, scheduling
 * weight and GPUs with their core affinity and links.
 *
 * <p>Read from the cluster's Slurm settings ({@code NodeName=} line, {@code gres.conf} lines) when
 * present, because those are what Slurm itself reads; otherwise derived from the node topology
 * (GPU affinity from its CPU list, links from NVLink lane counts, as {@code AutoDetect=nvml} does).
 */
record SlurmNode(String name, int index, int host, int sockets, int coresPerSocket, int threadsPerCore, long weight,
                 List<SlurmGpu> gpus) {

    int cores() {
        return sockets * coresPerSocket;
    }

    /** Slurm CPUs of the node: every thread of every core. */
    int cpus() {
        return cores() * threadsPerCore;
    }

    /** True when every GPU has a full {@code Links=} row (Slurm: {@code link_len == gres_cnt}). */
    boolean hasLinks() {
        return !gpus.isEmpty() && gpus.stream().allMatch(g -> g.links() != null && g.links().length == gpus.size());
    }

    /**
     * Whether slurmctld keeps GPU topology records for the node: {@code _get_tot_gres_cnt} ({@code gres.c}, the same
     * in 22.05, 24.11 and 26.05) sets {@code topo_cnt} to the node's {@code gres.conf} line count only when a line has
     * {@code Cores=} or {@code Type=}; without either it is 0 and the per-job pick counts the node's GPUs instead of
     * choosing them by socket ({@link GpuPicker#withoutTopology}).
     */
    boolean gresTopology() {
        return gpus.stream().anyMatch(g -> g.cores() != null || g.type() != null);
    }

    int link(int a, int b) {
        return gpus.get(a).linkTo(b);
    }

    int socketOfCore(int core) {
        return core / coresPerSocket;
    }

    /** Whether {@code cores} holds a core of socket {@code s}; allocates nothing (a per-node, per-pass check). */
    boolean hasCoreOn(BitSet cores, int s) {
        int i = cores.nextSetBit(s * coresPerSocket);
        return i >= 0 && i < (s + 1) * coresPerSocket;
    }

    BitSet coresOfSocket(int s) {
        BitSet b = new BitSet();
        b.set(s * coresPerSocket, (s + 1) * coresPerSocket);
        return b;
    }

    /**
     * The nodes of a cluster in Slurm's node table order ({@link NaturalOrder}), so that
     * {@code of(c).get(i).index() == i}. Built once per cluster; nodes of one topology share one GPU list.
     */
    static List<SlurmNode> of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(SlurmNode.class, SlurmNode::build);
    }

    /**
     * The node table under 24.11's {@code topology/block}: the plugin asks for a node ranking
     * ({@code topology_p_generate_node_ranking} returns true), so {@code _sort_node_record_table_ptr}
     * sorts by {@code node_rank} instead of by name; the block plugin sets no rank, all ranks are equal and
     * the table keeps the {@code slurm.conf} order. Own case blockfz01 k2 ({@code -N3 --gpus-per-node=1}) takes
     * s3 before q3 in block b3 (defined s3, q3), and blockfz02 k5 lists h1, q1, q2, q3, h2, h3 (24.11.5).
     * 26.05 ranks nodes only with {@code TopologyParam=BlockAsNodeRank}, so its table is sorted by name.
     */
    static List<SlurmNode> inDefinitionOrder(Cluster cluster) {
        List<SlurmNode> byName = of(cluster);
        SlurmNode[] out = new SlurmNode[byName.size()];
        for (SlurmNode n : byName) {
            out[n.host()] = new SlurmNode(n.name(), n.host(), n.host(), n.sockets(), n.coresPerSocket(),
                    n.threadsPerCore(), n.weight(), n.gpus());
        }
        return List.of(out);
    }

    private static List<SlurmNode> build(Cluster cluster) {
        ClusterIndex index = ClusterIndex.of(cluster);
        boolean gres = cluster.slurm().gres().stream().anyMatch(g -> g.name().equals("gpu"));
        Map<NodeTopology, List<SlurmGpu>> byTopology = new IdentityHashMap<>();
        List<Integer> hosts = new ArrayList<>();
        for (int i = 0; i < index.size(); i++) {
            hosts.add(i);
        }
        hosts.sort(Comparator.comparing(index::host, NaturalOrder.INSTANCE));
        List<SlurmNode> out = new ArrayList<>();
        for (int i : hosts) {
            String name = index.host(i);
            NodeTopology topo = cluster.node(name);
            org.topoplanner.model.cpu.SlurmCpuIds ids = index.cpuIds(i);
            List<SlurmGpu> gpus = gres ? gresGpus(cluster, name) : List.of();
            if (gpus.isEmpty()) {
                gpus = byTopology.computeIfAbsent(topo, SlurmNode::topologyGpus);
            }
            out.add(new SlurmNode(name, out.size(), i, ids.sockets(), ids.coresPerSocket(), ids.threadsPerCore(), index.weight(i),
                    gpus));
        }
        return List.copyOf(out);
    }

    private static List<SlurmGpu> gresGpus(Cluster cluster, String name) {
        List<SlurmGpu> out = new ArrayList<>();
        for (GresLine g : cluster.slurm().gres()) {
            if (!g.name().equals("gpu") || !(g.nodes().isEmpty() || g.nodes().contains(name))) {
                continue;
            }
            int count = g.files().isEmpty() ? (g.count() == null ? 0 : g.count().intValue()) : g.files().size();
            BitSet cores = g.cores() == null ? null : toBits(CpuSet.parse(g.cores()));
            int[] links = g.links().isEmpty() ? null : g.links().stream().mapToInt(Integer::intValue).toArray();
            for (int i = 0; i < count; i++) {
                out.add(new SlurmGpu(out.size(), g.type(), cores, links));
            }
        }
        return out;
    }

    private static List<SlurmGpu> topologyGpus(NodeTopology topo) {
        List<SlurmGpu> out = new ArrayList<>();
        List<Gpu> gpus = topo.gpus().stream().sorted(Comparator.comparingInt(Gpu::index)).toList();
        for (Gpu g : gpus) {
            BitSet cores = null;
            if (!g.cpus().isEmpty() && !topo.coreList().isEmpty()) {
                cores = new BitSet();
                for (Core c : topo.coreList()) {
                    if (!c.pus().intersection(g.cpus()).isEmpty()) {
                        cores.set(c.id());
                    }
                }
            }
            int[] links = new int[gpus.size()];
            for (int j = 0; j < gpus.size(); j++) {
                links[j] = gpus.get(j).id().equals(g.id()) ? -1 : topo.nvlinkLanes(g.id(), gpus.get(j).id());
            }
            out.add(new SlurmGpu(g.index(), g.model(), cores, links));
        }
        return out;
    }

    private static BitSet toBits(CpuSet set) {
        BitSet b = new BitSet();
        set.stream().forEach(b::set);
        return b;
    }
}
