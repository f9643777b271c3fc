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
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.allocator.validate.PlacementValidator;
import org.topoplanner.allocator.validate.SchedulerSettings;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Every policy's suggestion for one job, as {@code compare} and the window's policy table ask them, on
 * the state and jobs of {@link SuggestBenchmark}: on an unchanged state, and right after a change (a new
 * state object with the same jobs, so every per-state table is rebuilt); and {@code compareAllChecked}, each
 * suggestion then checked and scored as {@code compare} does (the policy's validation options, the validator,
 * the placement metrics).
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
    private final PlacementValidator validator = new PlacementValidator();

    @Setup
    public void setUp() {
        state = AbstractSuggestBenchmark.busyTree();
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

    /** Each suggestion checked and scored, as {@code compare} prints it; the errors found, so nothing is dropped. */
    @Benchmark
    public int compareAllChecked() {
        int errors = 0;
        for (int i = 0; i < all.size(); i++) {
            Suggestion s = all.get(i).suggest(state, request);
            if (s instanceof Suggestion.Placed placed) {
                Placement p = placed.placement();
                PolicyChoice choice = PolicyChoice.of(PolicyId.values()[i]);
                List<Violation> found = validator.validate(state, request, p,
                        SchedulerSettings.options(state, request, p, choice));
                errors += found.size() + PlacementMetrics.ofAdded(state, p).leaves();
            }
        }
        return errors;
    }

    @Benchmark
    public List<Suggestion> compareAllAfterChange() {
        return compare(state.with(new Placement("tick", List.of())).without("tick"));
    }
}
