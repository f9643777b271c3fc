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
 * 22.05's {@code _select_cores} starts from the node's {@code avail_res->avail_cpus}, which an earlier evaluation of
 * the same selection may have lowered ({@code _cpus_to_use}; {@code choose_nodes} restores only the node map and the
 * cores between evaluations). The lowered count bounds the task count, so the GPU filter keeps that many tasks'
 * cores, spread over the GPUs' sockets. Own case fuzz35 p3 ({@code -n2 -c4 --gpus=6} enforce-binding, background
 * b0-b7 as real 22.05.8 placed them): the failed first pass lowers p2 to 8 CPUs, and 22.05.8 then runs the job on p2
 * CPUs 0-3 and 16-19 with GPUs 0-2 and q3 CPUs 0-3 with GPUs 0-2. Filtering every free core instead packs p2's 8
 * CPUs on socket 0, which leaves GPU 2 (socket 1) out and takes four of q3's.
 */
class SelectCoresFromLoweredAvailCpusTest {
    private static final String JOB = "-n2 -c4 --gpus=6 --gres-flags=enforce-binding --mem-per-gpu=16G";

    @Test
    void slurm2205SpreadsTheLoweredTasksOverTheGpuSockets() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(background(), SbatchOptions.parseLine(JOB, "p3"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("p2", "q3");
            HostAllocation p2 = p.placement().hosts().get(0);
            assertThat(p2.cpus()).isEqualTo(CpuSet.of(0, 1, 2, 3, 16, 17, 18, 19));
            assertThat(p2.gpus()).containsExactly(0, 1, 2);
            HostAllocation q3 = p.placement().hosts().get(1);
            assertThat(q3.cpus()).isEqualTo(CpuSet.of(0, 1, 2, 3));
            assertThat(q3.gpus()).containsExactly(0, 1, 2);
        });
    }

    /** fuzz35's background jobs b0-b7 where 22.05.8 put them ({@code results/fuzz35.jsonl}); b2 holds q2 whole. */
    private static ClusterState background() {
        ClusterState state = ClusterState.empty(OracleCase.cluster("fuzz35"));
        state = state.with(job("b0", "s2", range(0, 0), List.of(0)));
        state = state.with(job("b1", "c1", CpuSet.of(0, 1, 2, 3, 4, 8, 9, 10, 11, 12), List.of()));
        state = state.with(job("b2", "q2", range(0, 23), List.of(0, 1, 2, 3)), ClusterState.Hold.WHOLE_NODES);
        state = state.with(job("b3", "p4", range(0, 9), List.of()));
        state = state.with(job("b4", "c1", CpuSet.of(5, 13), List.of()));
        state = state.with(job("b5", "q1", range(0, 4), List.of(0, 1)));
        state = state.with(job("b6", "p4", range(10, 21), List.of()));
        return state.with(job("b7", "s1", range(0, 4), List.of(0)));
    }

    private static Placement job(String name, String host, CpuSet cpus, List<Integer> gpus) {
        return new Placement(name, List.of(new HostAllocation(host, gpus, cpus, Map.of())));
    }

    private static CpuSet range(int from, int to) {
        return CpuSet.of(IntStream.rangeClosed(from, to).boxed().toList());
    }
}
