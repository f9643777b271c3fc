package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;

/**
 * A per-CPU memory figure caps a node's CPU count and leaves its core map whole (cons_tres
 * {@code _can_job_run_on_node}, {@code MEM_PER_CPU} branch, 22.05.8, 24.11.5 and 26.05 alike; {@link PerCpuMemory}).
 * Own case mem2e ({@code CR_Core_Memory}, {@code DefMemPerCPU=8000}): at p8 ({@code -w q1,f2,h3 -N3 --gpus=6}) h3
 * (2 x 8 two-thread cores, 128,000 MB; GPUs 0-1 on socket 0, 2-3 on socket 1) runs b6 on cores 0-2 (48,000 MB), so
 * its 80,000 MB pay for 10 CPUs; {@code gres_filter_sock_core} still sees socket 1's 8 free cores before socket 0's 5
 * ({@code _sort_sockets_by_avail_cores}), so the job's core on h3 is core 8 (CPUs 16-17) with socket 1's GPUs, in
 * every release. A stand-in that held the cores past the lowest five had left h3 only socket 0 (CPUs 6-7, GPUs 0-1).
 */
class PerCpuMemoryCapTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "22.05; f2=[0, 1] gpus [0, 1], h3=[16, 17] gpus [2, 3], q1=[11] gpus [0, 1]",
        "24.11; f2=[32, 33] gpus [0, 1, 2, 3], h3=[16, 17] gpus [2], q1=[22] gpus [0]",
        "26.05; f2=[32, 33] gpus [0, 1, 2, 3], h3=[16, 17] gpus [2], q1=[22] gpus [0]"})
    void theMemoryCapsTheCountNotTheCoresTheGpuFilterSees(String version, String expected)
            throws JobRequestException {
        ClusterState state = started(empty("mem2e"), version, "b0 -w h2 -n1 -c5 --gpus-per-node=2",
                "b2 -w q1 -n1 -c3", "b3 -w u1,a3 -N2 -n2 -c3", "b4 -w q1 -n2 -c8", "b5 -w q1 -n1 -c3",
                "b6 -w h3 -n1 -c6", "b7 -w u2 -n1 -c6 --gpus-per-node=2", "b8 -w h1 -n1 -c1 --gpus-per-node=1",
                "b9 -w u1 -n1 -c6 --gpus-per-node=2");
        Suggestion s = place(state, "-w q1,f2,h3 -N3 --gpus=6", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, String> got = new TreeMap<>();
        for (HostAllocation a : ((Suggestion.Placed) s).placement().hosts()) {
            got.put(a.host(), a.cpus().toList() + " gpus " + a.gpus());
        }
        assertThat(String.join(", ", got.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()))
                .isEqualTo(expected);
    }
}
