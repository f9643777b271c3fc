package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner never places a job on a node Slurm 24.11/26.05 set INVALID because its {@code gres.conf} {@code Cores=}
 * splits a socket ({@code _check_core_range_matches_sock}; {@link org.topoplanner.allocator.slurm.InvalidNodes}).
 * Own probe case gressock1: a1 binds each GPU to half a socket, b1 to whole sockets; real 24.11.5/26.05.5 keep
 * {@code -w a1} jobs waiting with {@code ReqNodeNotAvail} and place nothing on a1, 22.05.8 runs them there.
 */
class PlannerInvalidNodesTest {
    private static final ClusterState IDLE = ClusterState.empty(OracleCase.cluster("gressock1"));

    private static Suggestion plan(SlurmVersion v, JobRequest job) {
        return new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(IDLE, job);
    }

    @Test
    void aJobNamingTheInvalidNodeWaitsFrom2411OnAndIsPlacedUnder2205() {
        JobRequest onA1 = JobRequest.builder().name("w2").nodelist(List.of("a1")).ntasks(1).cpusPerTask(1)
                .gpusPerNode(1).build();
        assertThat(plan(SlurmVersion.V22_05, onA1)).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("a1"));
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(plan(v, onA1)).as(v.label()).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL));
        }
    }

    @Test
    void noJobIsPlacedOnTheInvalidNodeFrom2411On() {
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            for (int gpus = 1; gpus <= 4; gpus++) {
                JobRequest one = JobRequest.builder().name("n").nodes(1).ntasks(1).cpusPerTask(1)
                        .gpusPerNode(gpus).build();
                // a1 comes first in node order and is as idle as b1: only Slurm's INVALID state keeps it out
                assertThat(plan(v, one)).as("%s, %d GPUs", v.label(), gpus)
                        .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hosts())
                                .extracting(HostAllocation::host).containsExactly("b1"));
            }
            JobRequest two = JobRequest.builder().name("n2").nodes(2).ntasks(2).cpusPerTask(1).gpusPerNode(1)
                    .build();
            assertThat(plan(v, two)).as(v.label()).isNotInstanceOf(Suggestion.Placed.class);
        }
    }
}
