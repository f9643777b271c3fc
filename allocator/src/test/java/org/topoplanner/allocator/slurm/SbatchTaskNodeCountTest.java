package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch 24.11 and 26.05 send {@code min_nodes = ceil(-n / --ntasks-per-node)} when {@code -N} is absent
 * ({@code slurm_opt_create_job_desc}), so slurmctld refuses a smaller {@code --gpus} ("--gpus < -N"); 22.05.8 sends no
 * node count. Own probe g9c on its idle cluster (real 22.05.8, 24.11.5, 26.05.5).
 */
class SbatchTaskNodeCountTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9c"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        JobRequest r = SbatchOptions.parseLine(line, "z");
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle, r);
    }

    @Test
    void sixTasksOneNodeEachWithTwoGpusAreRefusedFrom2411() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(suggest("-n6 --ntasks-per-node=1 --gpus=2", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Impossible.class,
                            i -> assertThat(i.reason()).contains("--gpus < -N"));
        }
    }

    @Test
    void twentyTwoOhFiveRunsThem() throws Exception {
        assertThat(suggest("-n6 --ntasks-per-node=1 --gpus=2", SlurmVersion.V22_05))
                .isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void aGpuPerNodeIsEnough() throws Exception {
        assertThat(suggest("-n6 --ntasks-per-node=1 --gpus=6", SlurmVersion.V24_11))
                .isInstanceOf(Suggestion.Placed.class);
    }

    /**
     * g9c z5: the six nodes sbatch sends are the topology step's {@code min_rem_nodes}, so u1 (four GPUs without
     * {@code Cores=}) offers one GPU ({@code _set_max_gres}: 6 less one for each of five further nodes), needs one
     * core, and the filter's spread empties socket 0: CPU 16 in 24.11.5 and 26.05.5.
     */
    @Test
    void theSentNodeCountPutsTheTaskOfGpusWithoutCoresOnTheLastSocket() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(suggest("-n6 --ntasks-per-node=1 --gpus=6", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().on("u1")
                            .orElseThrow().cpus().toList()).containsExactly(16));
        }
    }

    @Test
    void theSentNodeCountIsTheJobsMinimumWithoutAMaximum() throws Exception {
        JobRequest r = SbatchOptions.parseLine("-n7 --ntasks-per-node=2 --gpus=4", "z");
        SlurmJobSpec job = SlurmJobSpec.of(r);
        SlurmJobSpec sent = SbatchTaskNodeCount.sent(job, r, SlurmVersion.V24_11);
        assertThat(sent.minNodes()).isEqualTo(4);
        assertThat(sent.maxNodes()).isNull();
        assertThat(SbatchTaskNodeCount.sent(job, r, SlurmVersion.V22_05)).isSameAs(job);
        JobRequest withN = SbatchOptions.parseLine("-N2 -n7 --ntasks-per-node=4 --gpus=4", "z");
        SlurmJobSpec fixed = SlurmJobSpec.of(withN);
        assertThat(SbatchTaskNodeCount.sent(fixed, withN, SlurmVersion.V26_05)).isSameAs(fixed);
    }
}
