package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SlurmBinding#refused}'s submit test for a GPU job follows the release's selection caps as
 * {@code slurm-tree}'s own submit test does: 22.05's (and 26.05's) {@code choose_nodes} bound the nodes by the
 * tasks ({@code max_nodes = MAX(num_tasks, min_nodes)}), 24.11's test does not. Own case swless2 p38 ({@code -x h2
 * -n1 -c3 --gpus=10}, no node holds more than 8 GPUs, {@code topology/none}): real 22.05.8 rejects it at submit
 * ("Requested node configuration is not available"), 24.11.5 and 26.05.5 keep it waiting with {@code Resources}
 * (26.05 adds the GPUs of the nodes its one-node test walks, {@code acceptedWithoutGpuTotal}). The uncapped flat
 * selection took two nodes, so the binding verdicts let every node take the job under 22.05.
 */
class SlurmBindingSubmitTestCapsTest {
    @Test
    void aOneTaskJobBeyondOneNodesGpusIsRefusedEverywhereUnder2205Only() throws Exception {
        Cluster cluster = OracleCase.cluster("swless2");
        JobRequest job = SbatchOptions.parse(List.of("-x", "h2", "-n1", "-c3", "--gpus=10"), "p38");
        ClusterState idle = ClusterState.empty(cluster);
        int usable = cluster.hostNames().size() - 1;
        BitSet v22 = SlurmBinding.refused(idle, job, SlurmVersion.V22_05);
        assertThat(v22.cardinality()).as("22.05: sbatch rejects it, so no node may take it")
                .isGreaterThanOrEqualTo(usable);
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(SlurmBinding.refused(idle, job, v).cardinality()).as("%s keeps it waiting", v.label())
                    .isLessThan(usable);
        }
    }

    /**
     * fuzz21 p31 ({@code -N3 -n6 -c6 --gpus-per-node=1} enforce-binding) on fuzz21's idle tree: real 26.05.5 runs it,
     * 22.05.8 and 24.11.5 accept it (ReqNodeNotAvail at submit, the test's tree pick has more than three nodes).
     * The flat selection that stood for the tree's found no three nodes, so every node was refused in every release.
     */
    @Test
    void theTestRunsOnTheTreeWhereTheClusterHasOne() throws Exception {
        Cluster cluster = OracleCase.cluster("fuzz21");
        JobRequest job = SbatchOptions.parse(List.of("-N3", "-n6", "-c6", "--gpus-per-node=1",
                "--gres-flags=enforce-binding"), "p31");
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(SlurmBinding.refused(ClusterState.empty(cluster), job, v).cardinality()).as(v.label())
                    .isLessThan(cluster.hostNames().size() - 2);
        }
    }
}
