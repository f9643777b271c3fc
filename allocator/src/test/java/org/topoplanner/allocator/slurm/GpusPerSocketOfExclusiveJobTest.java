package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * An {@code --exclusive} job with {@code --gpus-per-socket} takes whole nodes, but only those the GRES socket test
 * passes: {@code _can_job_run_on_node} (cons_tres {@code job_test.c}, 22.05, 24.11, 26.05) builds the socket list for
 * a whole-node job too and fails a node short of sockets holding the per-socket count; the node's every core and GPU
 * are then the job's ({@code _cpus_to_use}, {@code gres_ctld_job_select_whole_node}). Own probe c20e1 (22.05.8,
 * 24.11.5, 26.05.5): e2 ({@code -w b1}, one GPU a socket, {@code --gpus-per-socket=2}) refused at submission, e3
 * ({@code -N3}) on a1, a2 and c1 whole with b1 left out (22.05.8, 24.11.5), e4 ({@code --sockets-per-node=2}) on b1, not c1 whose GPUs
 * sit on one socket.
 */
class GpusPerSocketOfExclusiveJobTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("c20e1"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "e"));
    }

    @Test
    void aNodeWithoutASocketOfTheCountIsNeverUsable() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(suggest("-w b1 -N1 --sockets-per-node=1 --gpus-per-socket=2 --exclusive", v)).as("%s", v)
                    .isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void theNodesThatPassAreTakenWhole() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            Suggestion s = suggest("-N3 --sockets-per-node=1 --gpus-per-socket=2 --exclusive", v);
            assertThat(s).as("%s", v).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
                List<HostAllocation> hosts = p.placement().hosts();
                assertThat(hosts.stream().map(HostAllocation::host).sorted().toList()).as("%s", v)
                        .containsExactly("a1", "a2", "c1");
                for (HostAllocation h : hosts) {
                    assertThat(h.cpus().size()).as("%s %s", v, h.host()).isEqualTo(16);
                    assertThat(h.gpus()).as("%s %s", v, h.host())
                            .hasSize(h.host().equals("c1") ? 2 : 4);
                }
            });
        }
    }

    /**
     * 26.05's {@code _set_sock_bits} picks the per-socket count on every socket the whole node's cores use, and c1's
     * socket 1 has no GPU (a socket without GPUs keeps counting): short, {@code ESLURM_INVALID_GRES}, so e3 waits
     * with {@code Resources} on the idle cluster (own probe c20e1, 26.05.5; 24.11.5 only logs the shortfall).
     */
    @Test
    void release2605FailsTheShortSocketOfAWholeNode() throws Exception {
        assertThat(suggest("-N3 --sockets-per-node=1 --gpus-per-socket=2 --exclusive", SlurmVersion.V26_05))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(org.topoplanner.allocator.PendingReason.RESOURCES));
        // a1 and a2 hold two GPUs on each socket: no shortfall
        assertThat(suggest("-N2 --sockets-per-node=1 --gpus-per-socket=2 --exclusive", SlurmVersion.V26_05))
                .isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void socketsPerNodeCountsTheSocketsHoldingGpus() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = suggest("-x a1,a2 -N1 --sockets-per-node=2 --gpus-per-socket=1 --exclusive", v);
            assertThat(s).as("%s", v).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hosts().get(0).host()).isEqualTo("b1"));
        }
    }
}
