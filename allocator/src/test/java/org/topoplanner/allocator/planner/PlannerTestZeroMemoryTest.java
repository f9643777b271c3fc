package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's own optimum under 22.05 keeps to "test 0" of {@code _job_test} (every core free, memory held as now),
 * as {@code slurm-tree} does ({@link SlurmTreePolicy#failsWithEveryCoreFree}). mem2c's g1 (2 x 4 cores, 40,000 MB,
 * four GPUs without {@code Cores=}) runs two jobs on cores 0-4 holding 13,500 MB: an enforce-binding one-GPU job at
 * 20,000 MB a CPU gets one CPU from the free memory. On the free cores (socket 1 only) the filter needs one core; with
 * every core free both sockets are required ({@code gres_select_filter_sock_core}: GPUs of any socket never make
 * the GPUs sufficient, and {@code req_cpus = sock_cnt = 2} is above the one CPU), so 22.05 fails the job there.
 * PlannerPerCpuMemoryPropertyTest seed 773.
 */
class PlannerTestZeroMemoryTest {
    private static final String JOB =
            "-N1 -w g1 --gpus-per-node=1 --cpus-per-gpu=1 --gres-flags=enforce-binding --mem-per-cpu=20000";

    private static ClusterState busyG1(SlurmVersion v) throws JobRequestException {
        Cluster c = OracleCase.cluster("mem2c");
        SlurmTreePolicy tree = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        ClusterState s = ClusterState.empty(c);
        for (String[] run : new String[][] {{"r0", "-N1 -w g1 --gpus-per-node=1 -c3 --mem-per-cpu=2500"},
                                            {"r1", "-N1 -w g1 -n2"}}) {
            JobRequest r = SbatchOptions.parseLine(run[1], run[0]);
            Suggestion.Placed p = (Suggestion.Placed) tree.suggest(s, r);
            s = s.with(p.placement(), ClusterState.Hold.LISTED, FreeMemory.heldBy(c, r, p.placement()));
        }
        return s;
    }

    @Test
    void underTwentyTwoFiveTheOptimumFailsWithEveryCoreFreeAsSlurmTreeDoes() throws JobRequestException {
        ClusterState s = busyG1(SlurmVersion.V22_05);
        JobRequest job = SbatchOptions.parseLine(JOB, "j");
        PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        assertThat(new SlurmTreePolicy(o).failsWithEveryCoreFree(s, job)).isTrue();
        assertThat(new SlurmTreePolicy(o).suggest(s, job)).isInstanceOf(Suggestion.Pending.class);
        assertThat(new PlannerPolicy(o).plan(s, job)).isEmpty();
        // the planner's answer waits as Slurm's does, and says why: test 0, not the free cores of a socket
        assertThat(new PlannerPolicy(o).suggest(s, job)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.explanation()).contains("test 0"));
        // two CPUs' memory (13,000 MB a CPU) meet both sockets' cores: test 0 passes and the job runs
        JobRequest smaller = SbatchOptions.parseLine(JOB.replace("20000", "13000"), "j");
        assertThat(new SlurmTreePolicy(o).failsWithEveryCoreFree(s, smaller)).isFalse();
        assertThat(new PlannerPolicy(o).plan(s, smaller)).isPresent();
    }

    @Test
    void laterReleasesSkipTestZero() throws JobRequestException {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            ClusterState s = busyG1(v);
            JobRequest job = SbatchOptions.parseLine(JOB, "j");
            PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(v);
            assertThat(new SlurmTreePolicy(o).failsWithEveryCoreFree(s, job)).isFalse();
            assertThat(new SlurmTreePolicy(o).suggest(s, job)).isInstanceOf(Suggestion.Placed.class);
            assertThat(new PlannerPolicy(o).plan(s, job)).isPresent();
        }
    }
}
