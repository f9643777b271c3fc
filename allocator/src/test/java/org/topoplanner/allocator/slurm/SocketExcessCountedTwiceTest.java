package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's {@code _build_tasks_per_node_sock} ({@code cons_tres/gres_select_filter.c}) counts a socket's excess over
 * {@code --ntasks-per-socket} twice: once when the socket is capped ({@code rem_tasks += excess_tasks}), and again in
 * the node's excess, because {@code tasks_per_node} keeps the socket's uncapped count ({@code tasks_per_node >
 * task_per_node_limit}: {@code rem_tasks += tasks_per_node - task_per_node_limit}). So a node whose capped sockets
 * hold all its tasks is still short by the socket excess ({@code ESLURM_INVALID_GRES}). 24.11.5 stops at the node's
 * limit first ({@code s = sock_cnt; break}) and 22.05.8 only logs. Own probe c22s1 d1 ({@code -w t1 -N1 -n3
 * --ntasks-per-socket=3 -c1 --gpus-per-task=1}, t1's socket 0 held by b1): cores 4 and 5 of socket 1, 4 CPUs for
 * 3 tasks, two tasks a core: socket 1 counts 4, capped at 3, node 4 > 3. Real: 22.05.8 and 24.11.5 RUNNING t1 CPUs
 * 8-11 GPUs 0, 2, 3; 26.05.5 PENDING (Resources); the same for e1, e3 and e4 (q1's socket 3, two cores, three tasks).
 */
class SocketExcessCountedTwiceTest {
    private static final String JOB = "-w t1 -N1 -n3 --ntasks-per-socket=3 -c1 --gpus-per-task=1";

    private static SlurmNode t1() {
        return SlurmNode.of(OracleCase.cluster("c22s1")).stream().filter(n -> n.name().equals("t1")).findFirst()
                .orElseThrow();
    }

    private static BitSet cores4And5() {
        BitSet cores = new BitSet();
        cores.set(4);
        cores.set(5);
        return cores;
    }

    @Test
    void theCappedSocketHoldsEveryTaskInEveryRelease() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(JOB, "d1"));
        assertThat(SocketTasks.tasksPerSocket(t1(), cores4And5(), 3, job, SlurmVersion.V24_11)).containsExactly(0, 3);
        assertThat(SocketTasks.tasksPerSocket(t1(), cores4And5(), 3, job, SlurmVersion.V26_05)).containsExactly(0, 3);
    }

    @Test
    void only2605CountsTheSocketExcessAgainInTheNodes() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(JOB, "d1"));
        assertThat(SocketTasks.countsShort(t1(), cores4And5(), 3, job, SlurmVersion.V22_05)).isFalse();
        assertThat(SocketTasks.countsShort(t1(), cores4And5(), 3, job, SlurmVersion.V24_11)).isFalse();
        assertThat(SocketTasks.countsShort(t1(), cores4And5(), 3, job, SlurmVersion.V26_05)).isTrue();
    }

    @Test
    void noSocketExcessNoDoubleCount() throws Exception {
        // one core a socket (c22s1 a1 on idle t1): 2 + 2 counted for 3 tasks, a node excess of 1 but no socket excess
        BitSet cores = new BitSet();
        cores.set(0);
        cores.set(4);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(JOB, "a1"));
        assertThat(SocketTasks.countsShort(t1(), cores, 3, job, SlurmVersion.V26_05)).isFalse();
    }
}
