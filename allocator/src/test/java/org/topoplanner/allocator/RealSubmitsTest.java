package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;

/**
 * The one reader of kept real outputs that the planner's and the {@code slurm} package's tests share
 * ({@link RealSubmits}): each submit line with the jobs running before it, as real Slurm gave them their CPUs and
 * GPUs; an {@code --exclusive} job holds its nodes whole, a cancelled job leaves, and a {@code reset} empties the
 * cluster (the slurm tests' own reader had neither the whole-node hold nor the reset).
 */
class RealSubmitsTest {
    private static final String RESULTS = """
            {"type": "job", "when": "submit", "name": "b0", "args": ["-w", "u4", "-N1", "--exclusive"], "state": "RUNNING", "alloc": [{"node": "u4", "cpus": [0], "gpus": [1]}]}
            {"type": "job", "when": "submit", "name": "b1", "args": ["-w", "f5", "-n2"], "state": "RUNNING", "alloc": [{"node": "f5", "cpus": [0, 1], "gpus": []}]}
            {"type": "job", "when": "submit", "name": "b2", "args": ["-N1"], "state": "PENDING", "alloc": []}
            {"type": "cancel", "names": ["b1"]}
            {"type": "job", "when": "submit", "name": "b3", "args": ["-N1"], "state": "PENDING", "alloc": []}
            {"type": "reset"}
            {"type": "job", "when": "submit", "name": "b4", "args": ["-N1"], "state": "PENDING", "alloc": []}
            """;

    @Test
    void eachSubmitSeesTheJobsRealSlurmRanBeforeIt() {
        Cluster cluster = OracleCase.cluster("swless1");
        List<RealSubmits.Submit> submits = RealSubmits.of(cluster, RESULTS);
        assertThat(submits).extracting(RealSubmits.Submit::name).containsExactly("b0", "b1", "b2", "b3", "b4");
        assertThat(submits.get(0).before().running()).isEmpty();

        ClusterState beforeB2 = submits.get(2).before();
        assertThat(beforeB2.running()).containsOnlyKeys("b0", "b1");
        assertThat(beforeB2.heldWhole("u4")).as("--exclusive holds the node whole").isTrue();
        assertThat(beforeB2.heldWhole("f5")).isFalse();
        assertThat(beforeB2.usedCpus("f5")).isEqualTo(CpuSet.of(List.of(0, 1)));
        assertThat(beforeB2.usedGpus("u4").get(1)).isTrue();

        assertThat(submits.get(3).before().running()).containsOnlyKeys("b0");
        assertThat(submits.get(4).before().running()).as("a reset empties the cluster").isEmpty();
    }

    @Test
    void beforeReadsAStoredCase() {
        ClusterState state = RealSubmits.before("swless1", "results/swless1.jsonl", "b1");
        assertThat(state.running()).containsOnlyKeys("b0");
        assertThat(state.heldWhole("u4")).isTrue();
    }
}
