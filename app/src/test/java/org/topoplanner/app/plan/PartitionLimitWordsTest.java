package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.resources.ShippedData;

/**
 * A job a partition's limits hold is worded with the partition's name and its limits as slurm.conf writes them,
 * beside what the job asks, not as the policy's "past its partition's PartitionNodeLimit test (job_limits_check)".
 */
class PartitionLimitWordsTest {
    private static final Cluster CLUSTER = withPartitions(ShippedData.exampleCluster());

    private static Cluster withPartitions(Cluster c) {
        Map<String, String> keys = new LinkedHashMap<>(c.slurm().keys());
        keys.put("PartitionName.DEFAULT", "MaxTime=8:00:00");
        keys.put("PartitionName.gpu", "Nodes=ALL Default=YES State=UP");
        keys.put("PartitionName.debug", "Nodes=" + String.join(",", c.hostNames().subList(0, 4))
                + " MaxNodes=2 MaxTime=30 State=UP");
        keys.put("PartitionName.old", "Nodes=" + c.hostNames().get(0) + " State=DOWN");
        return new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(),
                new SlurmSettings(c.slurm().nodeLines(), c.slurm().gres(), keys), c.kubernetes(), c.nvlink());
    }

    private static String reason(PendingReason r, String sbatch) throws Exception {
        JobRequest request = SbatchOptions.parseLine(sbatch, "big");
        return SuggestionSentence.reason(new Suggestion.Pending(r, "big is past its partition's " + r.slurmName()
                + " test (job_limits_check)"), CLUSTER, request);
    }

    @Test
    void overMaxNodesNamesThePartitionItsNodesAndItsLimitAsWritten() throws Exception {
        assertThat(reason(PendingReason.PARTITION_NODE_LIMIT, "-p debug -N 5 --gpus-per-node=8"))
                .isEqualTo("pending (PartitionNodeLimit): big asks for 5 nodes (-N 5); partition debug: 4 nodes,"
                        + " MaxNodes=2");
    }

    @Test
    void overMaxTimeNamesTheDefaultPartitionAndTheTimeItInheritsFromDefault() throws Exception {
        assertThat(reason(PendingReason.PARTITION_TIME_LIMIT, "-N 1 -t 9:00:00"))
                .isEqualTo("pending (PartitionTimeLimit): big asks for --time=9:00:00; partition gpu: MaxTime=8:00:00");
        assertThat(reason(PendingReason.PARTITION_TIME_LIMIT, "-p debug -N 1 -t 45"))
                .isEqualTo("pending (PartitionTimeLimit): big asks for --time=45; partition debug: MaxTime=30");
    }

    @Test
    void aDownPartitionSaysItsState() throws Exception {
        assertThat(reason(PendingReason.PARTITION_DOWN, "-p old -N 1"))
                .isEqualTo("pending (PartitionDown): big cannot start there; partition old: State=DOWN");
    }

    @Test
    void otherReasonsAndUnknownPartitionsKeepThePolicysSentence() throws Exception {
        assertThat(reason(PendingReason.PARTITION_CONFIG, "-p debug -N 5"))
                .isEqualTo("pending (PartitionConfig): big is past its partition's PartitionConfig test (job_limits_check)");
        assertThat(reason(PendingReason.PARTITION_NODE_LIMIT, "-p nosuch -N 5")).contains("job_limits_check");
        assertThat(SuggestionSentence.reason(new Suggestion.Pending(PendingReason.RESOURCES, "busy"), CLUSTER,
                SbatchOptions.parseLine("-N 1", "x"))).isEqualTo("pending (Resources): busy");
    }

    @Test
    void theLimitsAJobIsHeldAgainstAreItsPartitionsOrTheDefaultsAsWritten() throws Exception {
        assertThat(PartitionLimitWords.limitsFor(CLUSTER, SbatchOptions.parseLine("-p debug -N 1 -t 20", "j")))
                .contains("runs in partition debug: 4 nodes, MaxNodes=2, MaxTime=30, State=UP");
        assertThat(PartitionLimitWords.limitsFor(CLUSTER, SbatchOptions.parseLine("-N 1", "j")))
                .contains("runs in partition gpu: 32 nodes, MaxTime=8:00:00, State=UP");
        assertThat(PartitionLimitWords.limitsFor(CLUSTER, SbatchOptions.parseLine("-p nosuch -N 1", "j"))).isEmpty();
        assertThat(PartitionLimitWords.limitsFor(ShippedData.exampleCluster(), SbatchOptions.parseLine("-N 1", "j")))
                .isEmpty();
    }
}
