package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
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
 * 22.05's {@code gres_sched_add} ({@code cons_tres/gres_sched.c}) credits a node with {@code sock_gres->total_cnt}
 * as {@code gres_select_filter_sock_core} ({@code cons_common/gres_select_filter.c}) left it: under enforce-binding a
 * socket whose free cores serve no GPU at {@code cpus_per_gres} ({@code max_gres_socket}, here
 * {@code --ntasks-per-gpu=3} times one CPU) loses its whole count. Own case featfz5 f44 ({@code --gpus=5
 * --ntasks-per-gpu=3 enforce-binding}; a2 has cores 1-15 free beside GPUs 0-3 and only core 31 beside GPU 7): a2
 * counts 4 GPUs, so the topology walk adds a3, next in node order, for the fifth (22.05.8: a2 cores 1-15 GPUs 0-3,
 * a3 core 1 GPU 5). Counting GPU 7 kept the job on a2 alone.
 */
class EnforceBindingSocketCreditTest {
    private static final String JOB = "-p fat,all --gpus=5 --ntasks-per-gpu=3 --gres-flags=enforce-binding";

    @Test
    void slurm2205CreditsNoGpuOfASocketWhoseCoresServeNone() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(background(), SbatchOptions.parseLine(JOB, "f44"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("a2", "a3");
            assertThat(p.placement().hosts().get(0).gpus()).containsExactly(0, 1, 2, 3);
        });
    }

    /** featfz5's jobs running at f44's submission, where 22.05.8 put them ({@code results/featfz5.jsonl}). */
    private static ClusterState background() {
        ClusterState state = ClusterState.empty(OracleCase.cluster("featfz5"));
        state = state.with(job("f33a", "c1", range(0, 13), List.of()));
        state = state.with(job("f33b", "c2", range(0, 1), List.of()));
        state = state.with(job("f34a", "a1", range(0, 7), List.of()));
        state = state.with(job("f34b", "a2", range(0, 0), List.of()));
        state = state.with(job("f34c", "a3", range(0, 0), List.of()));
        state = state.with(job("f37", "a1", range(16, 27), List.of(4, 5)));
        state = state.with(job("f38", "c1", range(14, 19), List.of(0)));
        state = state.with(job("f40", "c2", range(2, 13), List.of(0, 1, 2, 3)));
        state = state.with(new Placement("f41", List.of(new HostAllocation("a1", List.of(0, 1, 2, 3, 6, 7),
                CpuSet.of(List.of(8, 9, 10, 11, 12, 28, 29, 30, 31)), Map.of()))));
        state = state.with(job("f43a", "a2", range(16, 30), List.of(4, 5, 6)));
        return state.with(job("f43b", "a3", range(16, 20), List.of(4)));
    }

    private static Placement job(String name, String host, CpuSet cpus, List<Integer> gpus) {
        return new Placement(name, List.of(new HostAllocation(host, gpus, cpus, Map.of())));
    }

    private static CpuSet range(int from, int to) {
        return CpuSet.of(IntStream.rangeClosed(from, to).boxed().toList());
    }
}
