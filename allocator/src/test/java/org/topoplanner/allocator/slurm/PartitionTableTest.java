package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * The partition table is read once per cluster ({@link PartitionTable}, among the cluster index's derived tables), and
 * an edited cluster (a new {@link Cluster} instance: undo, redo, a new import) gets its own, never the old limits.
 * Cluster: own probe c18d1 ({@code gpu} g1-g4 {@code MaxNodes=2}, {@code cpu} c1 c2 {@code MaxCPUsPerNode=4}, ...).
 */
class PartitionTableTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    /** {@code cluster} with the rest of partition {@code name}'s line replaced by {@code line}. */
    private static Cluster edited(Cluster cluster, String name, String line) {
        Map<String, String> keys = new LinkedHashMap<>(cluster.slurm().keys());
        keys.put(SlurmPartition.KEY_PREFIX + name, line);
        SlurmSettings s = cluster.slurm();
        return new Cluster(cluster.name(), cluster.fabric(), cluster.nodes(), cluster.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), cluster.kubernetes(),
                cluster.nvlink());
    }

    @Test
    void theTableAndItsLimitsAreReadOncePerCluster() throws Exception {
        PartitionTable table = PartitionTable.of(C18D1);
        assertThat(PartitionTable.of(C18D1)).isSameAs(table);
        SlurmPartition gpu = table.named("gpu");
        // the same limits object every time: not read from the line again per suggestion
        assertThat(PartitionLimits.of(C18D1, gpu)).isSameAs(PartitionLimits.of(C18D1, gpu)).isSameAs(table.limits(gpu));
        assertThat(table.limits(gpu).maxNodes()).isEqualTo(2);
        assertThat(table.partitionOf(SbatchOptions.parseLine("-n1", "j"))).isSameAs(gpu); // Default=YES
        assertThat(table.limits(table.named("cpu")).maxCpusPerNode()).isEqualTo(4);
        assertThat(table.outside(table.named("cpu"))).containsExactly("g1", "g2", "g3", "g4");
        assertThat(table.holds(table.named("dr"), "c1")).isTrue();
        assertThat(table.holds(table.named("dr"), "c2")).isFalse();
    }

    @Test
    void anEditedClusterGetsFreshLimits() throws Exception {
        Cluster before = C18D1;
        SlurmPartition gpuBefore = PartitionTable.of(before).named("gpu");
        assertThat(PartitionLimits.of(before, gpuBefore).maxNodes()).isEqualTo(2);
        Cluster after = edited(before, "gpu", "Nodes=g[1-3] Default=YES MaxNodes=3 MaxTime=60 State=DRAIN");
        PartitionTable table = PartitionTable.of(after);
        assertThat(table).isNotSameAs(PartitionTable.of(before));
        SlurmPartition gpu = table.named("gpu");
        assertThat(table.limits(gpu)).isEqualTo(new PartitionLimits(PartitionLimits.State.DRAIN, 3, 0, null, 60L));
        assertThat(table.outside(gpu)).containsExactlyElementsOf(
                after.hostNames().stream().filter(h -> !List.of("g1", "g2", "g3").contains(h)).toList());
        // the old cluster's limits are unchanged, and a partition of the old cluster is not read as the new one's
        assertThat(PartitionLimits.of(before, gpuBefore).maxNodes()).isEqualTo(2);
        assertThat(table.limits(gpuBefore)).isEqualTo(PartitionLimits.NONE);
        assertThat(PartitionLimits.submissionRefusal(after, SbatchOptions.parseLine("-n1", "j")))
                .isEqualTo(PartitionLimits.NOT_AVAILABLE);
        assertThat(PartitionLimits.submissionRefusal(before, SbatchOptions.parseLine("-n1", "j"))).isNull();
    }

    /**
     * The node count and the outside hosts by number are read once per partition, and are what the per-call reading
     * gave: the cluster's hosts less the outside ones, and per index host whether {@link PartitionTable#holds} is
     * false. An edited cluster gets its own.
     */
    @Test
    void theNodeCountAndOutsideMapAreThePerCallOnes() throws Exception {
        for (Cluster c : List.of(C18D1, edited(C18D1, "gpu", "Nodes=g[1-3] Default=YES"))) {
            PartitionTable table = PartitionTable.of(c);
            org.topoplanner.allocator.ClusterIndex index = org.topoplanner.allocator.ClusterIndex.of(c);
            for (SlurmPartition p : table.partitions()) {
                assertThat(table.nodeCount(p)).as(p.name())
                        .isEqualTo(c.hostNames().size() - table.outside(p).size());
                java.util.BitSet perCall = new java.util.BitSet();
                for (int h = 0; h < index.size(); h++) {
                    perCall.set(h, !table.holds(p, index.host(h)));
                }
                assertThat(table.outsideByNumber(p)).as(p.name()).isEqualTo(perCall)
                        .isSameAs(table.outsideByNumber(p));
            }
        }
        PartitionTable after = PartitionTable.of(edited(C18D1, "gpu", "Nodes=g[1-3] Default=YES"));
        assertThat(after.nodeCount(after.named("gpu"))).isEqualTo(3);
        assertThat(PartitionTable.of(C18D1).nodeCount(PartitionTable.of(C18D1).named("gpu"))).isEqualTo(4);
    }
}
