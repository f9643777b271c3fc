package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;

/**
 * An {@code --exclusive=topo} job of several partitions widens its nodes with the topology of the partition it runs
 * in (26.05 {@code node_mgr_make_node_blocked}: {@code job_ptr->part_ptr->topology_idx}; cons_tres: the job's
 * partition row, {@code p_ptr->part_ptr->topology_idx}), not the cluster default. Cluster: own case yamlfz33 (blk2
 * bound to nvl2 and holding l1 ... d4; tree on the cluster default fabric; blk on nvl).
 */
class ExclusiveTopoOfSeveralPartitionsTest {
    private static final Cluster YAMLFZ33 = OracleCase.clusterWithTopologyYaml("yamlfz33");

    @Test
    void widensWithThePartitionTheJobRunsIn() throws Exception {
        var job = SbatchOptions.parseLine("-p blk2,tree -N1 --exclusive=topo", "t");
        // d1 is in blk2, tried first (equal tiers: the order given): the job runs there, with nvl2
        assertThat(Partitions.topologyRunningIn(YAMLFZ33, job, List.of("d1"))).isEqualTo("nvl2");
        // g1 is not in blk2: it ran in tree, on the cluster default
        assertThat(Partitions.topologyRunningIn(YAMLFZ33, job, List.of("g1"))).isEqualTo("fabric");
        assertThat(Partitions.topologyRunningIn(YAMLFZ33,
                SbatchOptions.parseLine("-p tree,blk -N1 --exclusive=topo", "t"), List.of("d1"))).isEqualTo("fabric");
        // one partition: its own topology, as before
        assertThat(Partitions.topologyRunningIn(YAMLFZ33, SbatchOptions.parseLine("-p blk -N1", "t"), List.of("d1")))
                .isEqualTo("nvl");
    }
}
