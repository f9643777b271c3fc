package org.topoplanner.model.job;

import java.util.List;
import java.util.Objects;

/**
 * A job as Kubernetes sees it: {@code pods} identical pods, each with these containers, and the scheduling
 * intent a real manifest carries. {@link SbatchToPods} derives one from sbatch options; {@link PodShapeOptions}
 * reads one given directly ({@code --pods 4 --container gpu=8,cpu=64}).
 *
 * @param pods        how many pods (the replicas of the job's one pod template)
 * @param containers  the app containers of each pod, in order, at least one
 * @param podsPerNode {@link PodsPerNode#ONE}: a required pod anti-affinity on the hostname (or whole-node
 *                    requests) keeps the job's pods on distinct nodes; {@link PodsPerNode#ANY}: pods may share
 * @param minMember   the gang: Volcano/coscheduling PodGroup {@code minMember}; {@code null} = all pods
 *                    (Kueue admits a PodSet all or nothing anyway)
 * @param sliceSize   Kueue {@code podset-slice-size}: pods per slice, {@code null} for no slices
 * @param sliceLevel  Kueue {@code podset-slice-required-topology}: the level each slice must fit in
 * @param wholeNode   each pod asks for its whole node ({@code --exclusive}): requests = the node's allocatable
 */
public record PodShape(int pods, List<ContainerSpec> containers, PodsPerNode podsPerNode, Integer minMember,
                       Integer sliceSize, String sliceLevel, boolean wholeNode) {
    /** Whether a job's pods may share a node. */
    public enum PodsPerNode {
        ONE, ANY;

        /** The word of the command line: {@code one} or {@code any}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public PodShape {
        containers = List.copyOf(containers);
        Objects.requireNonNull(podsPerNode, "podsPerNode");
        if (pods < 1) {
            throw new IllegalArgumentException("a job needs at least one pod, not " + pods);
        }
        if (containers.isEmpty()) {
            throw new IllegalArgumentException("a pod needs at least one container");
        }
        if (minMember != null && (minMember < 1 || minMember > pods)) {
            throw new IllegalArgumentException("minMember " + minMember + " must be from 1 to the " + pods + " pods");
        }
        if (sliceSize != null && (sliceSize < 1 || pods % sliceSize != 0)) {
            throw new IllegalArgumentException("slice size " + sliceSize + " must divide the " + pods + " pods");
        }
        if ((sliceSize == null) != (sliceLevel == null)) {
            throw new IllegalArgumentException("a slice needs both a size and a topology level");
        }
    }

    /** {@code pods} pods of one container each, one pod per node, all of them a gang. */
    public static PodShape onePerNode(int pods, ContainerSpec container) {
        return new PodShape(pods, List.of(container), PodsPerNode.ONE, null, null, null, false);
    }

    public boolean onePerNode() {
        return podsPerNode == PodsPerNode.ONE;
    }

    /** The gang size: {@code minMember}, else every pod. */
    public int gang() {
        return minMember == null ? pods : minMember;
    }

    public int gpusPerPod() {
        return containers.stream().mapToInt(ContainerSpec::gpus).sum();
    }

    public int cpusPerPod() {
        return containers.stream().mapToInt(ContainerSpec::cpus).sum();
    }

    public long memMiBPerPod() {
        return containers.stream().mapToLong(ContainerSpec::memMiB).sum();
    }

    public int rdmaPerPod() {
        return containers.stream().mapToInt(ContainerSpec::rdma).sum();
    }

    /** This shape with whole-node containers resolved against {@code node} (one container of everything). */
    public PodShape resolvedOn(NodeSize node) {
        if (!wholeNode) {
            return this;
        }
        ContainerSpec all = new ContainerSpec(node.gpus(), node.cpus(), node.memMiB(), 0, node.rdma());
        return new PodShape(pods, List.of(all), podsPerNode, minMember, sliceSize, sliceLevel, true);
    }
}
