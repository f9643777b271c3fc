package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.k8s.TopologyManagerOptions;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * Kubelet admission of one pod on one node: the Topology Manager ({@code scope_container.go},
 * {@code scope_pod.go}) with the CPU Manager, Memory Manager and the GPU and RDMA device plugins as hint
 * providers, then allocation along the chosen hint. Use {@link #admit} to ask "would the kubelet admit
 * this pod here, and with what"; {@link #wouldAdmit(ClusterState, HostAllocation, KubeletSettings)} asks
 * it of a placement someone made by hand.
 */
public final class TopologyManagerAdmission {
    static final String GPU = "nvidia.com/gpu";
    static final String RDMA = "rdma/hca";
    private static final String TOPOLOGY_MESSAGE = "Resources cannot be allocated with Topology locality";

    private TopologyManagerAdmission() {
    }

    /** Admission of {@code pod} on {@code host} given what already runs ({@code state}). */
    public static Admission admit(ClusterState state, String host, PodRequest pod, KubeletSettings kubelet) {
        return admit(new KubeletNode(state, host, kubelet), pod, kubelet);
    }

    /**
     * Would the kubelet admit a pod asking for what {@code allocation} holds (its GPU count, its CPU
     * count as exclusive CPUs, no RDMA devices, memory not modelled) on that host, with {@code state}
     * holding everything else? The answer's allocation shows what the kubelet itself would pick.
     */
    public static Admission wouldAdmit(ClusterState state, HostAllocation allocation, KubeletSettings kubelet) {
        int cpus = allocation.cpus().size();
        PodRequest pod = new PodRequest("pod", List.of(new ContainerRequest("main", cpus, 0, allocation.gpus().size(), 0)),
                cpus > 0);
        return admit(state, allocation.host(), pod, kubelet);
    }

    /** Admission on a node whose books already hold earlier pods of the same session. */
    static Admission admit(KubeletNode node, PodRequest pod, KubeletSettings k) {
        List<Admission.Decision> decisions = new ArrayList<>();
        if (!k.startsWith(node.numaIds.size())) {
            return new Admission.Rejected(pod.name(), node.host, Admission.Rejected.KUBELET_NOT_RUNNING,
                    "kubelet does not start: Topology Manager unsupported on machines with more than "
                            + k.options().maxAllowableNumaNodes() + " NUMA Nodes (this one has "
                            + node.numaIds.size() + "; raise " + TopologyManagerOptions.MAX_ALLOWABLE + ")",
                    decisions);
        }
        List<Integer> gpus = new ArrayList<>();
        List<Integer> cpus = new ArrayList<>();
        List<Integer> nics = new ArrayList<>();
        if (k.policy() == TopologyManagerPolicy.NONE) {
            for (ContainerRequest c : pod.containers()) {
                String err = allocate(node, pod, c, null, k, gpus, cpus, nics);
                if (err != null) {
                    return unexpected(node, pod, err, decisions);
                }
            }
        } else if (k.scope() == TopologyManagerScope.POD) {
            ContainerRequest whole = new ContainerRequest("pod", pod.cpus(), pod.memoryMiB(), pod.gpus(), pod.rdma());
            Admission.Decision d = decide(node, pod, whole, "pod " + pod.name(), k);
            decisions.add(d);
            if (!d.admit()) {
                return affinityError(node, pod, decisions);
            }
            for (ContainerRequest c : pod.containers()) {
                String err = allocate(node, pod, c, d.best().affinity(), k, gpus, cpus, nics);
                if (err != null) {
                    return unexpected(node, pod, err, decisions);
                }
            }
        } else {
            for (ContainerRequest c : pod.containers()) {
                Admission.Decision d = decide(node, pod, c, "container " + c.name(), k);
                decisions.add(d);
                if (!d.admit()) {
                    return affinityError(node, pod, decisions);
                }
                String err = allocate(node, pod, c, d.best().affinity(), k, gpus, cpus, nics);
                if (err != null) {
                    return unexpected(node, pod, err, decisions);
                }
            }
        }
        HostAllocation a = node.allocation(gpus.stream().sorted().toList(), cpus, nics);
        return new Admission.Admitted(pod.name(), node.host, a, decisions);
    }

    /** Collects every provider's hints for {@code c} and merges them under the policy. */
    private static Admission.Decision decide(KubeletNode node, PodRequest pod, ContainerRequest c, String what,
                                             KubeletSettings k) {
        List<List<ResourceHints>> providers = new ArrayList<>();
        List<ResourceHints> devices = new ArrayList<>();
        if (c.gpus() > 0) {
            devices.add(new ResourceHints(GPU, DevicePluginResource.hints(node.gpus, node.freeGpus, node.numaIds, c.gpus())));
        }
        if (c.rdma() > 0) {
            devices.add(new ResourceHints(RDMA, DevicePluginResource.hints(node.nics, node.freeNics, node.numaIds, c.rdma())));
        }
        providers.add(devices);
        List<ResourceHints> cpu = new ArrayList<>();
        if (k.staticCpuManager() && pod.guaranteed() && c.cpus() > 0) {
            cpu.add(new ResourceHints("cpu", CpuManagerStatic.hints(node, c.cpus())));
        }
        providers.add(cpu);
        List<ResourceHints> memory = new ArrayList<>();
        if (k.staticMemoryManager() && pod.guaranteed() && c.memoryMiB() > 0) {
            List<TopologyHint> h = MemoryManagerStatic.hints(node, c.memoryMiB());
            if (h != null) {
                memory.add(new ResourceHints("memory", h));
            }
        }
        providers.add(memory);
        NumaDistances closest = k.options().preferClosestNumaNodes() ? NumaDistances.of(node.topology) : null;
        PolicyMerge m = PolicyMerge.of(k.policy(), node.numaIds, providers, closest);
        List<ResourceHints> all = new ArrayList<>(devices);
        all.addAll(cpu);
        all.addAll(memory);
        return new Admission.Decision(what, all, m.hint(), m.admit());
    }

    /** Allocates one container's resources along {@code affinity}; an error text when one cannot be had. */
    private static String allocate(KubeletNode node, PodRequest pod, ContainerRequest c, NumaMask affinity,
                                   KubeletSettings k, List<Integer> gpus, List<Integer> cpus, List<Integer> nics) {
        if (c.cpus() > 0 && k.staticCpuManager() && pod.guaranteed() && !node.cpus.isEmpty()) {
            List<Integer> got = CpuManagerStatic.allocate(node, c.cpus(), affinity);
            if (got == null) {
                return "not enough cpus available to satisfy request: requested=" + c.cpus() + ", available="
                        + node.freeCpus.size();
            }
            cpus.addAll(got);
        }
        List<Integer> g = DevicePluginResource.allocate(node.gpus, node.freeGpus, c.gpus(), affinity,
                node.gpuPreference());
        if (g == null) {
            return "requested number of devices unavailable for " + GPU + ". Requested: " + c.gpus()
                    + ", Available: " + node.freeGpus.size();
        }
        gpus.addAll(g);
        List<Integer> n = DevicePluginResource.allocate(node.nics, node.freeNics, c.rdma(), affinity, null);
        if (n == null) {
            return "requested number of devices unavailable for " + RDMA + ". Requested: " + c.rdma()
                    + ", Available: " + node.freeNics.size();
        }
        nics.addAll(n);
        if (c.memoryMiB() > 0 && k.staticMemoryManager() && pod.guaranteed()
                && !MemoryManagerStatic.allocate(node, c.memoryMiB(), affinity)) {
            return "[memorymanager] failed to find NUMA nodes to extend the current topology hint";
        }
        return null;
    }

    private static Admission affinityError(KubeletNode node, PodRequest pod, List<Admission.Decision> d) {
        return new Admission.Rejected(pod.name(), node.host, Admission.Rejected.TOPOLOGY_AFFINITY_ERROR,
                "Pod was rejected: " + TOPOLOGY_MESSAGE, d);
    }

    private static Admission unexpected(KubeletNode node, PodRequest pod, String err, List<Admission.Decision> d) {
        return new Admission.Rejected(pod.name(), node.host, Admission.Rejected.UNEXPECTED_ADMISSION_ERROR,
                "Allocate failed due to " + err + ", which is unexpected", d);
    }
}
