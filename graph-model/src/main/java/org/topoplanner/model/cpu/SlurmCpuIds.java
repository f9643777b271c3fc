package org.topoplanner.model.cpu;

import java.util.ArrayList;
import java.util.List;

/**
 * Slurm's abstract CPU ids on one node, as {@code scontrol show job -d} prints them in
 * {@code CPU_IDs=}: cores are numbered socket by socket, and the threads of core {@code c} are the
 * ids {@code c*T .. c*T+T-1} ({@code T} threads per core). Measured with the real 22.05 and 24.11
 * on a node with {@code ThreadsPerCore=2}: a 1-CPU job on core 0 shows {@code CPU_IDs=0-1}, one on
 * the first core of socket 1 (8 cores per socket) {@code 16-17}. Linux numbers the same threads
 * differently (second threads after all first threads), so these ids are not OS CPU ids; {@link #osCpus}
 * translates when the node's cores are known.
 *
 * <p>One arithmetic for the whole program: the allocator's policies and checks, the window's moves and
 * the exporters' rank bindings ({@code taskset} needs OS ids) all count with it. Which layout a host
 * has (its {@code slurm.conf} node line, else its topology) the allocator's {@code ClusterIndex} decides.
 */
public record SlurmCpuIds(int sockets, int coresPerSocket, int threadsPerCore) {
    public SlurmCpuIds {
        if (sockets < 1 || coresPerSocket < 1 || threadsPerCore < 1) {
            throw new IllegalArgumentException("sockets, cores per socket and threads must be positive");
        }
    }

    public int cores() {
        return sockets * coresPerSocket;
    }

    public int cpus() {
        return cores() * threadsPerCore;
    }

    public int socketOfCore(int core) {
        return core / coresPerSocket;
    }

    public int coreOfCpu(int cpuId) {
        return cpuId / threadsPerCore;
    }

    /** All CPU ids of the given cores (every thread of each). */
    public CpuSet cpusOfCores(Iterable<Integer> cores) {
        List<Integer> ids = new ArrayList<>();
        for (int c : cores) {
            for (int t = 0; t < threadsPerCore; t++) {
                ids.add(c * threadsPerCore + t);
            }
        }
        return CpuSet.of(ids);
    }

    /** The cores that hold any of the given CPU ids. */
    public CpuSet coresOfCpus(CpuSet cpus) {
        return CpuSet.of(cpus.stream().map(this::coreOfCpu).boxed().distinct().toList());
    }

    /**
     * The OS CPU ids of the given Slurm CPU ids, from the OS ids of each core's threads with the cores in
     * Slurm's order ({@code NodeTopology.threadsOfCores()}); ids past the cores or threads known have no
     * OS CPU and are left out.
     */
    public CpuSet osCpus(CpuSet slurmCpus, List<CpuSet> threadsOfCores) {
        List<Integer> out = new ArrayList<>();
        for (int id : slurmCpus.toList()) {
            int core = coreOfCpu(id);
            int thread = id % threadsPerCore;
            if (core < threadsOfCores.size()) {
                List<Integer> pus = threadsOfCores.get(core).toList();
                if (thread < pus.size()) {
                    out.add(pus.get(thread));
                }
            }
        }
        return CpuSet.of(out);
    }
}
