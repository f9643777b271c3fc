package org.topoplanner.allocator.k8s;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;

/**
 * What each host offers the kubelet with nothing running, by host number of the {@link ClusterIndex}: CPUs
 * in millicores, memory, GPUs, RDMA NICs, and its NUMA node count (the kubelet's start-up check). Built once
 * per cluster: sizing a node from its topology walks its NUMA and core lists, which a suggestion would
 * otherwise repeat for every host of a 16,384-host cluster.
 */
final class NodeAllocatable {
    private static final Object KEY = NodeAllocatable.class;

    private final long[] cpuMilli;
    private final long[] memoryMiB;
    private final int[] gpus;
    private final int[] nics;
    private final int[] numaNodes;

    private NodeAllocatable(ClusterIndex index) {
        Cluster cluster = index.cluster();
        int n = index.size();
        cpuMilli = new long[n];
        memoryMiB = new long[n];
        gpus = new int[n];
        nics = new int[n];
        numaNodes = new int[n];
        Set<String> slurmNodes = new HashSet<>();
        cluster.slurm().nodeLines().forEach(l -> slurmNodes.add(l.name()));
        Map<NodeTopology, Integer> numaByTopology = new IdentityHashMap<>();
        for (int h = 0; h < n; h++) {
            String host = index.host(h);
            NodeTopology t = cluster.node(host);
            long cpus = index.cpuIds(h).cpus() * 1000L;
            // a host with no CPU description anywhere has no CPUs to offer (not Slurm's 1x1x1 default)
            if (t.coreList().isEmpty() && t.sockets() == null && !slurmNodes.contains(host)) {
                cpus = 0;
            }
            cpuMilli[h] = cpus;
            memoryMiB[h] = t.numa().stream().mapToLong(x -> x.memoryMiB()).sum();
            gpus[h] = t.gpus().size();
            nics[h] = t.nics().size();
            numaNodes[h] = numaByTopology.computeIfAbsent(t, x -> KubeletNode.numaIds(x).size());
        }
    }

    static NodeAllocatable of(ClusterIndex index) {
        return index.derived(KEY, c -> new NodeAllocatable(index));
    }

    /** The cluster with nothing running ({@link ClusterIndex#idle}). */
    static ClusterState idle(Cluster cluster) {
        return ClusterIndex.of(cluster).idle();
    }

    long cpuMilli(int h) {
        return cpuMilli[h];
    }

    long memoryMiB(int h) {
        return memoryMiB[h];
    }

    int gpus(int h) {
        return gpus[h];
    }

    int nics(int h) {
        return nics[h];
    }

    /** NUMA nodes the kubelet counts on the host ({@code max-allowable-numa-nodes} is checked against it). */
    int numaNodes(int h) {
        return numaNodes[h];
    }
}
