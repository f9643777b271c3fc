package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_tasks_per_node_sock} (22.05.8 {@code cons_common/gres_select_filter.c}, 24.11.5
 * {@code cons_tres/gres_select_filter.c}) caps each socket at {@code --ntasks-per-socket}: the socket's excess
 * leaves it and the next socket's cores count the next tasks, so the {@code --gpus-per-task} pick takes GPUs on
 * both sockets. Lead batch fuzz80 p33 ({@code -N2 -n6 --ntasks-per-socket=2 -c2 --gpus-per-task=1}): a4 (2 x 32
 * two-thread cores, GPUs 0-3 on socket 0, 4-7 on socket 1) is given cores 3, 4 and 32, 33 for four tasks; 22.05.8
 * gives it GPUs 0, 1, 4, 5.
 */
class SocketTasksPerSocketLimitTest {

    @Test
    void aFullSocketPassesTheNextTasksOn() throws Exception {
        SlurmNode a4 = SlurmNode.of(OracleCase.cluster("fuzz80")).stream().filter(n -> n.name().equals("a4"))
                .findFirst().orElseThrow();
        BitSet cores = new BitSet();
        cores.set(3, 5);
        cores.set(32, 34);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(
                "-N2 -n6 --ntasks-per-socket=2 -c2 --gpus-per-task=1", "p33"));
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11)) {
            assertThat(SocketTasks.tasksPerSocket(a4, cores, 4, job, v)).as(v.label()).containsExactly(2, 2);
        }
    }
}
