package org.topoplanner.allocator.bench;

import java.util.ArrayList;
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
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Every policy's suggestion for one job, as {@code compare} and the window's policy table ask them, on
 * the state and jobs of {@link SuggestBenchmark}: on an unchanged state, and right after a change (a new
 * state object with the same jobs, so every per-state table is rebuilt).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CompareBenchmark {
    @Param({"gpu256", "gpu64", "cpu64"})
    public String job;

    private ClusterState state;
    private JobRequest request;
    private final List<PlacementPolicy> all = new ArrayList<>();

    @Setup
    public void setUp() {
        state = SuggestBenchmark.busyTree();
        request = SuggestBenchmark.job(job);
        for (PolicyId id : PolicyId.values()) {
            PlacementPolicy p = PolicyCatalog.create(PolicyChoice.of(id));
            all.add(p);
            if (!(p.suggest(state, request) instanceof Suggestion.Placed)) {
                throw new IllegalStateException(id.id() + " must place the benchmark job " + job);
            }
        }
    }

    private List<Suggestion> compare(ClusterState on) {
        List<Suggestion> out = new ArrayList<>(all.size());
        for (PlacementPolicy p : all) {
            out.add(p.suggest(on, request));
        }
        return out;
    }

    @Benchmark
    public List<Suggestion> compareAll() {
        return compare(state);
    }

    @Benchmark
    public List<Suggestion> compareAllAfterChange() {
        return compare(state.with(new Placement("tick", List.of())).without("tick"));
    }
}
