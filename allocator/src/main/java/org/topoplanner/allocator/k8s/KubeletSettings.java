package org.topoplanner.allocator.k8s;

import java.util.Objects;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

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

    /** Static CPU and Memory Managers with the Topology Manager policy and scope of {@code options}. */
    public static KubeletSettings from(PolicyOptions options) {
        return of(options.topologyManager(), options.topologyScope());
    }
}
