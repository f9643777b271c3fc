package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.slurm.GresConfWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * The sbatch options that pin a placement: its exact nodes ({@code --nodelist}, compressed as
 * {@code scontrol show hostlist} prints it, and {@code --nodes}), one task per planned GPU, the GPU and
 * CPU counts per node, {@code --gres-flags=enforce-binding} when every planned CPU lies in the
 * {@code Cores=} that gres.conf gives the planned GPUs, and {@code --switches=N} for the N leaves of the
 * written topology.conf the nodes sit under. Slurm has no option for GPU indices or CPU ids: a job
 * lands on exactly the planned GPUs when the plan is what Slurm itself picks on those nodes (the job
 * script's rank wrapper reports any difference at run time).
 *
 * @param gpusPerNode the same GPU count on every node, else {@code null} (then {@code gpus} is the total)
 * @param cpusPerGpu  planned CPUs per GPU when the same on every node, else {@code null}
 * @param cpusPerTask planned CPUs per node for a job without GPUs, when the same on every node
 * @param switches    leaves under which the nodes sit, {@code null} without a tree topology
 */
record SbatchPin(String name, List<String> hosts, Integer gpusPerNode, int gpus, Integer cpusPerGpu,
                 Integer cpusPerTask, boolean enforceBinding, Integer switches) {

    static SbatchPin of(Cluster cluster, Placement p, Map<String, String> leafOf) {
        List<String> hosts = p.hostNames();
        Set<Integer> gpuCounts = new LinkedHashSet<>();
        Set<Integer> cpusPerGpu = new LinkedHashSet<>();
        Set<Integer> cpusPerHost = new LinkedHashSet<>();
        boolean local = p.gpuCount() > 0;
        for (HostAllocation h : p.hosts()) {
            gpuCounts.add(h.gpus().size());
            cpusPerHost.add(h.cpus().size());
            if (!h.gpus().isEmpty() && h.cpus().size() % h.gpus().size() == 0) {
                cpusPerGpu.add(h.cpus().size() / h.gpus().size());
            } else {
                cpusPerGpu.add(-1);
            }
            local &= !h.cpus().isEmpty() && cpusLocal(cluster.node(h.host()), h);
        }
        Integer perNode = gpuCounts.size() == 1 ? gpuCounts.iterator().next() : null;
        Integer perGpu = cpusPerGpu.size() == 1 && cpusPerGpu.iterator().next() > 0 ? cpusPerGpu.iterator().next() : null;
        Integer perTask = p.gpuCount() == 0 && cpusPerHost.size() == 1 && cpusPerHost.iterator().next() > 0
                ? cpusPerHost.iterator().next() : null;
        Integer switches = null;
        if (!leafOf.isEmpty() && hosts.stream().allMatch(leafOf::containsKey)) {
            switches = (int) hosts.stream().map(leafOf::get).distinct().count();
        }
        return new SbatchPin(p.job(), hosts, perNode, p.gpuCount(), perGpu, perTask, local, switches);
    }

    /** True when every planned core lies in the gres.conf Cores= of the host's planned GPUs. */
    private static boolean cpusLocal(NodeTopology node, HostAllocation h) {
        int tpc = Math.max(1, node.threadsPerCore());
        Set<Integer> allowed = new LinkedHashSet<>();
        for (int index : h.gpus()) {
            Optional<Gpu> g = node.gpu(index);
            String cores = g.map(x -> GresConfWriter.coresOf(node, x)).orElse(null);
            if (cores == null) {
                return false;
            }
            CpuSet.parse(cores).stream().forEach(allowed::add);
        }
        return h.cpus().stream().allMatch(cpu -> allowed.contains(cpu / tpc));
    }

    /** The options in sbatch spelling, one per {@code #SBATCH} line. */
    List<String> options() {
        List<String> out = new ArrayList<>();
        out.add("--job-name=" + name);
        out.add("--nodes=" + hosts.size());
        out.add("--nodelist=" + Hostlist.compress(hosts));
        if (gpus == 0) {
            out.add("--ntasks-per-node=1");
            if (cpusPerTask != null) {
                out.add("--cpus-per-task=" + cpusPerTask);
            }
        } else if (gpusPerNode != null) {
            out.add("--ntasks-per-node=" + gpusPerNode);
            out.add("--gpus-per-node=" + gpusPerNode);
        } else {
            out.add("--ntasks=" + gpus);
            out.add("--gpus=" + gpus);
        }
        if (gpus > 0 && cpusPerGpu != null) {
            out.add("--cpus-per-gpu=" + cpusPerGpu);
        }
        if (enforceBinding) {
            out.add("--gres-flags=enforce-binding");
        }
        if (switches != null) {
            out.add("--switches=" + switches);
        }
        return out;
    }
}
