package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.allocator.bench.SuggestTaskDealBenchmark;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SuggestTaskDealBenchmark}'s jobs go through {@link TaskDeal2205}: on a smaller tree of the same HGX H100
 * nodes (2-thread cores), 60% busy whole as the benchmark's, the planner under 22.05 holds each node's CPUs as
 * 22.05's deal gives them (as {@code slurm-tree} 22.05 does), and under 24.11 the even split; so the benchmark's
 * 22.05 figures include the deal.
 */
class TaskDealBenchmarkShapesTest {
    private static final ClusterState BUSY = BenchClusters.occupied(BenchClusters.fatTree(2, 4, 32, 2, 4), 0.6, 1);

    @Test
    void bothShapesAreDealt() {
        assertThat(TaskDeal2205.applies(SuggestTaskDealBenchmark.job("gpuTasks512"))).isTrue();
        assertThat(TaskDeal2205.applies(SuggestTaskDealBenchmark.job("cpuTasks100"))).isTrue();
    }

    /**
     * {@code -N 16 -n 100 -c 2}: 22.05's {@code _cpus_to_use} lowers the first node to 200 less a core for each of
     * the 15 to come, 170 CPUs, and the others to one core; the deal gives it 85 tasks, the others one each. The even
     * split (24.11) is 7 tasks on 4 nodes and 6 on 12: 14 and 12 CPUs.
     */
    @Test
    void cpuTasksFollow2205sDealNotTheEvenSplit() {
        JobRequest job = SuggestTaskDealBenchmark.job("cpuTasks100");
        List<Integer> dealt = cpusPerNode(PolicyId.PLANNER, SlurmVersion.V22_05, job);
        assertThat(dealt).hasSize(16).containsOnlyOnce(170).filteredOn(c -> c != 170).containsOnly(2);
        assertThat(dealt).isEqualTo(cpusPerNode(PolicyId.SLURM_TREE, SlurmVersion.V22_05, job));
        List<Integer> even = cpusPerNode(PolicyId.PLANNER, SlurmVersion.V24_11, job);
        assertThat(even).hasSize(16).containsOnly(14, 12).filteredOn(c -> c == 14).hasSize(4);
    }

    /**
     * {@code -N 64 -n 512 --gpus-per-task=1}: each node's GPU task limit (8 free GPUs) bounds its deal, so the deal
     * lands on the even 8 tasks a node, 8 GPUs and 8 CPUs (four 2-thread cores), as {@code slurm-tree} 22.05 holds.
     */
    @Test
    void gpuTasksAreDealtEightANode() {
        JobRequest job = SuggestTaskDealBenchmark.job("gpuTasks512");
        assertThat(cpusPerNode(PolicyId.PLANNER, SlurmVersion.V22_05, job)).hasSize(64).containsOnly(8)
                .isEqualTo(cpusPerNode(PolicyId.SLURM_TREE, SlurmVersion.V22_05, job));
    }

    /** The policy's CPUs per node for {@code job}, largest first. */
    private static List<Integer> cpusPerNode(PolicyId id, SlurmVersion release, JobRequest job) {
        Suggestion s = PolicyCatalog.create(new PolicyChoice(id, PolicyOptions.DEFAULT.withSlurmVersion(release)))
                .suggest(BUSY, job);
        assertThat(s).as(id + " " + release).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().stream().map(a -> a.cpus().size())
                .sorted(java.util.Comparator.reverseOrder()).toList();
    }
}
