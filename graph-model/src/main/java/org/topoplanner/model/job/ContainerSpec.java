package org.topoplanner.model.job;

/**
 * What one container of a pod asks for, requests equal to limits (device plugin resources always are, and a
 * training pod is Guaranteed so that the kubelet's static CPU and Memory Managers pin it).
 *
 * @param gpus         {@code nvidia.com/gpu}
 * @param cpus         whole CPUs ({@code cpu: 16}); 0 for none
 * @param memMiB       {@code memory}, MiB; 0 when not requested (the Memory Manager then stays out)
 * @param hugepagesMiB {@code hugepages-1Gi} / {@code hugepages-2Mi} together, MiB
 * @param rdma         RDMA/NIC devices ({@code rdma/hca}, one per NIC port as an RDMA device plugin exposes them)
 */
public record ContainerSpec(int gpus, int cpus, long memMiB, long hugepagesMiB, int rdma) {
    public ContainerSpec {
        if (gpus < 0 || cpus < 0 || memMiB < 0 || hugepagesMiB < 0 || rdma < 0) {
            throw new IllegalArgumentException("a container cannot ask for a negative amount");
        }
    }

    /** A container asking for GPUs and CPUs only. */
    public static ContainerSpec of(int gpus, int cpus) {
        return new ContainerSpec(gpus, cpus, 0, 0, 0);
    }

    public ContainerSpec withMemMiB(long value) {
        return new ContainerSpec(gpus, cpus, value, hugepagesMiB, rdma);
    }

    public ContainerSpec withRdma(int value) {
        return new ContainerSpec(gpus, cpus, memMiB, hugepagesMiB, value);
    }

    /** The {@code key=value} list {@link PodShapeOptions} reads: {@code gpu=4,cpu=16,mem=64Gi,rdma=1}. */
    public String toOption() {
        StringBuilder sb = new StringBuilder();
        sb.append("gpu=").append(gpus).append(",cpu=").append(cpus);
        if (memMiB > 0) {
            sb.append(",mem=").append(KubeQuantity.format(memMiB));
        }
        if (hugepagesMiB > 0) {
            sb.append(",hugepages=").append(KubeQuantity.format(hugepagesMiB));
        }
        if (rdma > 0) {
            sb.append(",rdma=").append(rdma);
        }
        return sb.toString();
    }
}
