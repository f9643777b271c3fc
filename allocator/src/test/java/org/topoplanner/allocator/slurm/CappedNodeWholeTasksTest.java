package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11 and 26.05's {@code _allocate_sc} ({@code select/cons_tres/job_test.c}) counts a node's whole tasks of a job
 * without GRES on every free CPU (Step 3, {@code avail_cpus = num_tasks * cpus_per_task}) and applies the partition's
 * {@code MaxCPUsPerNode} only at the end ({@code avail_res->avail_cpus = MIN(cpu_count, part_cpu_limit)}), so a node of
 * a capped partition offers the cap, not the whole tasks under it. Own case featfz11 f27 ({@code -w b4 -p mix -N2 -n7
 * -c4}, mix {@code MaxCPUsPerNode=6} on b[1-4], c[1-2]): every node offers 6, five hold 28, so sbatch's test-only pick
 * succeeds with more nodes than {@code max_nodes} ({@code _pick_best_nodes}: {@code runable_ever} without
 * {@code runable_avail}, {@code ESLURM_NODE_NOT_AVAIL}) and 24.11.5 keeps the job {@code ReqNodeNotAvail}; counted 4 a
 * node (one whole task under the cap) the six nodes hold 24 and the job was refused. 26.05.5 refuses it: its tree stops
 * at {@code max_nodes} ({@code ESLURM_TOPO_MAX_NODE_LIMIT}, {@code eval_nodes_tree.c}).
 */
class CappedNodeWholeTasksTest {
    private static Suggestion onIdle(SlurmVersion version, String... args) throws Exception {
        var cluster = OracleCase.cluster("featfz11");
        var spec = SbatchOptions.parse(List.of(args), "f27").withName("f27");
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))
                .suggest(ClusterState.empty(cluster), spec);
    }

    @Test
    void aCappedNodeOffersTheCapSoTheTestPickPassesPastMaxNodes() throws Exception {
        Suggestion s = onIdle(SlurmVersion.V24_11, "-w", "b4", "-p", "mix", "-N2", "-n7", "-c4");
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL));
    }

    @Test
    void twentySixStopsAtMaxNodesAndRefuses() throws Exception {
        assertThat(onIdle(SlurmVersion.V26_05, "-w", "b4", "-p", "mix", "-N2", "-n7", "-c4"))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void moreTasksThanTheCappedNodesHoldIsStillRefused() throws Exception {
        // 6 x 6 = 36 CPUs pass job_limits_check; 40 do not fit six nodes of 6 even counted the cap
        assertThat(onIdle(SlurmVersion.V24_11, "-p", "mix", "-N2", "-n10", "-c4"))
                .isInstanceOf(Suggestion.Impossible.class);
    }
}
