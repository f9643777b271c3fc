package org.topoplanner.allocator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;

/**
 * Every placement policy by its command-line id, in the order the window and {@code compare} show
 * them: the real schedulers first, the planner's optimum last.
 */
public final class PolicyCatalog {
    private static final Map<String, Function<PolicyOptions, PlacementPolicy>> FACTORIES = new LinkedHashMap<>();

    static {
        FACTORIES.put("slurm-tree", SlurmTreePolicy::new);
        FACTORIES.put("slurm-block", SlurmBlockPolicy::new);
    }

    private PolicyCatalog() {
    }

    public static List<String> ids() {
        return List.copyOf(FACTORIES.keySet());
    }

    public static Optional<PlacementPolicy> create(String id, PolicyOptions options) {
        return Optional.ofNullable(FACTORIES.get(id)).map(f -> f.apply(options));
    }
}
