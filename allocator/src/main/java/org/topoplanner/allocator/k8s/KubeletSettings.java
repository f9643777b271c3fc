package org.topoplanner.allocator.k8s;

import java.util.Objects;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cpu.CpuSet;

/**
 * The kubelet configuration that decides admission on a node.
 *
 * @param policy              {@code topologyManagerPolicy}
 * @param scope               {@code topologyManagerScope}
 * @param staticCpuManager    {@code cpuManagerPolicy: static} (exclusive CPUs and CPU hints for
 *                            Guaranteed pods with integer CPU requests); false is {@code none}
 * @param staticMemoryManager {@code memoryManagerPolicy: Static} (memory hints for Guaranteed pods)
 * @param reservedCpus        {@code reservedSystemCPUs} as OS CPU ids; the static CPU manager never
 *                            hands these out. Real kubelets refuse to start the static policy with
 *                            no reservation at all; the default here is none so that the arithmetic
 *                            of a plan stays obvious, set it to match the cluster
 */
public record KubeletSettings(TopologyManagerPolicy policy, TopologyManagerScope scope, boolean staticCpuManager,
                              boolean staticMemoryManager, CpuSet reservedCpus) {
    public KubeletSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(scope, "scope");
        reservedCpus = reservedCpus == null ? CpuSet.empty() : reservedCpus;
    }

    /** Static CPU and Memory Managers with the given Topology Manager policy and scope. */
    public static KubeletSettings of(TopologyManagerPolicy policy, TopologyManagerScope scope) {
        return new KubeletSettings(policy, scope, true, true, CpuSet.empty());
    }

    /**
     * The settings the options name; unknown spellings fall back to the kubelet defaults
     * ({@code none}, {@code container}) — callers that parse user input should reject them first.
     */
    public static KubeletSettings from(PolicyOptions options) {
        return of(TopologyManagerPolicy.parse(options.topologyManager()).orElse(TopologyManagerPolicy.NONE),
                TopologyManagerScope.parse(options.topologyScope()).orElse(TopologyManagerScope.CONTAINER));
    }
}
