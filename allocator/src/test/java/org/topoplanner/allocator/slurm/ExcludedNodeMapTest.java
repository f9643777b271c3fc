package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job of a partition carries the partition's outside nodes in its {@code -x} ({@link PartitionTopology}); the node
 * map of a long list is kept per (node table, list) ({@link ExcludedNodeMap}), where it was hashed and looked up per
 * node on every suggestion. The kept map must be the one the per-call reading gives, the partition's list must reach
 * the pick as the table's one instance, and an edited cluster (a new instance) must get its own map. Cluster: a
 * 256-host tree with {@link BenchClusters#withPartitions}'s lines ({@code batch}, the default, the first 192 hosts:
 * 64 outside).
 */
class ExcludedNodeMapTest {
    private static final Cluster CLUSTER = BenchClusters.withPartitions(BenchClusters.fatTree(2, 4, 32, 2, 4));

    /** The map as SlurmAllocation read it per call: the list hashed, every node looked up. */
    private static BitSet perCall(List<SlurmNode> nodes, List<String> exclude) {
        Set<String> names = Set.copyOf(exclude);
        BitSet out = new BitSet();
        nodes.stream().filter(n -> names.contains(n.name())).forEach(n -> out.set(n.index()));
        return out;
    }

    private static JobRequest confined(Cluster c, String line) throws Exception {
        return PartitionTopology.resolve(ClusterState.empty(c), SbatchOptions.parseLine(line, "j"), SlurmVersion.V26_05)
                .request();
    }

    @Test
    void aPartitionsListReachesThePickAsTheTablesOwnAndItsMapIsKept() throws Exception {
        PartitionTable table = PartitionTable.of(CLUSTER);
        List<String> outside = table.outside(table.named("batch"));
        assertThat(outside).hasSize(64);
        JobRequest job = confined(CLUSTER, "-N2 --gpus-per-node=8");
        assertThat(job.exclude()).isSameAs(outside);
        assertThat(SlurmJobSpec.of(job).exclude()).isSameAs(outside);
        List<SlurmNode> nodes = SlurmNode.of(CLUSTER);
        BitSet map = ExcludedNodeMap.of(CLUSTER, nodes, outside);
        assertThat(map).isEqualTo(perCall(nodes, outside));
        assertThat(map.cardinality()).isEqualTo(64);
        assertThat(ExcludedNodeMap.of(CLUSTER, nodes, outside)).isSameAs(map);
        // an equal list of another instance, and the map over another node table: made for them, equal to per call
        List<String> copy = List.copyOf(new ArrayList<>(outside));
        assertThat(ExcludedNodeMap.of(CLUSTER, nodes, copy)).isEqualTo(map);
        List<SlurmNode> inOrder = SlurmNode.inDefinitionOrder(CLUSTER);
        assertThat(ExcludedNodeMap.of(CLUSTER, inOrder, outside)).isEqualTo(perCall(inOrder, outside));
        // a job's own -x beside the partition: its names first, then the partition's others, mapped per call
        JobRequest own = confined(CLUSTER, "-N2 -x " + CLUSTER.hostNames().get(0) + "," + outside.get(0));
        assertThat(own.exclude()).hasSize(65).startsWith(CLUSTER.hostNames().get(0), outside.get(0));
        assertThat(ExcludedNodeMap.of(CLUSTER, nodes, own.exclude())).isEqualTo(perCall(nodes, own.exclude()));
        // a short list is mapped per call
        List<String> few = List.of(CLUSTER.hostNames().get(3), CLUSTER.hostNames().get(5));
        assertThat(ExcludedNodeMap.of(CLUSTER, nodes, few)).isEqualTo(perCall(nodes, few))
                .isNotSameAs(ExcludedNodeMap.of(CLUSTER, nodes, few));
    }

    @Test
    void anEditedClusterGetsItsOwnMap() throws Exception {
        List<SlurmNode> oldNodes = SlurmNode.of(CLUSTER);
        List<String> oldOutside = confined(CLUSTER, "-N2").exclude();
        BitSet old = ExcludedNodeMap.of(CLUSTER, oldNodes, oldOutside);
        // batch now the first 128 hosts
        List<String> hosts = CLUSTER.hostNames();
        Map<String, String> keys = new LinkedHashMap<>(CLUSTER.slurm().keys());
        keys.put(SlurmPartition.KEY_PREFIX + "batch", "Nodes="
                + org.topoplanner.model.hostlist.Hostlist.compress(hosts.subList(0, 128)) + " Default=YES");
        SlurmSettings s = CLUSTER.slurm();
        Cluster after = new Cluster(CLUSTER.name(), CLUSTER.fabric(), CLUSTER.nodes(), CLUSTER.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), CLUSTER.kubernetes(), CLUSTER.nvlink());
        List<String> outside = confined(after, "-N2").exclude();
        assertThat(outside).hasSize(128).isNotSameAs(oldOutside);
        List<SlurmNode> nodes = SlurmNode.of(after);
        assertThat(nodes).isNotSameAs(oldNodes);
        BitSet map = ExcludedNodeMap.of(after, nodes, outside);
        assertThat(map).isEqualTo(perCall(nodes, outside)).isNotEqualTo(old);
        assertThat(map.cardinality()).isEqualTo(128);
        assertThat(PartitionTopology.partitionNodeCount(after, SbatchOptions.parseLine("-N2", "j"))).isEqualTo(128);
        // the old cluster's map is as it was
        assertThat(ExcludedNodeMap.of(CLUSTER, oldNodes, oldOutside)).isSameAs(old).isEqualTo(perCall(oldNodes,
                oldOutside));
        assertThat(PartitionTopology.partitionNodeCount(CLUSTER, SbatchOptions.parseLine("-N2", "j"))).isEqualTo(192);
    }
}
