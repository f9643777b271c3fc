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
 * 26.05's {@code _pick_best_nodes} passes the block plugin's failure on as the pending reason only for a job without
 * {@code -w}, or with {@code -w} when it shares no node and its named nodes are idle; a sharing {@code -w} job waits
 * with plain {@code Resources}. Cluster: own case blockfz19 (c1 and s5 form base block b3), state: its k29 ({@code -n2
 * -c4 --gpus-per-task=1}) on all 8 CPUs of s5; job k31 ({@code -w c1 -n3 -c8}: c1's 16 CPUs, the base block has no
 * more), which 26.05.5 keeps at {@code Resources} at submit and through two later passes (probe blockfz19p,
 * results/v26.05/blockfz19p.jsonl).
 */
class NamedNodesPendingReasonTest {
    private static final Cluster BLOCKFZ19 = OracleCase.cluster("blockfz19");
    private static final SlurmBlockPolicy V26 = new SlurmBlockPolicy(
            PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));

    private static ClusterState s5Full() {
        return ClusterState.empty(BLOCKFZ19).with(new Placement("k29", List.of(
                HostAllocation.of("s5", List.of(0, 1), CpuSet.range(0, 7)))));
    }

    private static PendingReason reason(String args) throws Exception {
        Suggestion s = V26.suggest(s5Full(), SbatchOptions.parseLine(args, "k31"));
        assertThat(s).as(args).isInstanceOf(Suggestion.Pending.class);
        return ((Suggestion.Pending) s).reason();
    }

    @Test
    void aSharingJobWithNamedNodesWaitsForResourcesNotTheTopologyReason() throws Exception {
        assertThat(reason("-w c1 -n3 -c8")).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void anExclusiveJobWhoseNamedNodesAreIdleKeepsThePluginsReason() throws Exception {
        // read from the source (the non-sharing branch passes IS_TOPO_ERROR on), not measured on a real run
        assertThat(reason("-w c1 -n3 -c8 --exclusive")).isNotEqualTo(PendingReason.RESOURCES);
    }
}
