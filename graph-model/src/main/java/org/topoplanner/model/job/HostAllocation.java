package org.topoplanner.model.job;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.topoplanner.model.cpu.CpuSet;

/**
 * What a job holds on one host.
 *
 * @param host     the host name
 * @param gpus     GPU indices (Slurm GRES indices), ascending
 * @param cpus     CPU ids on the node (Slurm's abstract CPU ids for Slurm policies)
 * @param nicByGpu for each GPU index, the NIC id ({@code NIC0}) its rank should use
 */
public record HostAllocation(String host, List<Integer> gpus, CpuSet cpus, Map<Integer, String> nicByGpu) {
    public HostAllocation {
        Objects.requireNonNull(host, "host");
        gpus = gpus.stream().sorted().toList();
        cpus = cpus == null ? CpuSet.empty() : cpus;
        nicByGpu = Collections.unmodifiableMap(new TreeMap<>(nicByGpu));
    }

    public static HostAllocation of(String host, List<Integer> gpus, CpuSet cpus) {
        return new HostAllocation(host, gpus, cpus, Map.of());
    }
}
