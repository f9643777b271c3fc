package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's {@code min_cpus} for a fixed {@code -N} without {@code -n}: one task per node times
 * {@code --sockets-per-node} ({@code _opt_verify}, {@code sbatch/opt.c}, "1 proc / min_[socket * core * thread]
 * default", the same in 22.05.8, 24.11.5 and 26.05), times {@code -c} ({@code slurm_opt_create_job_desc}), which
 * {@code job_limits_check} tests against {@code MaxCPUsPerNode} times the partition's nodes. Cluster: lead's case
 * featfz19 (short: a4, b3, b4, c2 with {@code MaxCPUsPerNode=2}; fat: a1-a4 with {@code MaxNodes=1}).
 */
class SocketsPerNodeMinCpusTest {
    private static final Cluster FEATFZ19 = OracleCase.cluster("featfz19");
    private static final String F46 = "-p fat,short -N2 --sockets-per-node=2 --gpus-per-socket=1 -c4 -m cyclic";

    private static Suggestion onIdle(String args, SlurmVersion version) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))
                .suggest(ClusterState.empty(FEATFZ19), SbatchOptions.parseLine(args, "q"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        -N2 --sockets-per-node=2 --gpus-per-socket=1 -c4 | 16
        -N1 --sockets-per-node=2 --gpus-per-socket=1     | 2
        -N2 -n2 --sockets-per-node=2 --gpus-per-socket=1 -c4 | 8
        -N1-2 --sockets-per-node=2 --gpus-per-socket=1 -c4 | 4
        """)
    void aFixedNodeCountRunsOneTaskPerSocket(String args, long cpus) throws Exception {
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine(args, "q"))).as(args).isEqualTo(cpus);
    }

    /**
     * featfz19 f46 under 26.05.5: fat fails {@code MaxNodes=1} ({@code WAIT_PART_NODE_LIMIT}), short its CPU cap (16
     * CPUs past 2 x 4, {@code WAIT_PART_CONFIG}; the run's sched log has a failed {@code job_limits_check} of both at
     * the submission); {@code _select_nodes_base} tests no node after either, so {@code _select_nodes_parts} keeps
     * its initial {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}: held {@code PartitionConfig}. Without the socket
     * factor short's limit passed (8 CPUs), its node test never fit a 4-CPU task under the cap of 2, and the job
     * was refused. 22.05.8 and 24.11.5 test the nodes after a failed limit and refuse it.
     */
    @Test
    void f46IsHeldBy2605AndRefusedByTheOthers() throws Exception {
        assertThat(onIdle(F46, SlurmVersion.V26_05)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
        assertThat(onIdle(F46, SlurmVersion.V22_05)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(onIdle(F46, SlurmVersion.V24_11)).isInstanceOf(Suggestion.Impossible.class);
    }
}
