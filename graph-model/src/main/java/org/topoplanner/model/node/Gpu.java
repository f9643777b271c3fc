package org.topoplanner.model.node;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.cpu.CpuSet;

/**
 * A GPU of a node.
 *
 * @param id         the device id used in link lists ({@code GPU0})
 * @param index      the GPU's index (CUDA/NVML order, and Slurm's GRES index when files are in order)
 * @param model      the product name when known ({@code NVIDIA H100 80GB HBM3}), else {@code null}
 * @param numaNodes  the NUMA nodes it is affine to (empty when unknown)
 * @param cpus       the CPUs it is affine to (empty when unknown)
 * @param pciParent  the id of its PCIe switch or host bridge, {@code null} when unknown
 * @param busId      PCI bus id when known
 * @param memoryNuma the GPU's own memory as a NUMA node (Grace Hopper/Blackwell), else {@code null}
 */
public record Gpu(String id, int index, String model, List<Integer> numaNodes, CpuSet cpus, String pciParent,
                  String busId, Integer memoryNuma) {
    public Gpu {
        Objects.requireNonNull(id, "id");
        numaNodes = List.copyOf(numaNodes);
        cpus = cpus == null ? CpuSet.empty() : cpus;
    }

    public static Gpu simple(int index, String model, int numa, CpuSet cpus, String pciParent) {
        return new Gpu("GPU" + index, index, model, List.of(numa), cpus, pciParent, null, null);
    }

    /** The single NUMA node of this GPU, or -1 when unknown or several. */
    public int numa() {
        return numaNodes.size() == 1 ? numaNodes.get(0) : -1;
    }
}
