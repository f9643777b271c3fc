package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block}'s {@code block_cpus} (24.11.5 and 26.05.5, {@code topology/block/eval_nodes_block.c}): a block
 * is passed over when the job's {@code min_cpus} exceed the sum of {@code avail_res_array[j]->avail_cpus} over its
 * mapped nodes. For a job with GRES that is {@code _allocate_sc}'s {@code cpu_count}, every free CPU: its cut to
 * {@code cpus_per_task} multiples runs only {@code if (!job_ptr->gres_list_req)}, and with {@code CR_Core} no memory
 * step rounds it afterwards. So a block of two nodes with 5 free CPUs each holds 10 CPUs for {@code -n3 -c3} (9), is
 * chosen, and fails inside (one 3-CPU task a node): 26.05 reports {@code Insufficient_resources_in_topology_unit}. With
 * whole tasks (3 + 3) every block was passed over ({@code No_suitable_topology_unit_found}). Read in the source, no
 * stored line exercises it. Cluster: own case blockfz19 (s nodes of 8 CPUs and 2 GPUs in base blocks of two,
 * {@code BlockSizes=2,4,8}); m1, the one other GPU node with a partner s node, is full, and every s node has 3 CPUs busy.
 */
class BlockCpusCountEveryFreeCpuTest {
    private static final Cluster BLOCKFZ19 = OracleCase.cluster("blockfz19");

    private static ClusterState fiveFreeCpusOnEverySNode() {
        ClusterState s = ClusterState.empty(BLOCKFZ19)
                .with(new Placement("m", List.of(HostAllocation.of("m1", List.of(), CpuSet.range(0, 47)))));
        for (int i = 1; i <= 9; i++) {
            s = s.with(new Placement("s" + i, List.of(HostAllocation.of("s" + i, List.of(), CpuSet.range(0, 2)))));
        }
        return s;
    }

    private static Suggestion suggest(SlurmVersion v, String args) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(fiveFreeCpusOnEverySNode(), SbatchOptions.parseLine(args, "k"));
    }

    @Test
    void aGpuJobsBlockHoldsEveryFreeCpuSoTheBlockIsChosenAndFailsInside() throws Exception {
        Suggestion s = suggest(SlurmVersion.V26_05, "-N2 -n3 -c3 --gpus-per-node=1");
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.TOPO_INSUFFICIENT);
    }

    @Test
    void aBlockShortOfTheCpusEvenUnroundedIsStillPassedOver() throws Exception {
        // -n4 -c3: 12 CPUs, more than the 10 free in any block of two s nodes
        Suggestion s = suggest(SlurmVersion.V26_05, "-N2 -n4 -c3 --gpus-per-node=1");
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.TOPO_NO_FIT);
    }

    @Test
    void tasksThatFitRunOnTheLightestBlock() throws Exception {
        // -n2 -c3: one task a node; b2 (s3 of weight 1) is lighter than b1 (weight 20)
        Suggestion s = suggest(SlurmVersion.V24_11, "-N2 -n2 -c3 --gpus-per-node=1");
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts()).extracting(HostAllocation::host)
                .containsExactlyInAnyOrder("s3", "s4");
    }
}
