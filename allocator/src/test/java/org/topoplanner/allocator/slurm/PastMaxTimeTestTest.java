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
 * 24.11 and 26.05 run the test-only pick on a job past its partition's {@code MaxTime} ({@link PastMaxTimeTest}):
 * lead's case featfz13 f60 ({@code -p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2 --time=20}, short's four nodes capped
 * at 8 CPUs, {@code MaxTime=10}) is refused by 24.11.5 and 26.05.5 and waits in 22.05.8; a job that fits waits
 * {@code PartitionTimeLimit} (own probe c22r1 r5).
 */
class PastMaxTimeTestTest {
    private static final Cluster FEATFZ13 = OracleCase.cluster("featfz13");

    private static Suggestion suggest(SlurmVersion v, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(FEATFZ13), SbatchOptions.parseLine(args, "f60"));
    }

    private static void waitsTimeLimit(Suggestion s, SlurmVersion v) {
        assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_TIME_LIMIT));
    }

    @Test
    void aJobPastMaxTimeThatNeverFitsIsRefusedAfter2205() throws Exception {
        String f60 = "-p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2 --time=20";
        // 22.05 calls no select_nodes after the failed limit: held (worded PartitionConfig at submission)
        waitsTimeLimit(suggest(SlurmVersion.V22_05, f60), SlurmVersion.V22_05);
        assertThat(suggest(SlurmVersion.V24_11, f60)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest(SlurmVersion.V26_05, f60)).isInstanceOf(Suggestion.Impossible.class);
        String minus_n = "-p short -N2 -n12 -c2 --time=20";
        assertThat(suggest(SlurmVersion.V24_11, minus_n)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest(SlurmVersion.V26_05, minus_n)).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void aJobPastMaxTimeThatFitsWaitsInEveryRelease() throws Exception {
        String r5 = "-p short -N2 --gpus=4 --ntasks-per-gpu=2 -c2 --time=20";
        for (SlurmVersion v : SlurmVersion.values()) {
            waitsTimeLimit(suggest(v, r5), v);
        }
    }

    @Test
    void theTimeLimitIsTheOnlyNoteDropped() throws Exception {
        var r = SbatchOptions.parseLine("-p short -N2 -n12 -c2 --time=20 --time=30", "x");
        assertThat(JobTimeLimit.minutes(JobTimeLimit.without(r))).isNull();
        assertThat(JobTimeLimit.without(r).minNodes()).isEqualTo(2);
    }
}
