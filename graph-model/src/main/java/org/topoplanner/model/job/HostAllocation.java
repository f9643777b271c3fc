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
 * @param host        the host name
 * @param gpus        GPU indices (Slurm GRES indices), ascending
 * @param cpus        CPU ids on the node (Slurm's abstract CPU ids for Slurm policies)
 * @param nicByGpu    for each GPU index, the NIC id ({@code NIC0}) its rank should use
 * @param countedCpus the CPUs the scheduler that placed the job counts for it on this host, where it said so: Slurm's
 *                    {@code job_resources.cpus[n]}, which under {@code CR_CPU} is its tasks' CPUs while the CPU ids it
 *                    shows are whole cores, so fewer than {@code cpus} holds (its memory per CPU is charged on this
 *                    count). {@code null} when the placement does not say (read from a file, moved by hand, made by a
 *                    policy that counts whole cores); readers then work it out from {@code cpus}
 */
public record HostAllocation(String host, List<Integer> gpus, CpuSet cpus, Map<Integer, String> nicByGpu,
                             Integer countedCpus) {
    public HostAllocation {
        Objects.requireNonNull(host, "host");
        gpus = gpus.stream().sorted().toList();
        cpus = cpus == null ? CpuSet.empty() : cpus;
        nicByGpu = Collections.unmodifiableMap(new TreeMap<>(nicByGpu));
        if (countedCpus != null && countedCpus < 0) {
            throw new IllegalArgumentException("negative CPU count " + countedCpus + " on " + host);
        }
    }

    /** A host's share whose CPU count is read from its CPU ids ({@code countedCpus} not given). */
    public HostAllocation(String host, List<Integer> gpus, CpuSet cpus, Map<Integer, String> nicByGpu) {
        this(host, gpus, cpus, nicByGpu, null);
    }

    public static HostAllocation of(String host, List<Integer> gpus, CpuSet cpus) {
        return new HostAllocation(host, gpus, cpus, Map.of());
    }

    /** This share with the scheduler's own CPU count ({@code countedCpus}). */
    public HostAllocation withCountedCpus(int count) {
        return new HostAllocation(host, gpus, cpus, nicByGpu, count);
    }
}
