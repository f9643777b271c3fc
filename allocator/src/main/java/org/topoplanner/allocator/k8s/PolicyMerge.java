package org.topoplanner.allocator.k8s;

import java.util.List;
import org.topoplanner.model.k8s.TopologyManagerPolicy;

/**
 * One policy's {@code Merge}: the best hint and whether the pod (or container) is admitted
 * ({@code policy_none.go}, {@code policy_best_effort.go}, {@code policy_restricted.go},
 * {@code policy_single_numa_node.go}).
 *
 * @param hint  the hint resources are then allocated along ({@code affinity == null}: any NUMA node)
 * @param admit false means the kubelet answers {@code TopologyAffinityError}
 */
public record PolicyMerge(TopologyHint hint, boolean admit) {

    /** Merges the hints of every provider (each a list of per-resource hints) under {@code policy}. */
    public static PolicyMerge of(TopologyManagerPolicy policy, List<Integer> numaNodes,
                                 List<List<ResourceHints>> providers) {
        return of(policy, numaNodes, providers, null);
    }

    /**
     * As {@link #of(TopologyManagerPolicy, List, List)}; {@code closest} non-null is
     * {@code prefer-closest-numa-nodes} with the machine's distances.
     */
    public static PolicyMerge of(TopologyManagerPolicy policy, List<Integer> numaNodes,
                                 List<List<ResourceHints>> providers, NumaDistances closest) {
        List<List<TopologyHint>> filtered = HintMerger.filter(providers);
        return switch (policy) {
            // nonePolicy.Merge returns the zero TopologyHint {nil, false} and admits.
            case NONE -> new PolicyMerge(new TopologyHint(null, false), true);
            case BEST_EFFORT -> new PolicyMerge(HintMerger.merge(numaNodes, filtered, closest), true);
            case RESTRICTED -> {
                TopologyHint best = HintMerger.merge(numaNodes, filtered, closest);
                yield new PolicyMerge(best, best.preferred());
            }
            case SINGLE_NUMA_NODE -> {
                // The option is ignored here: every surviving hint is one NUMA node wide.
                TopologyHint best = HintMerger.merge(numaNodes, HintMerger.singleNuma(filtered));
                // The kubelet turns an all-NUMA answer into "any NUMA node" before deciding.
                if (best.affinity() != null && best.affinity().equals(NumaMask.of(numaNodes))) {
                    best = new TopologyHint(null, best.preferred());
                }
                yield new PolicyMerge(best, best.preferred());
            }
        };
    }
}
