package org.topoplanner.allocator.kueue;

import java.util.List;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;

/**
 * The free capacity of a lowest-level topology domain as Kueue's TAS snapshot holds it: the sum over
 * its nodes of allocatable minus what non-TAS pods request, with {@code pods} as a resource like the
 * others (every pod takes one). A node whose memory is unknown (0 in {@link NodeCapacity}) leaves
 * memory out of the count, as the kube-scheduler emulation does.
 *
 * @param memoryKnown whether every node of the domain states its memory
 */
record LeafCapacity(long cpuMilli, long memoryMiB, boolean memoryKnown, long gpus, long rdma, long pods) {
    static final String CPU = "cpu";
    static final String MEMORY = "memory";
    static final String GPU = "nvidia.com/gpu";
    static final String RDMA = "rdma/hca";
    static final String PODS = "pods";

    static LeafCapacity of(List<NodeCapacity> nodes) {
        long cpu = 0;
        long mem = 0;
        long gpus = 0;
        long rdma = 0;
        long pods = 0;
        boolean memoryKnown = true;
        for (NodeCapacity n : nodes) {
            cpu += n.cpuMilli() - n.usedCpuMilli();
            mem += n.memoryMiB() - n.usedMemoryMiB();
            memoryKnown &= n.memoryMiB() > 0;
            gpus += n.gpus() - n.usedGpus();
            rdma += n.rdma() - n.usedRdma();
            pods += n.pods() - n.usedPods();
        }
        return new LeafCapacity(cpu, mem, memoryKnown, gpus, rdma, pods);
    }

    /** How many pods fit, and the resource that limits them. */
    record Count(int pods, String limitedBy) {
    }

    /**
     * {@code CountInWithLimitingResource}: the minimum over the pod's non-zero requests and one pod
     * slot; on a tie the resource whose name sorts first is named.
     */
    Count count(PodRequest pod) {
        return count(Demand.of(pod));
    }

    /** A pod's requests, summed over its containers once per computation rather than once per domain. */
    record Demand(int cpus, long memoryMiB, int gpus, int rdma) {
        static Demand of(PodRequest pod) {
            return new Demand(pod.cpus(), pod.memoryMiB(), pod.gpus(), pod.rdma());
        }
    }

    Count count(Demand pod) {
        Count best = new Count(clamp(pods), PODS);
        if (pod.cpus() > 0) {
            best = fewer(best, CPU, cpuMilli / (pod.cpus() * 1000L));
        }
        if (pod.memoryMiB() > 0 && memoryKnown) {
            best = fewer(best, MEMORY, memoryMiB / pod.memoryMiB());
        }
        if (pod.gpus() > 0) {
            best = fewer(best, GPU, gpus / pod.gpus());
        }
        if (pod.rdma() > 0) {
            best = fewer(best, RDMA, rdma / pod.rdma());
        }
        return best;
    }

    private static Count fewer(Count best, String resource, long fits) {
        int n = clamp(fits);
        return n < best.pods() || (n == best.pods() && resource.compareTo(best.limitedBy()) < 0)
                ? new Count(n, resource) : best;
    }

    /** Negative free capacity (usage above allocatable) fits no pod. */
    private static int clamp(long n) {
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }
}
