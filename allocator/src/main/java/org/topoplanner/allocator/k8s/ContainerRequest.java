package org.topoplanner.allocator.k8s;

import java.util.Objects;

/**
 * What one container asks for, with requests equal to limits (device plugin resources always are).
 *
 * @param cpus      whole CPUs (threads); 0 for none. Exclusive under the static CPU manager when the
 *                  pod is Guaranteed
 * @param memoryMiB memory; 0 when the request is not modelled (the Memory Manager then ignores it)
 * @param gpus      {@code nvidia.com/gpu}
 * @param rdma      RDMA devices (one per NIC port, as an SR-IOV or RDMA device plugin exposes them)
 */
public record ContainerRequest(String name, int cpus, long memoryMiB, int gpus, int rdma) {
    public ContainerRequest {
        Objects.requireNonNull(name, "name");
        if (cpus < 0 || memoryMiB < 0 || gpus < 0 || rdma < 0) {
            throw new IllegalArgumentException("negative request in container " + name);
        }
    }
}
