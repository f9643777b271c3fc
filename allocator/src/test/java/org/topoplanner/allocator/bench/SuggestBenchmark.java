package org.topoplanner.allocator.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * One suggestion, as a drag-over event asks it: a 256-node, 8-GPU-per-node job on the 16,384-host
 * 3-level fat tree with 60% of the hosts busy. The cluster index is built in the set-up (once per
 * cluster in the product too); each call builds the state's usage view and searches.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SuggestBenchmark {
    private ClusterState state;
    private JobRequest job;
    private final PlannerPolicy planner = new PlannerPolicy();
    private final SlurmTreePolicy slurmTree = new SlurmTreePolicy(PolicyOptions.DEFAULT);
    /** The planner under Topology Manager {@code restricted}: every node's kubelet is asked (KubeletGate). */
    private final PlannerPolicy plannerRestricted = new PlannerPolicy(
            new PolicyOptions(org.topoplanner.model.slurm.SlurmVersion.V24_11, org.topoplanner.model.k8s.TopologyManagerPolicy.RESTRICTED,
                    org.topoplanner.model.k8s.TopologyManagerScope.CONTAINER));

    @Setup
    public void setUp() {
        Cluster c = BenchClusters.ft3x16384();
        state = BenchClusters.occupied(c, 0.6, 1);
        job = JobRequest.nodesWithGpus("j", 256, 8);
        if (!(planner.suggest(state, job) instanceof Suggestion.Placed)
                || !(slurmTree.suggest(state, job) instanceof Suggestion.Placed)) {
            throw new IllegalStateException("the benchmark job must fit");
        }
    }

    /** A fresh state object per call (same jobs), so its usage view is rebuilt as after a real change. */
    private ClusterState fresh() {
        return state.without("no-such-job").with(new org.topoplanner.model.job.Placement("tick", java.util.List.of()))
                .without("tick");
    }

    @Benchmark
    public Suggestion planner256Of16384() {
        return planner.suggest(fresh(), job);
    }

    @Benchmark
    public Suggestion slurmTree256Of16384() {
        return slurmTree.suggest(fresh(), job);
    }

    @Benchmark
    public Suggestion planner256Of16384Restricted() {
        return plannerRestricted.suggest(fresh(), job);
    }

    @Benchmark
    public Suggestion planner256Of16384SameState() {
        return planner.suggest(state, job);
    }
}
