package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
 * {@code -n N --gpus-per-task=G} is a per-job GPU count of N x G to Slurm ({@code gres_job_state_validate} sets
 * {@code gres_per_job}), so the tree's evaluation ({@code eval_nodes_tree.c}, {@code gres_sched_init} and
 * {@code gres_sched_test}) ends only when the chosen nodes hold that many GPUs, not as soon as their CPUs suffice.
 * Own case fuzz23 p35 ({@code -n6 -c1 --gpus-per-task=2} enforce-binding), the state rebuilt from the jobs that held
 * it: h1 and h7 give the six tasks' CPUs but 4 + 4 of the 12 GPUs, and 24.11.5 and 26.05.5 add q3 (the emulation
 * stopped at two nodes and laid out 8 GPUs for six tasks).
 */
class GresPerJobOfTasksTest {
    private static final String BACKGROUND = "-w h8 -n1 -c4 --gpus-per-node=1 | -w g1 -n2 -c6"
            + " | -w h4 -n1 -c6 --gpus-per-node=1 | -w p2 -n1 -c4 --gpus-per-node=1 | -w h4 -n1 -c3 --gpus-per-node=2"
            + " | -w g1 -n1 -c5 | -w g5 -n1 -c1 --gpus-per-node=1 | -w g6 -n2 -c7 | -w p3 -n1 -c1 --gpus-per-node=1"
            + " | -w h1 -n2 -c2";

    @ParameterizedTest(name = "Slurm {0}")
    @CsvSource({"24.11", "26.05"})
    void theChosenNodesHoldEveryTasksGpus(String version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        ClusterState state = ClusterState.empty(OracleCase.cluster("fuzz23"));
        int k = 0;
        for (String args : BACKGROUND.split("\\|")) {
            Suggestion s = slurm.suggest(state, SbatchOptions.parseLine(args.strip(), "b" + k++));
            assertThat(s).as("background job %s", args).isInstanceOf(Suggestion.Placed.class);
            state = state.with(((Suggestion.Placed) s).placement());
        }
        Suggestion s = slurm.suggest(state, SbatchOptions.parseLine(
                "-n6 -c1 --gpus-per-task=2 --gres-flags=enforce-binding", "p35"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            List<HostAllocation> hosts = p.placement().hosts();
            assertThat(hosts.stream().map(HostAllocation::host).sorted().toList()).containsExactly("h1", "h7", "q3");
            assertThat(hosts.stream().mapToInt(h -> h.gpus().size()).sum()).isEqualTo(12);
        });
    }
}
