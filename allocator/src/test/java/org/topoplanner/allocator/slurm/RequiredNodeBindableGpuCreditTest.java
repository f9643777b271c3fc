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
 * An enforce-binding job's required node credits the job's GPU total with the GPUs it can bind only: 22.05's
 * {@code gres_select_filter_remove_unusable} ({@code select/cons_common/gres_select_filter.c}) drops the GPUs of a
 * socket without a free core from {@code sock_gres->total_cnt}, which {@code gres_sched_add} then adds whole. The rest
 * ({@code rem_gres}) caps the next node's sockets in {@code gres_select_filter_sock_core}: the sockets taken until it
 * is met keep {@code max_tasks x cpus_per_task} cores between them, and the cyclic sync packs whole tasks on socket 0
 * first. Own case cmx15 m52 ({@code -w b2 -n3 -c3 --gpus-per-task=1 --gres-flags=enforce-binding}, 22.05.8): b2's
 * socket 0 is busy, so it binds GPU 3 only and counts 1; b4 (4 sockets of 8 cores, a GPU each) is asked for 2, keeps
 * sockets 0 and 1 with 6 cores each, and its two tasks get cores 0-5. Crediting b2's 3 free GPUs asked b4 for none
 * left over, kept sockets 0-2 with 4 cores each, and gave 0-2 and 8-10.
 */
class RequiredNodeBindableGpuCreditTest {

    @ParameterizedTest(name = "Slurm {0}: b4 CPUs {1}")
    @CsvSource(delimiter = '|', value = {
        "22.05 | 0-5"})
    void aRequiredNodeCreditsOnlyTheGpusItCanBind(String release, String b4Cpus) throws Exception {
        ClusterState state = ClusterState.empty(OracleCase.cluster("cmx15"))
                .with(new Placement("m42", List.of(HostAllocation.of("a1", List.of(0, 1, 2, 3, 4, 5, 6),
                        CpuSet.parse("0-2,16-17")))))
                .with(new Placement("m43", List.of(HostAllocation.of("b1", List.of(2), CpuSet.parse("0-3")),
                        HostAllocation.of("b2", List.of(2), CpuSet.parse("0-15")))))
                .with(new Placement("m46", List.of(HostAllocation.of("b1", List.of(0, 1), CpuSet.parse("4-7,16-17")))))
                .with(new Placement("m48", List.of(HostAllocation.of("b3", List.of(2, 3),
                        CpuSet.parse("16-17,24-25")))))
                .with(new Placement("m50", List.of(HostAllocation.of("a2", List.of(0, 1, 2, 3, 4, 5),
                        CpuSet.parse("0-3")))))
                .with(new Placement("m51", List.of(HostAllocation.of("a2", List.of(6, 7), CpuSet.parse("16-27")),
                        HostAllocation.of("a3", List.of(0, 1), CpuSet.parse("0-11")),
                        HostAllocation.of("a4", List.of(0, 1), CpuSet.parse("0-11")))));
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()))
                .suggest(state, SbatchOptions.parseLine(
                        "-w b2 -n3 -c3 --gpus-per-task=1 --gres-flags=enforce-binding", "m52"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("b2", "b4");
            HostAllocation b4 = p.placement().hosts().get(1);
            assertThat(b4.cpus()).isEqualTo(CpuSet.parse(b4Cpus));
        });
    }
}
