package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;

/**
 * 26.05 {@code _allocate_sc} ({@code cons_tres/job_test.c}) "Step 2": a node with fewer sockets holding a free core
 * than {@code min_sockets} ({@code --sockets-per-node}) gets {@code num_tasks = 0}, {@code _can_job_run_on_node}
 * drops it, and {@code _select_nodes} returns {@code SLURM_ERROR} for fewer nodes than {@code min_nodes} before the
 * topology plugin: {@code Resources}, not {@code Insufficient_resources_in_topology_unit}. Own case featfz12 f58 under
 * 26.05.5 ({@code -p fat,all -N2 --sockets-per-node=2 --gpus-per-socket=1 -n2}): b1's socket 0 is full (f49), so only
 * b3 is left of the two nodes the job needs.
 */
class UsableNodesSocketsPerNodeTest {

    /** Two nodes of 8 free CPUs, 2 GPUs offered; node 0 has a free core on {@code sockets0} sockets, node 1 on two. */
    private static NodeChooser.Demand twoNodes(int sockets0) {
        return FixedDemand.withPerSocketOffers(FixedDemand.of(new int[] {8, 8}, new int[] {2, 2}),
                new PerSocketGres.Offer(2, 8, sockets0), new PerSocketGres.Offer(2, 8, 2));
    }

    @Test
    void aNodeWithOneSocketFreeIsNotUsableForTwoSocketsPerNode() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(
                "-p all -N2 --sockets-per-node=2 --gpus-per-socket=1 -n2", "u"));
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(1))).isFalse();
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(2))).isTrue();
    }
}
