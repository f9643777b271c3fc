package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * The partition a job runs in and, with {@code topology.yaml} (Slurm 25.05+), the topology that
 * partition is bound to: {@code -p NAME}, else the partition marked {@code Default=YES}; its
 * {@code Topology=}, else the {@code cluster_default} topology (slurmctld: {@code part_ptr->topo_idx},
 * 0 = the default). The job then sees only the partition's nodes, laid out as that topology says:
 * a tree for {@code topology/tree}, blocks for {@code topology/block}, no fabric for
 * {@code topology/flat} (placed by {@link FlatSelector}).
 *
 * <p>A cluster without partitions or topologies is placed as before: on its fabric, by the
 * policy asked for. A job without {@code -p} on a cluster whose partitions name no default is placed
 * on every node (sbatch would refuse it; the planner serves configurations still being designed).
 *
 * @param state   the state the job is placed on (a view on the bound topology's layout, or as given)
 * @param request the request, with the hosts outside the partition added to {@code --exclude}
 * @param kind    the topology kind that decides ({@code null}: the policy's own)
 * @param refusal why sbatch refuses the job ({@code null}: it does not)
 */
record PartitionTopology(ClusterState state, JobRequest request, String kind, String refusal) {

    static PartitionTopology resolve(ClusterState state, JobRequest request, SlurmVersion version) {
        Cluster cluster = state.cluster();
        SlurmSettings slurm = cluster.slurm();
        PartitionTable table = PartitionTable.of(cluster);
        List<SlurmPartition> partitions = table.partitions();
        SlurmPartition partition = null;
        if (!partitions.isEmpty()) {
            partition = partitionOf(partitions, request);
            if (partition == null && request.partition() != null) {
                // _get_job_parts's err_msg names the partition (job_mgr.c, 22.05 to 26.05)
                return refused(state, request, "Invalid partition name specified: invalid partition specified: "
                        + request.partition());
            }
        }
        JobRequest inPartition = partition == null ? request : confine(request, partition, cluster, table);
        if (inPartition == null) {
            return refused(state, request, "Requested node configuration is not available");
        }
        // topology.yaml arrived in 25.05: older releases never read it and place on topology.conf's fabric
        if (slurm.topologies().isEmpty() || !version.atLeast(SlurmVersion.V26_05)) {
            return new PartitionTopology(state, inPartition, null, null);
        }
        String name = partition == null ? null : partition.topology();
        Optional<SlurmTopology> topology = name == null ? slurm.defaultTopology() : slurm.topology(name);
        if (topology.isEmpty()) {
            return refused(state, request, "partition " + partition.name() + " names topology " + name
                    + ", which topology.yaml does not define");
        }
        SlurmTopology t = topology.get();
        Cluster view = ClusterIndex.of(cluster).derived("slurm-topology-view-" + t.name(),
                c -> new Cluster(c.name(), t.layout(), c.nodes(), c.hosts(), c.slurm(), c.kubernetes(), c.nvlink()));
        if (!(t instanceof SlurmTopology.BlockLayout)) {
            // a block partition's own policy hides them on its layout (SlurmBlockPolicy)
            inPartition = withoutTopoHeldBlocks(state, inPartition, slurm);
        }
        return new PartitionTopology(state.onCluster(view), inPartition, t.kind(), null);
    }

    /**
     * cons_tres {@code _block_by_topology} (26.05, called before {@code _select_nodes} for every job, whatever its
     * partition's topology): the nodes of an {@code --exclusive=topo} job, widened by {@code topology_g_whole_topo} of
     * the topology of that job's own partition ({@code p_ptr->part_ptr->topology_idx}), leave every job's node map.
     * Own case yamlfz15 y14 ({@code -p flat -n6 -c1 --gpus-per-task=1}, 26.05.5): h7, whose base block b4 of
     * {@code nvl} holds the {@code --exclusive=topo} job y8, is not used by a job of the flat partition.
     */
    private static JobRequest withoutTopoHeldBlocks(ClusterState state, JobRequest request, SlurmSettings slurm) {
        Set<String> held = state.derived(TopoHeldKey.KEY, s -> topoHeld(s, slurm));
        if (held.isEmpty()) {
            return request;
        }
        List<String> exclude = new ArrayList<>(request.exclude());
        held.stream().filter(h -> !exclude.contains(h)).sorted().forEach(exclude::add);
        return request.toBuilder().exclude(exclude).build();
    }

    /**
     * The nodes {@link #withoutTopoHeldBlocks} takes from every job's map on {@code state}: sbatch's test of a job
     * ({@link SlurmTreePolicy}) leaves them in (own case yamlfz15 y15, {@code -p tree2 --gpus=8}: accepted by
     * 26.05.5 though the partition's nodes outside y8's held block b4 hold 7 GPUs).
     */
    static Set<String> topoHeldNodes(ClusterState state) {
        SlurmSettings slurm = state.cluster().slurm();
        return slurm.topologies().isEmpty() ? Set.of() : state.derived(TopoHeldKey.KEY, s -> topoHeld(s, slurm));
    }

    /**
     * {@link #topoHeldNodes} when the state knows the topology of every {@code --exclusive=topo} job in it, for a job
     * of a block partition; null otherwise (the block policy then widens by its own blocks, {@link BlockTable}). Own
     * case yamlfz33 y37 ({@code -p blk2 -n5 -c1 --gpus-per-task=1} enforce-binding, {@code nvl2}; probe blk12y33,
     * 26.05.5 with {@code DebugFlags=SelectType}): y35 ({@code -p blk --exclusive=topo}, {@code nvl}'s b1 = d4, g1,
     * l2, l4) takes only d4 and l2 out of blk2's map, so base block c1 keeps l1 and d1 and, with fewer nodes than c2,
     * is chosen (d1, where {@code _set_task_bits} then fails); widened by {@code nvl2}'s blocks c1 and c3 left only c2.
     */
    static Set<String> topoHeldByOwnTopology(ClusterState state) {
        SlurmSettings slurm = state.cluster().slurm();
        if (slurm.topologies().isEmpty()) {
            return null;
        }
        for (String job : state.running().keySet()) {
            if (state.hold(job) == ClusterState.Hold.WHOLE_BLOCKS && state.topologyOf(job) == null) {
                return null;
            }
        }
        return topoHeldNodes(state);
    }

    private static Set<String> topoHeld(ClusterState state, SlurmSettings slurm) {
        Set<String> out = new HashSet<>();
        for (var e : state.running().entrySet()) {
            if (state.hold(e.getKey()) != ClusterState.Hold.WHOLE_BLOCKS) {
                continue;
            }
            List<String> hosts = e.getValue().hostNames();
            Optional<SlurmTopology> own = Optional.ofNullable(state.topologyOf(e.getKey())).flatMap(slurm::topology);
            if (own.isPresent()) {
                out.addAll(hosts); // tmp_bitmap starts as the job's own node_bitmap
            }
            // a state that does not say the job's topology (the planner's what-if) widens by every block topology
            List<SlurmTopology> widening = own.map(List::of).orElse(slurm.topologies());
            for (SlurmTopology t : widening) {
                out.addAll(wholeTopo(t, hosts, own.isPresent()));
            }
        }
        return Set.copyOf(out);
    }

    /**
     * {@code topology_p_whole_topo} of {@code t} (26.05.5): every base block (block) or leaf switch (tree, level 0)
     * that holds one of {@code hosts}, whole; flat adds nothing. {@code treesToo} false keeps the older reading of a
     * state without the job's topology, which widened by block topologies only.
     */
    private static Set<String> wholeTopo(SlurmTopology t, List<String> hosts, boolean treesToo) {
        Set<String> out = new HashSet<>();
        if (t instanceof SlurmTopology.BlockLayout b) {
            b.blocks().stream().filter(k -> k.nodes().stream().anyMatch(hosts::contains))
                    .forEach(k -> out.addAll(k.nodes()));
        } else if (t instanceof SlurmTopology.Tree tree && treesToo) {
            Set<String> named = new HashSet<>();
            tree.switches().forEach(sw -> named.add(sw.name()));
            tree.switches().stream().filter(sw -> sw.children().stream().noneMatch(named::contains))
                    .filter(sw -> sw.nodes().stream().anyMatch(hosts::contains)).forEach(sw -> out.addAll(sw.nodes()));
        }
        return out;
    }

    /** The key of {@link #topoHeld} among a state's derived values. */
    private enum TopoHeldKey { KEY }

    /**
     * How many nodes the job's partition holds ({@code part_ptr->total_nodes}); {@code -1} without partitions or
     * when the partition is unknown or holds every node ({@code Nodes=ALL}).
     */
    static int partitionNodeCount(Cluster cluster, JobRequest request) {
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty()) {
            return -1;
        }
        SlurmPartition partition = table.partitionOf(request);
        if (partition == null || partition.nodes() == null) {
            return -1;
        }
        return table.nodeCount(partition);
    }

    /**
     * The job's partition: the one {@code -p} names, else the {@code Default=YES} one; null when the name is unknown
     * or no partition is the default. Without {@code Default=YES} sbatch would refuse a job without {@code -p}
     * ({@code job_mgr.c}: no {@code default_part_loc}); the planner places it on the whole cluster instead, as it did
     * before it read partitions (a configuration under design).
     */
    static SlurmPartition partitionOf(List<SlurmPartition> partitions, JobRequest request) {
        return request.partition() != null
                ? partitions.stream().filter(p -> p.name().equals(request.partition())).findFirst().orElse(null)
                : partitions.stream().filter(SlurmPartition::isDefault).findFirst().orElse(null);
    }

    /**
     * The request kept to the partition's nodes ({@code --exclude} gains the others), or null when
     * {@code -w} names a node outside it (sbatch: "Requested node configuration is not available").
     */
    private static JobRequest confine(JobRequest request, SlurmPartition partition, Cluster cluster,
                                      PartitionTable table) {
        List<String> outside = table.outside(partition);
        if (outside.isEmpty()) {
            return request;
        }
        if (!request.nodelist().isEmpty()) {
            Set<String> out = new HashSet<>(outside);
            if (request.nodelist().stream().anyMatch(out::contains)) {
                return null;
            }
        }
        if (request.exclude().isEmpty()) {
            // the table's one list, as it is: ExcludedNodeMap then finds the node map made for it at the first job
            return request.toBuilder().exclude(outside).build();
        }
        // by sets: a partition of thousands of nodes leaves thousands outside, and a list search per host cost
        // seconds per suggestion on a 16,384-node cluster
        Set<String> excluded = new HashSet<>(request.exclude());
        List<String> exclude = new ArrayList<>(request.exclude());
        outside.stream().filter(h -> !excluded.contains(h)).forEach(exclude::add);
        return request.toBuilder().exclude(exclude).build();
    }

    private static PartitionTopology refused(ClusterState state, JobRequest request, String why) {
        return new PartitionTopology(state, request, null, why);
    }
}
