package org.topoplanner.allocator.k8s;

import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.StateUsage;

/**
 * A node's allocatable resources and what pods request of them, as the scheduler's {@code NodeInfo}
 * holds them. CPUs count threads (Slurm CPU ids, one per thread) in millicores; memory is the sum of the
 * NUMA nodes' memory, 0 when unknown (then neither filtered nor scored); GPUs and RDMA NICs are device
 * plugin resources; a node takes at most 110 pods (the kubelet default). Each running job counts as one
 * pod; its memory request is not in the model, so only the scheduler's non-zero default (200 MiB) is
 * counted for it where the scheduler uses that default.
 */
public record NodeCapacity(String host, long cpuMilli, long memoryMiB, int gpus, int rdma, int pods,
                           long usedCpuMilli, long usedMemoryMiB, int usedGpus, int usedRdma, int usedPods,
                           long nonZeroCpuMilli, long nonZeroMemoryMiB) {
    /** {@code DefaultMilliCPURequest} and {@code DefaultMemoryRequest} (200 MiB) of the scheduler. */
    public static final long DEFAULT_CPU_MILLI = 100;
    public static final long DEFAULT_MEMORY_MIB = 200;
    public static final int MAX_PODS = 110;

    /** The node as {@code state} leaves it. A node held whole by a running job has nothing free. */
    public static NodeCapacity of(ClusterState state, String host) {
        int h = ClusterIndex.of(state.cluster()).number(host);
        if (h < 0) {
            throw new IllegalArgumentException("no host " + host + " in the cluster");
        }
        return of(state, h);
    }

    /** The node of host number {@code h} of the state's {@link ClusterIndex}, as {@code state} leaves it. */
    public static NodeCapacity of(ClusterState state, int h) {
        StateUsage usage = state.usage();
        NodeAllocatable node = NodeAllocatable.of(usage.index());
        String host = usage.index().host(h);
        long cpus = node.cpuMilli(h);
        long mem = node.memoryMiB(h);
        int gpus = node.gpus(h);
        int nics = node.nics(h);
        PodsOnHosts on = PodsOnHosts.of(state);
        int jobs = on.jobs(h);
        if (usage.heldWhole(h)) {
            return new NodeCapacity(host, cpus, mem, gpus, nics, MAX_PODS, cpus, mem, gpus, nics, jobs, cpus, mem);
        }
        long usedCpu = usage.usedCpus(h).cardinality() * 1000L;
        return new NodeCapacity(host, cpus, mem, gpus, nics, MAX_PODS, usedCpu, 0, usage.usedGpuIndices(h).cardinality(),
                on.nics(h), jobs, on.nonZeroCpuMilli(h), jobs * DEFAULT_MEMORY_MIB);
    }

    /** Why {@code pod} does not fit ({@code NodeResourcesFit} filter), in the scheduler's words; empty when it fits. */
    public Optional<String> insufficient(PodRequest pod) {
        if (usedPods + 1 > pods) {
            return Optional.of("Too many pods");
        }
        if (pod.cpus() * 1000L > cpuMilli - usedCpuMilli) {
            return Optional.of("Insufficient cpu");
        }
        if (memoryMiB > 0 && pod.memoryMiB() > memoryMiB - usedMemoryMiB) {
            return Optional.of("Insufficient memory");
        }
        if (pod.gpus() > gpus - usedGpus) {
            return Optional.of("Insufficient " + TopologyManagerAdmission.GPU);
        }
        if (pod.rdma() > rdma - usedRdma) {
            return Optional.of("Insufficient " + TopologyManagerAdmission.RDMA);
        }
        return Optional.empty();
    }

    /** How many copies of {@code pod} fit (Kueue's {@code Requests.CountIn}, pods included). */
    public int countIn(PodRequest pod) {
        long n = pods - usedPods;
        n = Math.min(n, div(cpuMilli - usedCpuMilli, pod.cpus() * 1000L));
        if (memoryMiB > 0) {
            n = Math.min(n, div(memoryMiB - usedMemoryMiB, pod.memoryMiB()));
        }
        n = Math.min(n, div(gpus - usedGpus, pod.gpus()));
        n = Math.min(n, div(rdma - usedRdma, pod.rdma()));
        return (int) Math.max(0, n);
    }

    private static long div(long free, long each) {
        return each <= 0 ? Long.MAX_VALUE : Math.max(0, free) / each;
    }

    /** The node with {@code pod} added (the scheduler's assumed pod). */
    public NodeCapacity plus(PodRequest pod) {
        long c = pod.cpus() * 1000L;
        return new NodeCapacity(host, cpuMilli, memoryMiB, gpus, rdma, pods, usedCpuMilli + c,
                usedMemoryMiB + pod.memoryMiB(), usedGpus + pod.gpus(), usedRdma + pod.rdma(), usedPods + 1,
                nonZeroCpuMilli + (c == 0 ? DEFAULT_CPU_MILLI : c),
                nonZeroMemoryMiB + (pod.memoryMiB() == 0 ? DEFAULT_MEMORY_MIB : pod.memoryMiB()));
    }
}
