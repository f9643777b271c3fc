package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job without {@code -N} of several partitions takes the lowest {@code MinNodes} of its list
 * ({@code _valid_job_part}, {@code MIN} over {@code part_ptr_list}, every release), and each partition's
 * {@code job_limits_check} tests that one minimum ({@link SeveralPartitions#keptTo}). Lead's case featfz16 (mix =
 * b1-b4 c1 c2 {@code MinNodes=2 MaxCPUsPerNode=6}, tier 2; short = a3 a4 c1 c2 {@code MaxCPUsPerNode=2}): f76
 * ({@code -p mix,short -n6 -c5 --gpus-per-task=1}) is held in mix by {@code PartitionNodeLimit} and in short by
 * {@code PartitionConfig}, never started and never refused (real 22.05.8, 24.11.5, 26.05.5: PartitionConfig at the
 * look and at the end). The emulation raised mix's record to {@code MinNodes} and started it there (24.11, 26.05) or
 * refused it (22.05).
 */
class PartitionListMinNodesTest {
    @Test
    void theRecordOfAPartitionAboveTheListsMinNodesIsHeldByItsNodeLimit() throws Exception {
        Cluster cluster = OracleCase.cluster("featfz16");
        JobRequest f76 = SbatchOptions.parseLine("-p mix,short -n6 -c5 --gpus-per-task=1 -m block:block", "f76");
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            JobRequest mix = policy.keptToPartition(cluster, f76, "mix");
            assertThat(policy.partitionLimit(cluster, mix)).as(v.label()).isEqualTo(PendingReason.PARTITION_NODE_LIMIT);
            assertThat(policy.partitionLimit(cluster, policy.keptToPartition(cluster, f76, "short"))).as(v.label())
                    .isEqualTo(PendingReason.PARTITION_CONFIG);
            Suggestion s = policy.suggest(ClusterState.empty(cluster), f76);
            assertThat(s).as(v.label()).isInstanceOf(Suggestion.Pending.class);
        }
    }

    @Test
    void aJobOfOnePartitionOrWithNodeCountKeepsItsOwnMinimum() throws Exception {
        Cluster cluster = OracleCase.cluster("featfz16");
        JobRequest alone = SbatchOptions.parseLine("-p mix -n6 -c5", "m");
        assertThat(SeveralPartitions.keptTo(cluster, alone, "mix").minNodes()).isNull();
        JobRequest both = SbatchOptions.parseLine("-p mix,short -N2 -n2 -c1", "m");
        assertThat(SeveralPartitions.keptTo(cluster, both, "mix").minNodes()).isEqualTo(2);
    }
}
