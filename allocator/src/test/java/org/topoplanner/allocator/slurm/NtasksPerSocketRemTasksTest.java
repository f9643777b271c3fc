package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_tasks_per_node_sock}'s {@code rem_tasks} with {@code --ntasks-per-socket}, per release. Lead batch
 * fuzz107 p14 ({@code -N1 -n4 --ntasks-per-socket=1 -c1 --gpus-per-task=1}; only f1, 4 x 8 two-thread cores with
 * GPUs 0-1 on socket 0 and 2-3 on socket 2, has four sockets): the job is given cores 0 and 16, two tasks a core.
 * 22.05.8 counts 1 task on socket 0 (cap) and 2 on socket 2 (the node's limit is tested before the socket's), only
 * logs the missing task and picks the GPUs of 3 tasks: 0, 2, 3. 24.11.5 counts the same and fails the pick
 * ({@code ESLURM_INVALID_GRES}); 26.05.5 caps socket 2 too (1 + 1) and fails it. Real: 22.05.8 RUNNING f1 CPUs 0, 1,
 * 32, 33 GPUs 0, 2, 3; 24.11.5 and 26.05.5 PENDING (Resources).
 */
class NtasksPerSocketRemTasksTest {
    private static final String JOB = "-N1 -n4 --ntasks-per-socket=1 -c1 --gpus-per-task=1";

    private static SlurmNode f1() {
        return SlurmNode.of(OracleCase.cluster("fuzz107")).stream().filter(n -> n.name().equals("f1")).findFirst()
                .orElseThrow();
    }

    private static BitSet cores0And16() {
        BitSet cores = new BitSet();
        cores.set(0);
        cores.set(16);
        return cores;
    }

    @Test
    void slurm2205RunsItWithTheCountedTasksGpus() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz107")),
                SbatchOptions.parseLine(JOB, "p14"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("f1");
            assertThat(p.placement().hosts().get(0).gpus()).containsExactly(0, 2, 3);
        });
    }

    @Test
    void slurm2411And2605FailThePick() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz107")),
                    SbatchOptions.parseLine(JOB, "p14"));
            assertThat(s).as(v.label()).isNotInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void socketCountsPerRelease() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(JOB, "p14"));
        assertThat(SocketTasks.tasksPerSocket(f1(), cores0And16(), 4, job, SlurmVersion.V22_05))
                .containsExactly(1, 0, 2, 0);
        assertThat(SocketTasks.tasksPerSocket(f1(), cores0And16(), 4, job, SlurmVersion.V26_05))
                .containsExactly(1, 0, 1, 0);
        assertThat(SocketTasks.countsShort(f1(), cores0And16(), 4, job, SlurmVersion.V22_05)).isFalse();
        assertThat(SocketTasks.countsShort(f1(), cores0And16(), 4, job, SlurmVersion.V24_11)).isTrue();
        assertThat(SocketTasks.countsShort(f1(), cores0And16(), 4, job, SlurmVersion.V26_05)).isTrue();
    }

    @Test
    void oneCoreASocketHoldsOneTaskInEveryRelease() throws Exception {
        // four cores, one a socket: 8 CPUs for 4 tasks make cpus_per_task 2 (26.05: job_res->cpus / tasks; 24.11
        // the same), one task a two-thread core, so no socket exceeds the cap and nothing is short
        BitSet cores = new BitSet();
        cores.set(0);
        cores.set(8);
        cores.set(16);
        cores.set(24);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(JOB, "p14"));
        assertThat(SocketTasks.tasksPerSocket(f1(), cores, 4, job, SlurmVersion.V26_05)).containsExactly(1, 1, 1, 1);
        assertThat(SocketTasks.countsShort(f1(), cores, 4, job, SlurmVersion.V26_05)).isFalse();
        assertThat(SocketTasks.countsShort(f1(), cores, 4, job, SlurmVersion.V24_11)).isFalse();
    }

    /**
     * Own probe c20s1 s2 ({@code -N1 -n2 --ntasks-per-socket=1 -c1 --gpus-per-task=1} on idle f1): one two-thread
     * core for two tasks. 22.05.8 and 24.11.5 reach the node's limit before the socket's cap and run it (CPUs 0-1,
     * GPUs 0-1); 26.05.5 caps the socket at 1, is one task short and leaves it pending (Resources).
     */
    @Test
    void oneCoreTwoTasksWaitsIn2605Only() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("c20s1")),
                    SbatchOptions.parseLine("-N1 -n2 --ntasks-per-socket=1 -c1 --gpus-per-task=1", "s2"));
            if (v.atLeast(SlurmVersion.V26_05)) {
                assertThat(s).as(v.label()).isNotInstanceOf(Suggestion.Placed.class);
            } else {
                assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class, p ->
                        assertThat(p.placement().hosts().get(0).gpus()).containsExactly(0, 1));
            }
        }
    }
}
