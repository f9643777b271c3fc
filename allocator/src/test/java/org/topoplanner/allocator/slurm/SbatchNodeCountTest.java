package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's {@code _opt_verify} lowers {@code -N} to {@code -n} before slurmctld sees the job, so no partition limit
 * tests the larger count: the lead's case featfz13 (fat a1-a4 with {@code MaxNodes=1}), f25 {@code -p fat,short -N2
 * -n1} waits {@code Priority} at submission in 22.05.8, 24.11.5 and 26.05.5.
 */
class SbatchNodeCountTest {
    private static JobRequest job(String args) throws Exception {
        return SbatchOptions.parseLine(args, "f");
    }

    @Test
    void fewerTasksThanNodesSetsBothCountsToTheTasks() throws Exception {
        JobRequest sent = SbatchNodeCount.sent(job("-N2 -n1 -c4"));
        assertThat(sent.minNodes()).isEqualTo(1);
        assertThat(sent.maxNodes()).isEqualTo(1);
        JobRequest range = SbatchNodeCount.sent(job("-N1-4 -n2"));
        assertThat(range.minNodes()).isEqualTo(1);
        assertThat(range.maxNodes()).isEqualTo(2);
        assertThat(SbatchNodeCount.sent(job("-N2 -n4"))).isEqualTo(job("-N2 -n4"));
        assertThat(SbatchNodeCount.sent(job("-n1 -c4"))).isEqualTo(job("-n1 -c4"));
    }

    @Test
    void aPartitionOfOneNodeTakesMinusN2WithOneTaskInEveryRelease() throws Exception {
        Cluster cluster = OracleCase.cluster("featfz13");
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            JobRequest inFat = job("-p fat -N2 -n1 -c4 --gpus=2 --time=10");
            assertThat(policy.nodeRangeOutsidePartition(cluster, inFat)).as(v.label()).isFalse();
            assertThat(policy.partitionLimit(cluster, inFat)).as(v.label()).isNull();
            assertThat(policy.suggest(ClusterState.empty(cluster), inFat)).as(v.label())
                    .isInstanceOf(Suggestion.Placed.class);
            // two tasks keep the two nodes, past fat's MaxNodes=1
            assertThat(policy.nodeRangeOutsidePartition(cluster, job("-p fat -N2 -n2 -c4"))).as(v.label()).isTrue();
        }
    }
}
