package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05.8 and 24.11.5 {@code _socks_per_node} ({@code cons_common/job_test.c}, {@code cons_tres/job_test.c}): past
 * the one-CPU test it returns {@code ROUNDUP(num_tasks / min_nodes, ntasks_per_socket)}, and with enforce-binding a
 * job-wide GPU count ({@code -n} x {@code --gpus-per-task}) then keeps only that many of the node's GPU sockets
 * ({@code gres_sock_list_create}, "Satisfy sockets-per-node (s_p_n) limit"). Own probe c22s1 d2 ({@code -w t1 -N1 -n3
 * --ntasks-per-socket=3 -c1 --gpus-per-task=1} enforce-binding; t1 has two GPUs a socket): one socket, two GPUs for
 * three tasks, so sbatch's test refuses it in 22.05.8 and 24.11.5 ("Requested node configuration is not available");
 * 26.05.5 moved the limit ({@link CoreFilter#oneGpuSocket}) and accepts it (PENDING Resources behind b1). And e6
 * ({@code -N1 -n2 --ntasks-per-socket=2 -c1 --gpus-per-task=1} enforce-binding) takes t1's socket 1 (CPUs 8, 9,
 * GPUs 2, 3) in 22.05.8 as in 24.11.5.
 */
class NtasksPerSocketOneSocketTest {
    private static final String D2 = "-w t1 -N1 -n3 --ntasks-per-socket=3 -c1 --gpus-per-task=1"
            + " --gres-flags=enforce-binding";

    @Test
    void aNodesTasksWithinOneSocketsCapAskOneSocket() throws Exception {
        SlurmJobSpec d2 = SlurmJobSpec.of(SbatchOptions.parseLine(D2, "d2"));
        assertThat(CoreFilter.oneGpuSocket(d2, SlurmVersion.V22_05)).isTrue();
        assertThat(CoreFilter.oneGpuSocket(d2, SlurmVersion.V24_11)).isTrue();
        assertThat(CoreFilter.oneGpuSocket(d2, SlurmVersion.V26_05)).isFalse();
        // four tasks at three a socket: two sockets (GpuSocketLimitTest), and no limit without enforce-binding
        assertThat(CoreFilter.oneGpuSocket(SlurmJobSpec.of(SbatchOptions.parseLine(D2.replace("-n3", "-n4"), "x")),
                SlurmVersion.V24_11)).isFalse();
        assertThat(CoreFilter.oneGpuSocket(SlurmJobSpec.of(SbatchOptions.parseLine(
                D2.replace(" --gres-flags=enforce-binding", ""), "x")), SlurmVersion.V24_11)).isFalse();
    }

    @Test
    void sbatchRefusesD2In2205And2411Only() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                    .suggest(ClusterState.empty(OracleCase.cluster("c22s1")), SbatchOptions.parseLine(D2, "d2"));
            if (v.atLeast(SlurmVersion.V26_05)) {
                assertThat(s).as(v.label()).isNotInstanceOf(Suggestion.Impossible.class);
            } else {
                assertThat(s).as(v.label()).isInstanceOf(Suggestion.Impossible.class);
            }
        }
    }
}
