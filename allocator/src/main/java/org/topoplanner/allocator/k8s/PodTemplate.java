package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.NodeSize;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.SbatchToPods;

/**
 * How the Kubernetes policies turn a job into pods: the job's {@link PodShape} (given directly, or
 * {@link SbatchToPods}' translation of its sbatch options), plus memory and RDMA devices a caller adds to
 * every pod whose shape asks for none.
 *
 * @param memoryMiB memory added per pod when its shape asks for none (0: none, so the Memory Manager stays out)
 * @param rdma      RDMA devices added per pod when its shape asks for none
 */
public record PodTemplate(long memoryMiB, int rdma) {
    public static final PodTemplate DEFAULT = new PodTemplate(0, 0);

    public PodTemplate {
        if (memoryMiB < 0 || rdma < 0) {
            throw new IllegalArgumentException("negative pod template");
        }
    }

    /**
     * The pods of {@code job} on this cluster. A whole-node pod ({@code --exclusive}) asks for the
     * allocatable resources of the job's first candidate node (the kube-scheduler's view of it), so on a
     * uniform cluster it fits exactly one node.
     */
    public PodShape shape(ClusterState state, JobRequest job) {
        PodShape shape = SbatchToPods.of(job, nodeSize(state, job));
        if ((memoryMiB == 0 || shape.memMiBPerPod() > 0) && (rdma == 0 || shape.rdmaPerPod() > 0)) {
            return shape;
        }
        List<ContainerSpec> cs = new ArrayList<>(shape.containers());
        ContainerSpec first = cs.get(0);
        if (memoryMiB > 0 && shape.memMiBPerPod() == 0) {
            first = first.withMemMiB(memoryMiB);
        }
        if (rdma > 0 && shape.rdmaPerPod() == 0) {
            first = first.withRdma(rdma);
        }
        cs.set(0, first);
        return new PodShape(shape.pods(), cs, shape.podsPerNode(), shape.minMember(), shape.sliceSize(),
                shape.sliceLevel(), shape.wholeNode());
    }

    /** Pod {@code i} of {@code job} ({@code name-i}). */
    public PodRequest pod(ClusterState state, JobRequest job, int i) {
        return PodRequest.of(shape(state, job), job.name() + "-" + i);
    }

    /**
     * What one node of the job offers: the allocatable of its first candidate host (nothing on an empty
     * cluster). Asked on every pod of every plan, so it looks at the first candidate only, not all hosts.
     */
    static NodeSize nodeSize(ClusterState state, JobRequest job) {
        ClusterHosts hosts = ClusterHosts.of(state.cluster());
        List<String> from = job.nodelist().isEmpty() ? hosts.names() : job.nodelist();
        for (String h : from) {
            if (hosts.has(h) && !job.exclude().contains(h)) {
                NodeCapacity n = NodeCapacity.of(NodeAllocatable.idle(state.cluster()), h);
                return new NodeSize(n.gpus(), (int) (n.cpuMilli() / 1000), n.memoryMiB(), n.rdma());
            }
        }
        return NodeSize.UNKNOWN;
    }

    /** The hosts a job may use: its {@code --nodelist} if any, minus {@code --exclude}. */
    public static List<String> candidateHosts(ClusterState state, JobRequest job) {
        ClusterHosts hosts = ClusterHosts.of(state.cluster());
        if (job.nodelist().isEmpty() && job.exclude().isEmpty()) {
            return hosts.names();
        }
        List<String> all = job.nodelist().isEmpty() ? hosts.names() : job.nodelist();
        Set<String> exclude = Set.copyOf(job.exclude());
        return all.stream().filter(h -> hosts.has(h) && !exclude.contains(h)).toList();
    }

    /**
     * Why the job could never be placed even on an idle cluster (fewer candidate nodes than pods when each
     * pod needs its own node, or no node big enough for one pod), else empty. Kubernetes itself keeps such
     * pods pending forever.
     */
    public static Optional<String> neverFits(ClusterState state, JobRequest job, PodTemplate template) {
        ClusterHosts hosts = ClusterHosts.of(state.cluster());
        for (String h : job.nodelist()) {
            if (!hosts.has(h)) {
                return Optional.of("node " + h + " does not exist");
            }
        }
        ClusterState idle = NodeAllocatable.idle(state.cluster());
        PodShape shape = template.shape(state, job);
        PodRequest pod = PodRequest.of(shape, job.name() + "-0");
        long fitting = 0;
        if (job.nodelist().isEmpty() && job.exclude().isEmpty()) {
            for (NodeClasses.NodeClass c : NodeClasses.ofAll(idle).classes()) {
                if (c.free().insufficient(pod).isEmpty()) {
                    fitting += c.hosts().length;
                }
            }
        } else {
            fitting = candidateHosts(state, job).stream()
                    .filter(h -> NodeCapacity.of(idle, h).insufficient(pod).isEmpty()).count();
        }
        int needed = shape.onePerNode() ? shape.pods() : 1;
        if (fitting < needed) {
            return Optional.of("only " + fitting + " node(s) could ever hold a pod of " + job.name() + " ("
                    + pod.gpus() + " GPUs, " + pod.cpus() + " CPUs) and it needs " + needed
                    + (shape.onePerNode() ? " (one pod per node)" : "") + "; its pods would stay Pending");
        }
        return Optional.empty();
    }

    /**
     * The nodes as a scheduler sees them for {@code shape}: with one pod per node (a required pod
     * anti-affinity on the hostname) each node has room for one more pod than it runs, so a policy that
     * counts pods per node by resources, as Kueue's TAS does, never puts two of the job's pods on one node.
     */
    public static NodeCapacity forShape(NodeCapacity n, PodShape shape) {
        if (!shape.onePerNode()) {
            return n;
        }
        return new NodeCapacity(n.host(), n.cpuMilli(), n.memoryMiB(), n.gpus(), n.rdma(),
                Math.min(n.pods(), n.usedPods() + 1), n.usedCpuMilli(), n.usedMemoryMiB(), n.usedGpus(), n.usedRdma(),
                n.usedPods(), n.nonZeroCpuMilli(), n.nonZeroMemoryMiB());
    }
}
