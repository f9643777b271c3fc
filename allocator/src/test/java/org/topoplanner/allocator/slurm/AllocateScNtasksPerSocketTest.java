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
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code _allocate_sc} (step 4, {@code _check_ntasks_per_sock}) lets a socket offer a
 * {@code --ntasks-per-socket} job no more than that many tasks' CPUs in whole cores, and {@code choose_nodes}' retry
 * drops nodes by that count ({@code avail_res_cnt}). Own case fuzz50 p29 ({@code -N1 -n3 --ntasks-per-socket=2 -c3
 * --gpus-per-task=1}; background b0-b9 as real 22.05.8 placed them, b4 cancelled): the first evaluation takes l1,
 * which cannot run it; l1 and m3 both count 12 CPUs and 3 GPUs and leave in one round, so leaf2 holds m2 alone and
 * fits tighter than leaf1 (g1, g2). 22.05.8 runs the job on m2; counting every free CPU kept m3 (36) and the tie
 * went to leaf1's g1.
 */
class AllocateScNtasksPerSocketTest {
    private static final String JOB = "-N1 -n3 --ntasks-per-socket=2 -c3 --gpus-per-task=1";

    @Test
    void slurm2205CountsTheSocketCappedCpusInTheRetry() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(background(), SbatchOptions.parseLine(JOB, "p29"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p ->
                assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("m2"));
    }

    @Test
    void socketsGiveWholeCoresUpToTheirTasksCpus() {
        SlurmNode m3 = SlurmNode.of(OracleCase.cluster("fuzz50")).stream().filter(n -> n.name().equals("m3"))
                .findFirst().orElseThrow();
        SlurmJobSpec job = SlurmJobSpec.of(JobRequest.builder().name("p29").ntasks(3).ntasksPerSocket(2)
                .cpusPerTask(3).build());
        java.util.BitSet free = new java.util.BitSet();
        free.set(4, 12);
        free.set(14, 24);
        // two tasks of 3 CPUs per socket: 2 cores of 2 threads hold 4, so 3 cores (6 CPUs) on each socket
        assertThat(NtasksPerSocketCpus.of(m3, free, job, 36)).isEqualTo(12);
    }

    /** fuzz50's jobs still running at p29, where 22.05.8 put them ({@code results/fuzz50.jsonl}). */
    private static ClusterState background() {
        ClusterState state = ClusterState.empty(OracleCase.cluster("fuzz50"));
        state = state.with(job("b0", "m1", range(0, 3), List.of(0)));
        state = state.with(job("b1", "u1", range(0, 9), List.of()));
        state = state.with(job("b2", "m3", range(0, 7), List.of()));
        state = state.with(job("b3", "l1", range(0, 9), List.of()));
        state = state.with(job("b5", "m1", range(24, 29), List.of(2)));
        state = state.with(job("b6", "g1", range(0, 4), List.of(0, 1, 2, 3)));
        state = state.with(job("b7", "m3", range(24, 27), List.of(2)));
        state = state.with(job("b8", "l1", range(16, 21), List.of(2)));
        return state.with(job("b9", "u2", range(0, 31), List.of(0, 1, 2, 3)), ClusterState.Hold.WHOLE_NODES);
    }

    private static Placement job(String name, String host, CpuSet cpus, List<Integer> gpus) {
        return new Placement(name, List.of(new HostAllocation(host, gpus, cpus, Map.of())));
    }

    private static CpuSet range(int from, int to) {
        return CpuSet.of(IntStream.rangeClosed(from, to).boxed().toList());
    }
}
