package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.NodeLine;

/**
 * Slurm's abstract CPU ids on one node, as {@code scontrol show job -d} prints them in
 * {@code CPU_IDs=}: cores are numbered socket by socket, and the threads of core {@code c} are the
 * ids {@code c*T .. c*T+T-1} ({@code T} threads per core). Measured with the real 22.05 and 24.11
 * on a node with {@code ThreadsPerCore=2}: a 1-CPU job on core 0 shows {@code CPU_IDs=0-1}, one on
 * the first core of socket 1 (8 cores per socket) {@code 16-17}. Linux numbers the same threads
 * differently (second threads after all first threads), so these ids are not OS CPU ids; {@link #osCpus}
 * translates when the node's cores are known.
 */
public record SlurmCpuIds(int sockets, int coresPerSocket, int threadsPerCore) {
    public SlurmCpuIds {
        if (sockets < 1 || coresPerSocket < 1 || threadsPerCore < 1) {
            throw new IllegalArgumentException("sockets, cores per socket and threads must be positive");
        }
    }

    /** The layout of {@code host}: its {@code slurm.conf} node line if any, else the node topology, else 1x1x1. */
    public static SlurmCpuIds of(Cluster cluster, String host) {
        ClusterIndex index = ClusterIndex.of(cluster);
        int i = index.number(host);
        return i >= 0 ? index.cpuIds(i) : of(null, cluster.node(host));
    }

    /** The layout from a node line ({@code null} when there is none), else from the node topology. */
    static SlurmCpuIds of(NodeLine n, NodeTopology t) {
        if (n != null) {
            int boards = n.boards() == null ? 1 : n.boards();
            int sockets = boards * (n.sockets() == null ? 1 : n.sockets());
            return new SlurmCpuIds(sockets, n.coresPerSocket() == null ? 1 : n.coresPerSocket(),
                    n.threadsPerCore() == null ? 1 : n.threadsPerCore());
        }
        if (!t.coreList().isEmpty()) {
            int sockets = (int) t.coreList().stream().mapToInt(Core::socket).distinct().count();
            return new SlurmCpuIds(sockets, t.coreList().size() / sockets, t.threadsPerCore());
        }
        if (t.sockets() != null && t.cores() != null && t.sockets() > 0 && t.cores() > 0) {
            int threads = t.threads() == null ? 1 : Math.max(1, t.threads() / t.cores());
            return new SlurmCpuIds(t.sockets(), Math.max(1, t.cores() / t.sockets()), threads);
        }
        return new SlurmCpuIds(1, 1, 1);
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

    /** The OS CPU ids of the given Slurm CPU ids, using the node's core list (cores in Slurm order). */
    public CpuSet osCpus(CpuSet slurmCpus, NodeTopology node) {
        List<Integer> out = new ArrayList<>();
        List<Core> cores = node.coreList();
        for (int id : slurmCpus.toList()) {
            int core = coreOfCpu(id);
            int thread = id % threadsPerCore;
            if (core < cores.size()) {
                List<Integer> pus = cores.get(core).pus().toList();
                if (thread < pus.size()) {
                    out.add(pus.get(thread));
                }
            }
        }
        return CpuSet.of(out);
    }
}
