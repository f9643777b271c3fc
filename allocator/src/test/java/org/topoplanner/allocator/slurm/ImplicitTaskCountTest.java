package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The task count {@code --ntasks-per-node} implies on a fixed node count (22.05 sbatch {@code _opt_verify}: {@code
 * ntasks = min_nodes x ntasks_per_node}; 24.11 and 26.05 slurmctld {@code _job_create}: "Implicitly set task
 * count"), which {@code gres_job_state_validate} turns into a job total for {@code --gpus-per-task}
 * ({@code gres_per_job = num_tasks x gres_per_task}). With that total the core filter
 * ({@code gres_select_filter_sock_core}) finds one socket's GPUs sufficient and keeps the node's tasks there: own
 * case fuzz33 p39 ({@code -N2 --ntasks-per-node=2 -c1 --gpus-per-task=1}) runs on g1 CPUs 0-1 with GPUs 0-1 in
 * 22.05.8, 24.11.5 and 26.05.5 (the replay spread the tasks over both sockets: CPUs 0 and 16, GPUs 0 and 4).
 */
class ImplicitTaskCountTest {

    @ParameterizedTest(name = "{0}: {1} tasks")
    @CsvSource(delimiter = ';', nullValues = "-", value = {
        "-N2 --ntasks-per-node=2 -c1 --gpus-per-task=1;  4",
        "--ntasks-per-node=3;                            3",
        "-n5 -N2 --ntasks-per-node=3;                    5",
        // a node range leaves the count to the nodes chosen
        "-N1-3 --ntasks-per-node=2;                      -",
    })
    void ntasksPerNodeOnFixedNodesSetsTheTaskCount(String args, Integer tasks) throws Exception {
        assertThat(SlurmJobSpec.of(SbatchOptions.parseLine(args, "j")).ntasks()).isEqualTo(tasks);
    }

    @ParameterizedTest(name = "Slurm {0}")
    @CsvSource({"22.05", "24.11", "26.05"})
    void perTaskGpusOfOneSocketKeepTheTasksOnIt(String version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz33")),
                SbatchOptions.parseLine("-N2 --ntasks-per-node=2 -c1 --gpus-per-task=1", "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).hasSize(2);
            for (HostAllocation h : p.placement().hosts()) {
                // g nodes: cores 0-15 and GPUs 0-3 on socket 0
                assertThat(h.cpus().toString()).as("CPUs of %s", h.host()).isEqualTo("0-1");
                assertThat(h.gpus()).containsExactly(0, 1);
            }
        });
    }
}
