package org.topoplanner.allocator.k8s;

import java.util.Objects;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.k8s.TopologyManagerOptions;
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
 * @param options             {@code topologyManagerPolicyOptions}
 */
public record KubeletSettings(TopologyManagerPolicy policy, TopologyManagerScope scope, boolean staticCpuManager,
                              boolean staticMemoryManager, CpuSet reservedCpus, TopologyManagerOptions options) {
    public KubeletSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(scope, "scope");
        reservedCpus = reservedCpus == null ? CpuSet.empty() : reservedCpus;
        options = options == null ? TopologyManagerOptions.DEFAULT : options;
    }

    /** Settings with the default Topology Manager policy options. */
    public KubeletSettings(TopologyManagerPolicy policy, TopologyManagerScope scope, boolean staticCpuManager,
                           boolean staticMemoryManager, CpuSet reservedCpus) {
        this(policy, scope, staticCpuManager, staticMemoryManager, reservedCpus, TopologyManagerOptions.DEFAULT);
    }

    public KubeletSettings withOptions(TopologyManagerOptions o) {
        return new KubeletSettings(policy, scope, staticCpuManager, staticMemoryManager, reservedCpus, o);
    }

    /**
     * Whether this kubelet starts at all on a machine with {@code numaNodes} NUMA nodes: with any policy but
     * {@code none} it exits with "unsupported on machines with more than N NUMA Nodes" ({@code NewManager}).
     */
    public boolean startsWith(int numaNodes) {
        return policy == TopologyManagerPolicy.NONE || numaNodes <= options.maxAllowableNumaNodes();
    }

    /** Static CPU and Memory Managers with the given Topology Manager policy and scope. */
    public static KubeletSettings of(TopologyManagerPolicy policy, TopologyManagerScope scope) {
        return new KubeletSettings(policy, scope, true, true, CpuSet.empty());
    }

    /** Static CPU and Memory Managers with the Topology Manager policy, scope and options of {@code options}. */
    public static KubeletSettings from(PolicyOptions options) {
        return of(options.topologyManager(), options.topologyScope()).withOptions(options.topologyManagerOptions());
    }
}
