package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.JobRequest;

/**
 * How a job's pods look beyond what sbatch options say: memory and RDMA devices per pod.
 *
 * @param memoryMiB memory per pod (0: not requested, so the Memory Manager stays out)
 * @param rdma      RDMA devices per pod
 */
public record PodTemplate(long memoryMiB, int rdma) {
    public static final PodTemplate DEFAULT = new PodTemplate(0, 0);

    public PodTemplate {
        if (memoryMiB < 0 || rdma < 0) {
            throw new IllegalArgumentException("negative pod template");
        }
    }

    /** Pod {@code i} of {@code job} ({@code name-i}); an exclusive job's pod asks for a whole node of the cluster's first host shape. */
    public PodRequest pod(ClusterState state, JobRequest job, int i) {
        String any = state.cluster().hostNames().isEmpty() ? "" : state.cluster().hostNames().get(0);
        int nodeCpus = any.isEmpty() ? 0 : ClusterIndex.of(state.cluster()).cpuIdsOf(any).cpus();
        int nodeGpus = any.isEmpty() ? 0 : state.cluster().node(any).gpus().size();
        return PodRequest.fromJob(job, memoryMiB, rdma, nodeCpus, nodeGpus).named(job.name() + "-" + i);
    }

    /** The hosts a job may use: its {@code --nodelist} if any, minus {@code --exclude}. */
    public static List<String> candidateHosts(ClusterState state, JobRequest job) {
        List<String> all = job.nodelist().isEmpty() ? state.cluster().hostNames() : job.nodelist();
        return all.stream().filter(h -> state.cluster().hostNames().contains(h) && !job.exclude().contains(h))
                .toList();
    }

    /**
     * Why the job could never be placed even on an idle cluster (fewer candidate nodes than pods, or no
     * node big enough for one pod), else empty. Kubernetes itself keeps such pods pending forever.
     */
    public static Optional<String> neverFits(ClusterState state, JobRequest job, PodTemplate template) {
        for (String h : job.nodelist()) {
            if (!state.cluster().hostNames().contains(h)) {
                return Optional.of("node " + h + " does not exist");
            }
        }
        ClusterState idle = ClusterState.empty(state.cluster());
        PodRequest pod = template.pod(state, job, 0);
        long fitting = candidateHosts(state, job).stream()
                .filter(h -> NodeCapacity.of(idle, h).insufficient(pod).isEmpty()).count();
        if (fitting < job.requestedNodes()) {
            return Optional.of("only " + fitting + " node(s) could ever hold a pod of " + job.name() + " ("
                    + pod.gpus() + " GPUs, " + pod.cpus() + " CPUs) and it needs " + job.requestedNodes()
                    + "; its pods would stay Pending");
        }
        return Optional.empty();
    }
}
