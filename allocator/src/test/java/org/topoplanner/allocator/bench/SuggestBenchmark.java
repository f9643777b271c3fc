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
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One suggestion, as a drag-over event asks it, for every policy: on the 16,384-host 3-level fat tree
 * (one Slurm base block of 1,024 hosts per pod, so that {@code slurm-block} has blocks) with 60% of the hosts busy
 * whole, a 256-node x 8-GPU job, a 64-node x 8-GPU job and a 64-node CPU-only job ({@code -N 64}), and two
 * jobs that do not place (issue 15): {@code -N64 --gpus=1000} (more GPUs than 64 nodes of 8 hold: refused by
 * every policy) and {@code -N1 --gpus=16} (one node of 8 GPUs: Slurm 26.05 keeps it pending, since its one-node
 * test adds up the usable nodes' GPUs; the others refuse it).
 * Slurm 26.05 by default; {@code -p release=22.05,24.11} asks the same of the older releases (their tree retry and
 * one-node rules differ, and the planner holds its answers against {@code slurm-tree} of the release).
 * The cluster index is built in the set-up (once per cluster in the product too), and so is every
 * policy's first answer, so the per-cluster tables exist. {@link #suggestAfterChange} and
 * {@link #suggestAfterJobMoved} ask on a new state each time (no host changed, or one host's job came or went),
 * so every per-state answer is made again: the first suggestion after a change (issue 15). {@link CompareBenchmark} asks all six.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SuggestBenchmark {
    @Param({"slurm-tree", "slurm-block", "k8s-default", "kueue-tas", "volcano", "planner"})
    public String policy;

    @Param({"gpu256", "gpu64", "cpu64", "gpuTooMany", "oneNodeGpuSum"})
    public String job;

    /**
     * The cluster: {@code plain} (no partition lines) or {@code partitions} (the same tree and state with
     * {@link BenchClusters#withPartitions}'s five lines; the jobs without {@code -p} then run in its default partition
     * {@code batch}, of three quarters of the hosts), so that a regression in the partition path shows.
     */
    @Param({"plain", "partitions"})
    public String cluster;

    /** The Slurm release the policies follow ({@code -p release=22.05,24.11} for the older ones). */
    @Param({"26.05"})
    public String release;

    private ClusterState state;
    private JobRequest request;
    private PlacementPolicy chosen;
    /** A one-CPU job on one idle host, which {@link #suggestAfterJobMoved} starts and ends in turn. */
    private Placement mover;
    private ClusterState moving;

    /**
     * The jobs by name: {@code -N 256 --gpus-per-node=8}, {@code -N 64 --gpus-per-node=8}, {@code -N 64}, and
     * {@code partitionBig}: {@code -p big -N 64 --gpus-per-node=8 --time=1-12:00:00} (a partition of its own, with a
     * time limit to test against {@code MaxTime}; on the {@code plain} cluster, without partitions, {@code -p} is not
     * read and the job is {@code gpu64}).
     */
    static JobRequest job(String name) {
        return switch (name) {
            case "gpu256" -> JobRequest.nodesWithGpus("j", 256, 8);
            case "gpu64" -> JobRequest.nodesWithGpus("j", 64, 8);
            case "cpu64" -> JobRequest.builder().name("j").nodes(64).build();
            case "gpuTooMany" -> JobRequest.builder().name("j").nodes(64, 64).gpus(1000).build();
            case "oneNodeGpuSum" -> JobRequest.builder().name("j").nodes(1, 1).gpus(16).build();
            case "partitionBig" -> JobRequest.nodesWithGpus("j", 64, 8).toBuilder().partition("big")
                    .notes(List.of("--time=1-12:00:00")).build();
            default -> throw new IllegalArgumentException("no benchmark job " + name);
        };
    }

    /**
     * The answer policy {@code id} must give the job under {@code release}: a placement, except for the jobs that do
     * not place, and for {@code slurm-block} under 22.05, which has no {@code topology/block}.
     */
    static Class<? extends Suggestion> expected(String job, PolicyId id, SlurmVersion release) {
        if (id == PolicyId.SLURM_BLOCK && release == SlurmVersion.V22_05) {
            return Suggestion.Impossible.class;
        }
        return switch (job) {
            case "gpuTooMany" -> Suggestion.Impossible.class;
            // only 26.05's one-node test adds up the usable nodes' GPUs and waits; 22.05 and 24.11 refuse it
            case "oneNodeGpuSum" -> (id == PolicyId.SLURM_TREE || id == PolicyId.SLURM_BLOCK)
                    && release == SlurmVersion.V26_05 ? Suggestion.Pending.class : Suggestion.Impossible.class;
            default -> Suggestion.Placed.class;
        };
    }

    private static ClusterState shared;
    private static ClusterState sharedWithPartitions;

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

    @Setup
    public void setUp() {
        state = busy(cluster);
        request = job(job);
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        for (PolicyId id : PolicyId.values()) {
            PlacementPolicy p = PolicyCatalog.create(new PolicyChoice(id, PolicyOptions.DEFAULT.withSlurmVersion(v)));
            Suggestion s = p.suggest(state, request);
            if (!expected(job, id, v).isInstance(s)) {
                throw new IllegalStateException(id.id() + " must answer the benchmark job " + job + " under "
                        + release + " with " + expected(job, id, v).getSimpleName() + ": " + s);
            }
            if (id.id().equals(policy)) {
                chosen = p;
            }
        }
        setUpMover();
    }

    /** A new state object with the same jobs, as after a job came and went: per-state tables are rebuilt. */
    private ClusterState changed() {
        return state.with(new Placement("tick", List.of())).without("tick");
    }

    private void setUpMover() {
        mover = idleHostMover(state);
        moving = state;
    }

    /** A one-CPU job on the first idle host of {@code state}, for a benchmark to start and end in turn. */
    static Placement idleHostMover(ClusterState state) {
        var index = org.topoplanner.allocator.ClusterIndex.of(state.cluster());
        int h = 0;
        while (!state.usage().idle(h)) {
            h++;
        }
        return new Placement("mover", List.of(org.topoplanner.model.job.HostAllocation.of(index.host(h), List.of(),
                org.topoplanner.model.cpu.CpuSet.of(0))));
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
