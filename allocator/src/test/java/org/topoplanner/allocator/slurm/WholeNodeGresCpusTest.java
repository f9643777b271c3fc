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
 * An {@code --exclusive} job's node gives it every GPU, so {@code --cpus-per-gpu} must hold for all of them
 * ({@code gres_select_filter_remove_unusable}: {@code min_gres} is {@code total_cnt} for {@code whole_node}, capped
 * by {@code cpu_cnt / cpus_per_gres}; 22.05, 24.11, 26.05). Lead case blockfz47 k10 ({@code -N3 --gpus-per-node=4
 * --segment=3 --exclusive --cpus-per-gpu=6}): b4's g1 and g2 (8 GPUs, 32 CPUs) are out, m7 and m8 (4 GPUs, 48 CPUs)
 * are not, so no base block holds three usable nodes.
 */
class WholeNodeGresCpusTest {

    @Test
    void anEightGpuNodeOfThirtyTwoCpusIsOutAtSixCpusPerGpu() throws Exception {
        ClusterState featfz9 = ClusterState.empty(OracleCase.cluster("featfz9"));
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            // a1: 32 cores, 8 GPUs: 8 x 6 = 48 CPUs it has not
            assertThat(policy.suggest(featfz9, SbatchOptions.parseLine(
                    "-p all -w a1 -N1 --gpus-per-node=4 --cpus-per-gpu=6 --exclusive", "x1")))
                    .as("%s", v).isInstanceOf(Suggestion.Impossible.class);
            // 8 x 4 = 32: the node fits whole
            assertThat(policy.suggest(featfz9, SbatchOptions.parseLine(
                    "-p all -w a1 -N1 --gpus-per-node=4 --cpus-per-gpu=4 --exclusive", "x2")))
                    .as("%s", v).isInstanceOf(Suggestion.Placed.class);
            // without --exclusive only the 4 GPUs asked for count: 24 CPUs
            assertThat(policy.suggest(featfz9, SbatchOptions.parseLine(
                    "-p all -w a1 -N1 --gpus-per-node=4 --cpus-per-gpu=6", "x3")))
                    .as("%s", v).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void blockfz47K10FindsNoBaseBlockOfThreeUsableNodes() throws Exception {
        ClusterState idle = ClusterState.empty(OracleCase.cluster("blockfz47"));
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            SlurmBlockPolicy policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            // b4 is u4, m7, g1, m8, g2: the m nodes alone are usable, and only two of them
            assertThat(policy.suggest(idle, SbatchOptions.parseLine(
                    "-w g1 -N1 --gpus-per-node=4 --exclusive --cpus-per-gpu=6", "k10a")))
                    .as("%s", v).isInstanceOf(Suggestion.Impossible.class);
            assertThat(policy.suggest(idle, SbatchOptions.parseLine(
                    "-w m7 -N1 --gpus-per-node=4 --exclusive --cpus-per-gpu=6", "k10b")))
                    .as("%s", v).isInstanceOf(Suggestion.Placed.class);
        }
    }

    /**
     * The nodes left out are out of the plugin's node map ({@code _can_job_run_on_node} drops them before
     * {@code eval_nodes_block}), so 26.05 finds no block ({@code ESLURM_TOPO_NO_FIT}) rather than a block short of
     * usable nodes ({@code ESLURM_TOPO_INSUFFICIENT_RESOURCES}): blockfz47 k10 under 26.05.5, with u4 busy. Here
     * m9, m10 and m11 are free too, one in each of b6, b7, b8, so the cluster has the three usable nodes the
     * plugin is called for.
     */
    @Test
    void release2605FindsNoBlockWithTheWholeNodesOutOfTheMap() throws Exception {
        ClusterState idle = ClusterState.empty(OracleCase.cluster("blockfz47"));
        SlurmBlockPolicy policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        ClusterState busy = idle;
        for (String h : new String[] {"u1", "u2", "m1", "m2", "m3", "m4", "m5", "m6", "u3", "u4", "u5", "g3", "u6",
                "u7", "g4", "u8", "u9", "u10", "u11", "g5"}) {
            busy = busy.with(((Suggestion.Placed) policy.suggest(busy,
                    SbatchOptions.parseLine("-w " + h + " -N1 --exclusive", "x" + h))).placement());
        }
        assertThat(policy.suggest(busy, SbatchOptions.parseLine(
                "-N3 --gpus-per-node=4 --segment=3 --exclusive --cpus-per-gpu=6", "k10")))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(org.topoplanner.allocator.PendingReason.TOPO_NO_FIT));
    }
}
