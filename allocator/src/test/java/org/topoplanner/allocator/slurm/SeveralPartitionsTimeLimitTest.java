package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A partition whose {@code MaxTime} a job of several partitions is past still gets sbatch's test-only pick
 * ({@code _select_nodes_parts_resvs} in 22.05, {@code _select_nodes_base} in 24.11 and 26.05), so one that never
 * holds the job is passed over. The lead's case featfz9: fat (a1-a4 of 32 CPUs, MaxCPUsPerNode=12) and short (a3, a4,
 * c1, c2, MaxCPUsPerNode=16, MaxTime=10); f53 ({@code -p fat,short -N1 -n7 -c4 --time=20}) is refused at submission
 * by 22.05.8, 24.11.5 and 26.05.5.
 */
class SeveralPartitionsTimeLimitTest {
    private static final Cluster FEATFZ9 = OracleCase.cluster("featfz9");

    private static Suggestion suggest(SlurmVersion v, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(FEATFZ9), SbatchOptions.parseLine(args, "f53"));
    }

    @Test
    void aJobNoPartitionEverHoldsIsRefusedThoughOneIsOnlyPastItsTime() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(suggest(v, "-p fat,short -N1 -n7 -c4 --time=20")).as(v.label())
                    .isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void aPartitionThatWouldHoldTheJobKeepsItsTimeLimit() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // 12 CPUs fit short's cap of 16 on one node: held by its MaxTime (fat is never runnable)
            assertThat(suggest(v, "-p fat,short -N1 -n4 -c4 --time=20")).as(v.label())
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_TIME_LIMIT));
        }
    }
}
