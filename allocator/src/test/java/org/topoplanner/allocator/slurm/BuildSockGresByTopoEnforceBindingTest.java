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
 * 22.05's {@code _build_sock_gres_by_topo} ({@code select/cons_tres/gres_sched.c}) leaves out, for an enforce-binding
 * job, every socket of the node with no available core: that socket's {@code bits_by_sock} stays empty, so
 * {@code _set_job_bits2} ({@code cons_common/gres_select_filter.c}), which tops a {@code --gpus=N} job up from any
 * socket of its nodes in node order, cannot take that socket's GPUs. Own case fuzz48 p26 ({@code -N2 -n3 -c4
 * --gpus=10} enforce-binding; background b2, b4, b7, b9 as real 22.05.8 placed them, the rest cancelled): k1's
 * socket 0 is all b9's, k2's has cores 14-15 free. {@code _set_job_bits1} gives each node its socket 1 GPUs 4-7;
 * 22.05.8 then takes the last two from k2's socket 0 (GPUs 0-1), where topping up from the first node gave them to
 * k1.
 */
class BuildSockGresByTopoEnforceBindingTest {
    private static final String JOB = "-N2 -n3 -c4 --gpus=10 --gres-flags=enforce-binding";

    @Test
    void slurm2205TopsUpOnlyFromSocketsWithAFreeCore() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(background(), SbatchOptions.parseLine(JOB, "p26"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("k1", "k2");
            assertThat(p.placement().hosts().get(0).gpus()).containsExactly(4, 5, 6, 7);
            assertThat(p.placement().hosts().get(1).gpus()).containsExactly(0, 1, 4, 5, 6, 7);
        });
    }

    /** fuzz48's jobs still running at p26, where 22.05.8 put them ({@code results/fuzz48.jsonl}). */
    private static ClusterState background() {
        ClusterState state = ClusterState.empty(OracleCase.cluster("fuzz48"));
        state = state.with(job("b2", "h2", range(0, 31), List.of(0, 1, 2, 3)), ClusterState.Hold.WHOLE_NODES);
        state = state.with(job("b4", "k3", range(0, 31), List.of(0, 1, 2, 3, 4, 5, 6, 7)),
                ClusterState.Hold.WHOLE_NODES);
        state = state.with(job("b7", "k2", range(0, 13), List.of()));
        return state.with(job("b9", "k1", range(0, 15), List.of()));
    }

    private static Placement job(String name, String host, CpuSet cpus, List<Integer> gpus) {
        return new Placement(name, List.of(new HostAllocation(host, gpus, cpus, Map.of())));
    }

    private static CpuSet range(int from, int to) {
        return CpuSet.of(IntStream.rangeClosed(from, to).boxed().toList());
    }
}
