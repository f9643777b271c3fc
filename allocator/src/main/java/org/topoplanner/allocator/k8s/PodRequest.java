package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.PodShape;

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

    // plain loops: the policies ask these once per node and pod, where a stream pipeline costs more than the sum
    public int cpus() {
        int n = 0;
        for (ContainerRequest c : containers) {
            n += c.cpus();
        }
        return n;
    }

    public long memoryMiB() {
        long n = 0;
        for (ContainerRequest c : containers) {
            n += c.memoryMiB();
        }
        return n;
    }

    public int gpus() {
        int n = 0;
        for (ContainerRequest c : containers) {
            n += c.gpus();
        }
        return n;
    }

    public int rdma() {
        int n = 0;
        for (ContainerRequest c : containers) {
            n += c.rdma();
        }
        return n;
    }

    /** The pod with a new name (pods of one job differ only by name). */
    public PodRequest named(String newName) {
        return new PodRequest(newName, containers, guaranteed);
    }

    /**
     * The pod of {@code shape}, named {@code name}: its containers {@code main} (one) or {@code task-0},
     * {@code task-1}, ... (several), hugepages counted with memory. A training pod sets limits equal to
     * requests, so the pod is Guaranteed whenever it asks for CPUs.
     */
    public static PodRequest of(PodShape shape, String name) {
        List<ContainerRequest> cs = new ArrayList<>();
        List<ContainerSpec> specs = shape.containers();
        for (int i = 0; i < specs.size(); i++) {
            ContainerSpec c = specs.get(i);
            cs.add(new ContainerRequest(specs.size() == 1 ? "main" : "task-" + i, c.cpus(),
                    c.memMiB() + c.hugepagesMiB(), c.gpus(), c.rdma()));
        }
        return new PodRequest(name, cs, shape.cpusPerPod() > 0);
    }
}
