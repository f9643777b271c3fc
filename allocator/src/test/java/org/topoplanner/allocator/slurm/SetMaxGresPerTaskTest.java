package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's {@code _set_max_gres} ({@code topology/common/gres_filter.c}): for a {@code --gpus-per-task} job the
 * node's GPU ceiling is also at most its tasks' GPUs ({@code gres_per_task x max_tasks_this_node}); 24.11's
 * {@code _set_max_gres} has no such clause. So a socket holding the node's tasks' GPUs is "sufficient" and the
 * first pass drops the other socket's cores. Own case fuzz37 p15 ({@code -N2 --ntasks-per-node=3 -c3
 * --gpus-per-task=1} on the idle 4 + 4-GPU g3 and g4): 26.05.5 gives each node CPUs 0-8 and GPUs 0-2, 24.11.5 CPUs
 * 0-3, 16-20 and GPUs 0, 1, 4 (fuzz39 p24, fuzz40 p5 p23 and fuzz41 p20 are the same rule).
 */
class SetMaxGresPerTaskTest {

    private static List<HostAllocation> placed(String version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz37")), SbatchOptions.parseLine(
                "-w g3,g4 -N2 --ntasks-per-node=3 -c3 --gpus-per-task=1", "p15"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts();
    }

    @Test
    void a2605NodeKeepsItsTasksOnTheSocketWhoseGpusSufficeForThem() throws Exception {
        for (HostAllocation h : placed("26.05")) {
            assertThat(h.gpus()).as(h.host()).containsExactly(0, 1, 2);
            assertThat(h.cpus()).as(h.host()).isEqualTo(CpuSet.range(0, 8));
        }
    }

    @Test
    void a2411NodeAsksForTheJobsGpusAndSpreadsOverBothSockets() throws Exception {
        for (HostAllocation h : placed("24.11")) {
            assertThat(h.gpus()).as(h.host()).containsExactly(0, 1, 4);
            assertThat(h.cpus()).as(h.host()).isEqualTo(CpuSet.of(0, 1, 2, 3, 16, 17, 18, 19, 20));
        }
    }
}
