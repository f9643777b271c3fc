package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code gres_sched_add} ({@code select/cons_tres/gres_sched.c}) adds a required node's whole filtered GPU
 * count ({@code sock_data->total_cnt}) to the job's {@code total_gres}, whole tasks or not; 24.11 and 26.05
 * ({@code topology/common/gres_sched.c}) count what the tasks assumed there use. The rest
 * ({@code rem_gres}) is the cap {@code gres_select_filter_sock_core} asks of the next node's sockets, taken from the
 * one with most free cores first: once that socket holds the rest, the other socket's cores leave the first pass.
 * Own case cmx3 m65 ({@code -w a1 -n6 -c3 --gpus-per-task=1}, cpumix cluster): a1 has 4 free cores and 3 free GPUs
 * on socket 1, so one task, yet 3 GPUs credited; 3 remain for a2, whose socket 1 (16 free cores, GPUs 4-7) is
 * enough, so its five tasks get CPUs 16-30 (22.05.8); crediting one task's GPU left 5 and put the CPUs on socket 0
 * first.
 */
class RequiredNodeRawGpuCreditTest {

    @ParameterizedTest(name = "Slurm {0}: a2 CPUs {1}")
    @CsvSource(delimiter = '|', value = {
        "22.05 | 16-30"})
    void theRequiredNodesCreditSetsTheNextNodesSocket(String release, String a2Cpus) throws Exception {
        ClusterState state = ClusterState.empty(OracleCase.cluster("cmx3"))
                .with(new Placement("m60", List.of(HostAllocation.of("a1", List.of(0), CpuSet.range(0, 3)))))
                .with(new Placement("m63", List.of(HostAllocation.of("a1", List.of(1, 2, 3, 4), CpuSet.range(4, 27)),
                        HostAllocation.of("a2", List.of(0), CpuSet.range(0, 5)))));
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()))
                .suggest(state, SbatchOptions.parseLine("-w a1 -n6 -c3 --gpus-per-task=1", "m65"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            HostAllocation a2 = p.placement().hosts().stream().filter(h -> h.host().equals("a2")).findFirst()
                    .orElseThrow();
            assertThat(a2.cpus()).isEqualTo(CpuSet.parse(a2Cpus));
        });
    }
}
