package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's slurmctld sets {@code max_nodes} to the task count when {@code -N} is absent ({@code job_mgr.c},
 * {@code JOB_IMPLICIT_MAX_NODES}; 22.05 and 24.11 leave it 0, no limit), and {@code eval_nodes_select_cores} then
 * reads {@code num_tasks == min_nodes == max_nodes} as one task per node. Own case fuzz33 p3 ({@code -w g2,g4
 * --gpus=8 -n2 -c2}): 26.05.5 gives g2 one task's two CPUs, one on each socket of its seven GPUs (CPUs 5 and 16).
 */
class ImplicitMaxNodesTest {

    @Test
    void twoTasksOnTwoNamedNodesRunOnePerNodeIn2605() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-w g2,g4 --gpus=8 -n2 -c2", "p3"));
        SlurmNode g2 = new SlurmNode("g2", 0, 0, 2, 16, 1, 1, List.of());
        assertThat(CoreFilter.taskLimits(g2, job, SlurmVersion.V26_05)).containsExactly(1, 1);
        assertThat(CoreFilter.taskLimits(g2, job, SlurmVersion.V24_11)).containsExactly(1, CoreFilter.NO_VAL);
    }

    @Test
    void theFirstNamedNodeGetsOneTasksCpusOverBothGpuSockets() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Suggestion s = v26.suggest(ClusterState.empty(OracleCase.cluster("fuzz33")),
                SbatchOptions.parseLine("-w g2,g4 --gpus=8 -n2 -c2", "p3"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        HostAllocation g2 = ((Suggestion.Placed) s).placement().hosts().stream()
                .filter(h -> h.host().equals("g2")).findFirst().orElseThrow();
        // 7 of its 8 GPUs (one kept for g4): both sockets are required, one core of each
        assertThat(g2.gpus()).hasSize(7);
        assertThat(g2.cpus().size()).isEqualTo(2);
        assertThat(g2.cpus().first()).isLessThan(16);
        assertThat(g2.cpus().contains(16)).isTrue();
    }
}
