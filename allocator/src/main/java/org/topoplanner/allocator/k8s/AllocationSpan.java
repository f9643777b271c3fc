package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * The NUMA nodes a container's devices and CPUs sit on, for an allocation made by hand. The kubelet
 * only ever hands out devices and exclusive CPUs inside the NUMA affinity the Topology Manager chose,
 * so under {@code single-numa-node} an allocation on two NUMA nodes is one it could never produce, and
 * under {@code restricted} one wider than the narrowest (preferred) affinity is refused as well.
 *
 * @param host  the node
 * @param numa  NUMA ids of the allocation's GPUs (each GPU's NUMA affinity) and CPUs, sorted
 * @param known false when a GPU or CPU has no known NUMA node (the span is then not judged)
 */
public record AllocationSpan(String host, List<Integer> numa, boolean known) {
    public AllocationSpan {
        numa = List.copyOf(numa);
    }

    /** The span of {@code a} on its host of {@code state}'s cluster; CPUs are Slurm CPU ids. */
    public static AllocationSpan of(ClusterState state, HostAllocation a) {
        NodeTopology node = state.cluster().node(a.host());
        TreeSet<Integer> ids = new TreeSet<>();
        boolean known = true;
        for (int g : a.gpus()) {
            Optional<Gpu> gpu = node.gpu(g);
            if (gpu.isEmpty() || gpu.get().numaNodes().isEmpty()) {
                known = false;
            } else {
                ids.addAll(gpu.get().numaNodes());
            }
        }
        if (!a.cpus().isEmpty()) {
            int threads = ClusterIndex.of(state.cluster()).cpuIdsOf(a.host()).threadsPerCore();
            TreeSet<Integer> seen = new TreeSet<>();
            for (Core c : node.coreList()) {
                for (int t = 0; t < c.pus().toList().size(); t++) {
                    int slurm = c.id() * threads + t;
                    if (a.cpus().contains(slurm) && c.numa() >= 0) {
                        ids.add(c.numa());
                        seen.add(slurm);
                    }
                }
            }
            known &= seen.size() == a.cpus().size();
        }
        return new AllocationSpan(a.host(), List.copyOf(ids), known);
    }

    /**
     * Why the kubelet under {@code policy} would refuse this allocation, given the affinity it would choose
     * itself for the same request ({@code narrowest}, null when it has no preference); empty when it would not.
     */
    public Optional<String> refusal(TopologyManagerPolicy policy, NumaMask narrowest) {
        if (!known || numa.size() < 2) {
            return Optional.empty();
        }
        String where = "the allocation on " + host + " spans NUMA nodes " + numa;
        if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
            return Optional.of(where + "; single-numa-node admits a container only on one NUMA node");
        }
        if (policy == TopologyManagerPolicy.RESTRICTED && narrowest != null && narrowest.count() < numa.size()) {
            return Optional.of(where + "; restricted admits only the narrowest affinity, "
                    + narrowest.count() + " NUMA node(s) " + narrowest.ids());
        }
        return Optional.empty();
    }
}
