package org.topoplanner.allocator.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One suggestion of one policy for one job on the busy 16,384-host 3-level fat tree (one Slurm base block of 1,024
 * hosts per pod, 60 % of the hosts busy whole), three ways: {@link #suggest} on an unchanged state (a drag over the
 * plan: per-state answers are cached on the state), {@link #suggestAfterChange} on a new state object with the same
 * jobs and {@link #suggestAfterJobMoved} after a one-CPU job started or ended on one idle host, where every per-state
 * answer is made again (the first suggestion after a change, issue 15). The state, the request, the chosen policy and
 * the mover live here; a subclass only says which jobs, policies and releases it measures ({@link SuggestBenchmark},
 * {@link SuggestTaskDealBenchmark}), so that both measure the same three things the same way. JMH generates each
 * subclass's benchmarks under the subclass's name.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public abstract class AbstractSuggestBenchmark {
    /**
     * The cluster: {@code plain} (no partition lines) or {@code partitions} (the same tree and state with
     * {@link BenchClusters#withPartitions}'s five lines; the jobs without {@code -p} then run in its default partition
     * {@code batch}, of three quarters of the hosts), so that a regression in the partition path shows.
     */
    @Param({"plain", "partitions"})
    public String cluster;

    private ClusterState state;
    private JobRequest request;
    private PlacementPolicy chosen;
    /** A one-CPU job on one idle host, which {@link #suggestAfterJobMoved} starts and ends in turn. */
    private Placement mover;
    private ClusterState moving;

    private static ClusterState shared;
    private static ClusterState sharedWithPartitions;

    /** The job measured, from the subclass's parameters. */
    protected abstract JobRequest measuredJob();

    /**
     * The policy measured, from the subclass's parameters; it may ask the policies once on {@code state} and throw
     * unless they answer {@code request} as the benchmark means them to (so the per-cluster tables are built here,
     * once per cluster as in the product, and a wrong answer stops the run instead of timing it).
     */
    protected abstract PlacementPolicy measuredPolicy(ClusterState state, JobRequest request);

    @Setup
    public void setUp() {
        state = busy(cluster);
        request = measuredJob();
        chosen = measuredPolicy(state, request);
        mover = idleHostMover(state);
        moving = state;
    }

    /**
     * The benchmark state, one per JVM: without forking ({@code -f 0}) every trial then reuses one cluster
     * and its index, as the window does, instead of spending seconds per trial rebuilding them.
     */
    static synchronized ClusterState busyTree() {
        if (shared == null) {
            Cluster c = BenchClusters.withBlocks(BenchClusters.ft3x16384(), 1024);
            shared = BenchClusters.occupied(c, 0.6, 1);
        }
        return shared;
    }

    /** {@link #busyTree} with {@link BenchClusters#withPartitions}'s partition lines: the same hosts busy. */
    static synchronized ClusterState busyTreeWithPartitions() {
        if (sharedWithPartitions == null) {
            ClusterState plain = busyTree();
            Cluster c = BenchClusters.withPartitions(plain.cluster());
            ClusterState s = ClusterState.empty(c);
            for (var e : plain.running().entrySet()) {
                s = s.with(e.getValue(), ClusterState.Hold.WHOLE_NODES);
            }
            sharedWithPartitions = s;
        }
        return sharedWithPartitions;
    }

    /** The benchmark state of {@code name}. */
    static ClusterState busy(String name) {
        return switch (name) {
            case "plain" -> busyTree();
            case "partitions" -> busyTreeWithPartitions();
            default -> throw new IllegalArgumentException("no benchmark cluster " + name);
        };
    }

    /** Policy {@code id} with default settings under Slurm {@code release} (as {@code --slurm-version} names it). */
    static PlacementPolicy policyUnder(PolicyId id, String release) {
        SlurmVersion v = SlurmVersion.parse(release)
                .orElseThrow(() -> new IllegalArgumentException("no Slurm release " + release));
        return PolicyCatalog.create(new PolicyChoice(id, PolicyOptions.DEFAULT.withSlurmVersion(v)));
    }

    /** A one-CPU job on the first idle host of {@code state}, for a benchmark to start and end in turn. */
    static Placement idleHostMover(ClusterState state) {
        ClusterIndex index = ClusterIndex.of(state.cluster());
        int h = 0;
        while (!state.usage().idle(h)) {
            h++;
        }
        return new Placement("mover", List.of(HostAllocation.of(index.host(h), List.of(), CpuSet.of(0))));
    }

    /** A new state object with the same jobs, as after a job came and went: per-state tables are rebuilt. */
    private ClusterState changed() {
        return state.with(new Placement("tick", List.of())).without("tick");
    }

    /** The policy's suggestion on an unchanged state (a drag over the plan). */
    @Benchmark
    public Suggestion suggest() {
        return chosen.suggest(state, request);
    }

    /** The same right after a change of state. */
    @Benchmark
    public Suggestion suggestAfterChange() {
        return chosen.suggest(changed(), request);
    }

    /**
     * The same right after a job started or ended on one host (in turn): what a what-if or a drag after an edit
     * asks, where the per-state tables are updated for that host and every per-state answer is asked again.
     */
    @Benchmark
    public Suggestion suggestAfterJobMoved() {
        moving = moving.running().containsKey("mover") ? moving.without("mover") : moving.with(mover);
        return chosen.suggest(moving, request);
    }
}
