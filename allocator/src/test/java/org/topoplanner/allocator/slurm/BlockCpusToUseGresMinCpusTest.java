package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block} adds a node through {@code eval_nodes_cpus_to_use} ({@code topology/common/eval_nodes.c},
 * 24.11.5 and 26.05.5 alike), which never lowers the node below its {@code gres_min_cpus}: the cores
 * {@code gres_filter_sock_core} found its GPUs need ({@code min_cores_this_node}, with enforce-binding every core of
 * the GPU sockets the node's task count fills). The lowered count is written into {@code avail_res->avail_cpus}
 * and {@code avail_res_cnt}, which 24.11's retry ({@code common_topo_choose_nodes}) drops nodes by. The block
 * selector lowered a node to one CPU (the tree selector already kept the floor), so the nodes of every failed
 * evaluation became the weakest, left first, and a retry found a fit 24.11.5 never reaches.
 *
 * <p>Cluster: own probe blockfz20p (blockfz20's 24 nodes, base blocks of 2-4, {@code BlockSizes=2,4,16}; q nodes
 * have their four GPUs on socket 0, l nodes two per socket). Real 24.11.5 ({@code results/new/blockfz20p.jsonl},
 * idle cluster): {@code -N8 --gpus-per-node=2 --gres-flags=enforce-binding} refused at submit (its slurmctld log,
 * a rerun kept out of the project: 33 evaluations, {@code cpu_cnt} 12 per q node and 16 per l node in every one,
 * the lowered q nodes dropped before the lowered l nodes), the same job without enforce-binding run on l5-l9, q9,
 * q12, q13.
 */
class BlockCpusToUseGresMinCpusTest {
    private static final Cluster BLOCKFZ20P = OracleCase.cluster("blockfz20p");

    private static Suggestion suggest(String args) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                .suggest(ClusterState.empty(BLOCKFZ20P), SbatchOptions.parseLine(args, "k6"));
    }

    @Test
    void aNodeGivesAtLeastTheCoresItsGpusNeedSoTheRetryNeverFitsTheEnforceBindingJob() throws Exception {
        assertThat(suggest("-N8 --gpus-per-node=2 --gres-flags=enforce-binding"))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void withoutEnforceBindingTheJobStillRunsWhere24_11RanIt() throws Exception {
        assertThat(suggest("-N8 --gpus-per-node=2"))
                .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hostNames())
                        .containsExactlyInAnyOrder("l5", "l6", "l7", "l8", "l9", "q9", "q12", "q13"));
    }
}
