package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.JobRequest;

/**
 * One pod of a job: its containers (app containers, in order) and its QoS class.
 *
 * @param guaranteed Guaranteed QoS (requests equal limits for CPU and memory in every container);
 *                   only then do the static CPU and Memory Managers give exclusive resources and hints
 */
public record PodRequest(String name, List<ContainerRequest> containers, boolean guaranteed) {
    public PodRequest {
        Objects.requireNonNull(name, "name");
        containers = List.copyOf(containers);
        if (containers.isEmpty()) {
            throw new IllegalArgumentException("a pod needs a container");
        }
    }

    public int cpus() {
        return containers.stream().mapToInt(ContainerRequest::cpus).sum();
    }

    public long memoryMiB() {
        return containers.stream().mapToLong(ContainerRequest::memoryMiB).sum();
    }

    public int gpus() {
        return containers.stream().mapToInt(ContainerRequest::gpus).sum();
    }

    public int rdma() {
        return containers.stream().mapToInt(ContainerRequest::rdma).sum();
    }

    /** The pod with a new name (pods of one job differ only by name). */
    public PodRequest named(String newName) {
        return new PodRequest(newName, containers, guaranteed);
    }

    /**
     * The pod each of the job's nodes gets: one container asking for the job's GPUs per node
     * ({@code --gpus-per-node}, else {@code --gpus} spread evenly), CPUs per node
     * ({@code --ntasks-per-node} x {@code --cpus-per-task}, else {@code --cpus-per-gpu} x GPUs, else
     * {@code --cpus-per-task}), and the given memory and RDMA devices. A training pod sets limits equal
     * to requests, so the pod is Guaranteed whenever it asks for CPUs. {@code --exclusive} asks for
     * every CPU and GPU of the node ({@code nodeCpus}, {@code nodeGpus}).
     */
    public static PodRequest fromJob(JobRequest job, long memoryMiB, int rdma, int nodeCpus, int nodeGpus) {
        int nodes = job.requestedNodes();
        int gpus = job.gpusPerNode() != null ? job.gpusPerNode()
                : job.gpus() != null ? (job.gpus() + nodes - 1) / nodes : 0;
        int cpus;
        if (job.ntasksPerNode() != null) {
            cpus = job.ntasksPerNode() * (job.cpusPerTask() == null ? 1 : job.cpusPerTask());
        } else if (job.cpusPerGpu() != null) {
            cpus = job.cpusPerGpu() * gpus;
        } else {
            cpus = job.cpusPerTask() == null ? 0 : job.cpusPerTask();
        }
        if (job.exclusive() || job.exclusiveTopo()) {
            cpus = nodeCpus;
            gpus = nodeGpus;
        }
        ContainerRequest c = new ContainerRequest("main", cpus, memoryMiB, gpus, rdma);
        return new PodRequest(job.name() + "-0", List.of(c), cpus > 0);
    }
}
