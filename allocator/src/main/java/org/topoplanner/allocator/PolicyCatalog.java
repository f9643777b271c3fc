package org.topoplanner.allocator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.allocator.k8s.K8sDefaultPolicy;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
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
        FACTORIES.put("k8s-default", K8sDefaultPolicy::new);
        FACTORIES.put("kueue-tas", KueueTasPolicy::new);
        FACTORIES.put("volcano", VolcanoPolicy::new);
        // The optimum honours the hard ones among the options: the kubelet's Topology Manager, Volcano's
        // highestTierAllowed in hard mode, Kueue's required level.
        FACTORIES.put("planner", PlannerPolicy::new);
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
