package org.topoplanner.allocator.k8s;

/**
 * The default kube-scheduler score plugins that tell GPU nodes apart (v1.30 defaults, weight 1 each):
 * {@code NodeResourcesFit} with the {@code LeastAllocated} strategy over cpu and memory (weight 1 each,
 * non-zero request defaults) and {@code NodeResourcesBalancedAllocation} over cpu and memory (actual
 * requests). The other default scorers (TaintToleration, NodeAffinity, PodTopologySpread,
 * InterPodAffinity, ImageLocality) give every node of a plan the same points and are left out.
 * GPUs are not scored by default: the scheduler spreads GPU pods by CPU and memory only.
 *
 * <p>BalancedAllocation is the v1.30-v1.33 formula ({@code (1 - |fcpu - fmem| / 2) * 100}); newer
 * releases score the improvement the pod brings instead.
 */
public record NodeScore(long leastAllocated, long balancedAllocation) {
    public static final long MAX = 100;

    public long total() {
        return leastAllocated + balancedAllocation;
    }

    /** The score of {@code node} for {@code pod}. */
    public static NodeScore of(NodeCapacity node, PodRequest pod) {
        long podCpu = pod.cpus() == 0 ? NodeCapacity.DEFAULT_CPU_MILLI : pod.cpus() * 1000L;
        long podMem = pod.memoryMiB() == 0 ? NodeCapacity.DEFAULT_MEMORY_MIB : pod.memoryMiB();
        long score = 0;
        long weights = 0;
        if (node.cpuMilli() > 0) {
            score += least(node.nonZeroCpuMilli() + podCpu, node.cpuMilli());
            weights++;
        }
        if (node.memoryMiB() > 0) {
            score += least(node.nonZeroMemoryMiB() + podMem, node.memoryMiB());
            weights++;
        }
        long fit = weights == 0 ? 0 : score / weights;
        return new NodeScore(fit, balanced(node, pod));
    }

    private static long least(long requested, long capacity) {
        if (requested > capacity) {
            return 0;
        }
        return (capacity - requested) * MAX / capacity;
    }

    private static long balanced(NodeCapacity node, PodRequest pod) {
        double[] f = new double[2];
        int n = 0;
        if (node.cpuMilli() > 0) {
            f[n++] = Math.min(1.0, (double) (node.usedCpuMilli() + pod.cpus() * 1000L) / node.cpuMilli());
        }
        if (node.memoryMiB() > 0) {
            f[n++] = Math.min(1.0, (double) (node.usedMemoryMiB() + pod.memoryMiB()) / node.memoryMiB());
        }
        double std = n == 2 ? Math.abs((f[0] - f[1]) / 2) : 0;
        return (long) ((1 - std) * MAX);
    }
}
