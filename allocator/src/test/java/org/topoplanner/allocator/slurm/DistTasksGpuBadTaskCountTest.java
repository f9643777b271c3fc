package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * GPU jobs in {@code _dist_tasks_compute_c_b} ({@code select/cons_tres/dist_tasks.c}, 24.11.5 and 26.05): the
 * GPUs' soft task limit is dropped and the layout tried again, and a job whose chosen CPUs still hold fewer whole
 * tasks than its {@code -n} fails the pass ({@code ESLURM_BAD_TASK_COUNT}, {@code Resources}); 22.05.8's
 * {@code cons_common} layout over-subscribes and runs it. Own probe g9a (fuzz74's state at p12, real 24.11.5 with
 * {@code DebugFlags=SelectType}): y4 ({@code -n8 --ntasks-per-socket=1 -c3 --gpus-per-node=1} enforce-binding) logs
 * {@code cr_dist/start} over a1, f1, f3, f4, s1, u1 with {@code avail_cpus} 4, 4, 4, 4, 3, 6 (25 CPUs for 24, but
 * one task of 3 on each 2-thread node's 4, one on s1's 3, two on u1's 6: 7 tasks) and no {@code cr_dist/middle}.
 */
class DistTasksGpuBadTaskCountTest {
    private final ClusterState state = DistTasksBadTaskCountTest.fuzz74AtP12();

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        JobRequest r = SbatchOptions.parseLine(line, "y");
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state, r);
    }

    @Test
    void eightTasksOfThreeCpusOnSevenTasksWorthWaitFrom2411() throws Exception {
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(suggest("-n8 --ntasks-per-socket=1 -c3 --gpus-per-node=1 --gres-flags=enforce-binding", v))
                    .as("%s", v).isInstanceOf(Suggestion.Pending.class);
        }
    }

    @Test
    void twentyTwoOhFiveRunsIt() throws Exception {
        assertThat(suggest("-n8 --ntasks-per-socket=1 -c3 --gpus-per-node=1 --gres-flags=enforce-binding",
                SlurmVersion.V22_05)).isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void theGpusSoftTaskLimitIsDroppedFirst() throws Exception {
        // g9a y5 (-N1 -n3 --ntasks-per-socket=2 -c2 --gpus=1 enforce-binding): u1 gives 6 CPUs while the GPU's
        // socket counts two tasks; real 24.11.5 runs the third task there too (u1, 6 CPUs, GPU 2)
        Suggestion s = suggest("-N1 -n3 --ntasks-per-socket=2 -c2 --gpus=1 --gres-flags=enforce-binding",
                SlurmVersion.V24_11);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        HostAllocation h = ((Suggestion.Placed) s).placement().hosts().get(0);
        assertThat(h.host()).isEqualTo("u1");
        assertThat(h.gpus()).containsExactly(2);
    }
}
