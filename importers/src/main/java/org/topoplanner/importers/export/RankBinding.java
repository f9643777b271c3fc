package org.topoplanner.importers.export;

import java.util.Objects;
import org.topoplanner.model.cpu.CpuSet;

/**
 * What one rank of a placed job is bound to: one rank per planned GPU.
 *
 * @param host      the node
 * @param localRank the rank's index on its node ({@code SLURM_LOCALID}), in GPU order
 * @param gpu       the GPU's GRES index on the node, -1 for the one rank of a host without GPUs
 * @param cpus      the rank's share of the node's planned CPUs as OS CPU ids (for taskset); empty when
 *                  the plan gives no CPUs
 * @param hca       the RDMA port as NCCL and UCX name it ({@code mlx5_0:1}), or {@code null} when the node
 *                  has no known NIC
 */
public record RankBinding(String host, int localRank, int gpu, CpuSet cpus, String hca) {
    public RankBinding {
        Objects.requireNonNull(host, "host");
        cpus = cpus == null ? CpuSet.empty() : cpus;
    }
}
