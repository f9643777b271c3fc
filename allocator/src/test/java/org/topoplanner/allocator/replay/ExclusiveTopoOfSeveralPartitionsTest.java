package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;

/**
 * An {@code --exclusive=topo} job of several partitions widens its nodes with the topology of the partition it runs
 * in, that of the queue record that started it ({@code schedule}: {@code job_ptr->part_ptr = part_ptr}; 26.05
 * {@code node_mgr_make_node_blocked}: {@code job_ptr->part_ptr->topology_idx}; cons_tres: the job's partition row,
 * {@code p_ptr->part_ptr->topology_idx}), not the cluster default. Cluster: own case yamlfz33 (blk2
 * bound to nvl2 and holding l1 ... d4; tree on the cluster default fabric; blk on nvl).
 */
class ExclusiveTopoOfSeveralPartitionsTest {
    private static final Cluster YAMLFZ33 = OracleCase.clusterWithTopologyYaml("yamlfz33");

    @Test
    void widensWithThePartitionOfTheRecordThatStartedIt() throws Exception {
        var job = SbatchOptions.parseLine("-p blk2,tree -N1 --exclusive=topo", "t");
        // blk2's record started it (on d1, a node of blk2 and tree alike): nvl2, blk2's own
        assertThat(Partitions.topology(YAMLFZ33, Partitions.ranIn(job, keptTo(job, "blk2")))).isEqualTo("nvl2");
        // tree's record started it, on any node: the cluster default, though blk2 (tried first) holds d1 too
        assertThat(Partitions.topology(YAMLFZ33, Partitions.ranIn(job, keptTo(job, "tree")))).isEqualTo("fabric");
        // one partition: its own topology, as before
        var one = SbatchOptions.parseLine("-p blk -N1", "t");
        assertThat(Partitions.topology(YAMLFZ33, Partitions.ranIn(one, one))).isEqualTo("nvl");
    }

    private static JobRequest keptTo(JobRequest job, String name) {
        return job.toBuilder().partition(name).build();
    }
}
