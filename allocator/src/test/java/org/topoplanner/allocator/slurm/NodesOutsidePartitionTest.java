package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} node outside the job's one partition, past a limit ({@link NodesOutsidePartition}). featfz26's short is
 * b1, b2, c1 with {@code MaxTime=30}; lead's case featfz26 f3 ({@code -w c2 -p short -n5 -c4 --gpus=2 --time=60}):
 * {@code PartitionConfig} under 22.05.8, refused by 24.11.5 and 26.05.5; own probe c26f1 p2 ({@code -w a1 -p short
 * -n100}, past short's 96 CPUs) {@code PartitionConfig} in 22.05.8 and 26.05.5, refused by 24.11.5.
 */
class NodesOutsidePartitionTest {
    private static final String REFUSAL = "Requested node configuration is not available";
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz26"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "p"));
    }

    @Test
    void pastMaxTimeIsHeldBy2205AndRefusedByLaterReleases() throws Exception {
        assertThat(suggest("-w c2 -p short -n5 -c4 --gpus=2 --time=60", SlurmVersion.V22_05))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_TIME_LIMIT));
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(suggest("-w c2 -p short -n5 -c4 --gpus=2 --time=60", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Impossible.class,
                            i -> assertThat(i.reason()).isEqualTo(REFUSAL));
        }
    }

    @Test
    void pastTheCpuTotalIsHeldBy2605Too() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V26_05}) {
            assertThat(suggest("-w a1 -p short -n100 -c1", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
        }
        assertThat(suggest("-w a1 -p short -n100 -c1", SlurmVersion.V24_11))
                .isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason()).isEqualTo(REFUSAL));
    }

    @Test
    void withinTheLimitsEveryReleaseRefuses() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(suggest("-w c2 -p short -n1 -c1", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Impossible.class,
                            i -> assertThat(i.reason()).isEqualTo(REFUSAL));
        }
    }
}
