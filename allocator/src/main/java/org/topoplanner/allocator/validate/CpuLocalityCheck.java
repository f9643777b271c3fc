package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * {@code CPU_NOT_LOCAL}: on a node, cores on a socket that holds none of the job's GPUs there. Under
 * {@code --gres-flags=enforce-binding} Slurm gives a job only cores bound to its GPUs, so such cores are an
 * error; otherwise a warning (the ranks feed their GPUs across the socket interconnect). A GPU whose socket
 * has none of the job's cores is a warning either way: enforce-binding constrains cores, not GPUs.
 * That warning needs the job to have had cores enough to do better: one core cannot sit on two sockets.
 * A GPU's socket is that of its NUMA node, else that of the cores of its CPU affinity.
 */
final class CpuLocalityCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        for (HostAllocation a : c.knownAllocations()) {
            if (a.gpus().isEmpty() || a.cpus().isEmpty()) {
                continue;
            }
            String h = a.host();
            NodeTopology node = c.cluster.node(h);
            Map<Integer, Integer> gpuSocket = new TreeMap<>();
            for (int i : a.gpus()) {
                node.gpu(i).ifPresent(g -> {
                    int s = socketOf(node, g);
                    if (s >= 0) {
                        gpuSocket.put(i, s);
                    }
                });
            }
            if (gpuSocket.size() != a.gpus().size()) {
                continue;
            }
            SlurmCpuIds ids = ClusterIndex.of(c.cluster).cpuIdsOf(h);
            CpuSet cores = ids.coresOfCpus(a.cpus());
            TreeSet<Integer> coreSockets = new TreeSet<>();
            List<Integer> remote = new ArrayList<>();
            TreeSet<Integer> gpuSockets = new TreeSet<>(gpuSocket.values());
            for (int core : cores.toList()) {
                int s = ids.socketOfCore(core);
                coreSockets.add(s);
                if (!gpuSockets.contains(s)) {
                    remote.add(core);
                }
            }
            if (!remote.isEmpty()) {
                CpuSet far = CpuSet.of(remote);
                TreeSet<Integer> farSockets = new TreeSet<>();
                remote.forEach(x -> farSockets.add(ids.socketOfCore(x)));
                Severity sev = c.request.enforceBinding() ? Severity.ERROR : Severity.WARNING;
                out.add(Violation.of(ViolationCode.CPU_NOT_LOCAL, sev, List.of(h),
                        h + " " + Elements.cores(far) + " (socket " + Elements.join(farSockets) + ") are on another"
                                + " socket than the job's " + Elements.gpus(a.gpus()) + " (socket "
                                + Elements.join(gpuSockets) + ")"
                                + (c.request.enforceBinding() ? "; --gres-flags=enforce-binding forbids it" : "")));
            }
            List<Integer> lonely = gpuSocket.entrySet().stream().filter(e -> !coreSockets.contains(e.getValue()))
                    .map(Map.Entry::getKey).toList();
            // A job with fewer cores than its GPUs have sockets cannot cover them all (one task, one core,
            // eight GPUs on two sockets); it is only worth a warning when its cores could have covered more.
            TreeSet<Integer> covered = new TreeSet<>(gpuSockets);
            covered.retainAll(coreSockets);
            boolean couldCoverMore = covered.size() < Math.min(cores.size(), gpuSockets.size());
            if (!lonely.isEmpty() && couldCoverMore) {
                TreeSet<Integer> socks = new TreeSet<>();
                lonely.forEach(i -> socks.add(gpuSocket.get(i)));
                out.add(Violation.of(ViolationCode.CPU_NOT_LOCAL, Severity.WARNING, Elements.gpuElements(h, lonely),
                        h + " " + Elements.gpus(lonely) + " (socket " + Elements.join(socks) + ") "
                                + (lonely.size() == 1 ? "has" : "have") + " none of the job's cores on "
                                + (lonely.size() == 1 ? "its" : "their") + " socket"));
            }
        }
        return out;
    }

    static int socketOf(NodeTopology node, Gpu g) {
        if (g.numa() >= 0) {
            int s = node.socketOfNuma(g.numa());
            if (s >= 0) {
                return s;
            }
        }
        TreeSet<Integer> sockets = new TreeSet<>();
        for (Core core : node.coreList()) {
            if (!core.pus().intersection(g.cpus()).isEmpty()) {
                sockets.add(core.socket());
            }
        }
        return sockets.size() == 1 ? sockets.first() : -1;
    }
}
