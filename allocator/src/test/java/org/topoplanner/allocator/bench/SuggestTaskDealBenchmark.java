package org.topoplanner.allocator.bench;

import org.openjdk.jmh.annotations.Param;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.job.JobRequest;

/**
 * One suggestion of a {@code -n} job under Slurm 22.05, on {@link SuggestBenchmark}'s busy 16,384-host tree
 * ({@code ft3-16384}, 60% of the hosts busy whole; {@code plain} or with {@code partitions}): the planner then deals
 * the job's tasks as 22.05's {@code dist_tasks_compute_c_b} does ({@code planner.TaskDeal2205}, d24p), which
 * {@link SuggestBenchmark} (no {@code -n} job, 26.05 by default) never measures. A class of its own, so that
 * {@link SuggestBenchmark}'s names and parameters, and the figures taken with them, stay as they were.
 * {@code slurm-tree} deals the same tasks its own way ({@code TaskDistribution.layout2205}) and is the reference;
 * {@code -p release=24.11} asks the same jobs where the planner keeps its even split, so the deal's cost shows.
 * The state and the three measures are {@link AbstractSuggestBenchmark}'s: {@link #suggest} asks on an unchanged state
 * (the planner's answer is then cached on the state), {@link #suggestAfterChange} and {@link #suggestAfterJobMoved}
 * on a new state each time, where the answer, and so the deal, is made again.
 */
public class SuggestTaskDealBenchmark extends AbstractSuggestBenchmark {
    @Param({"planner", "slurm-tree"})
    public String policy;

    @Param({"gpuTasks512", "cpuTasks100"})
    public String job;

    /** 22.05, whose task deal is measured; {@code -p release=24.11} for the same jobs without it. */
    @Param({"22.05"})
    public String release;

    /**
     * The jobs by name: {@code gpuTasks512} = {@code -N 64 -n 512 --gpus-per-task=1} (8 tasks and 8 GPUs a node, each
     * node's deal bounded by its GPU task limit) and {@code cpuTasks100} = {@code -N 16 -n 100 -c 2} (22.05 lowers the
     * first node's CPUs to what the other 15 leave and deals it 85 tasks, the others one each; the even split is 7 or
     * 6 a node).
     */
    public static JobRequest job(String name) {
        return switch (name) {
            case "gpuTasks512" -> JobRequest.builder().name("j").nodes(64, 64).ntasks(512).gpusPerTask(1).build();
            case "cpuTasks100" -> JobRequest.builder().name("j").nodes(16, 16).ntasks(100).cpusPerTask(2).build();
            default -> throw new IllegalArgumentException("no task-deal benchmark job " + name);
        };
    }

    @Override
    protected JobRequest measuredJob() {
        return job(job);
    }

    /** The one policy measured, which must place the job. */
    @Override
    protected PlacementPolicy measuredPolicy(ClusterState state, JobRequest request) {
        PolicyId id = PolicyId.parse(policy).orElseThrow(() -> new IllegalArgumentException("no policy " + policy));
        PlacementPolicy chosen = policyUnder(id, release);
        Suggestion s = chosen.suggest(state, request);
        if (!(s instanceof Suggestion.Placed)) {
            throw new IllegalStateException(policy + " must place the benchmark job " + job + " under " + release
                    + ": " + s);
        }
        return chosen;
    }
}
