package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;

/**
 * A cluster's hosts by position (the {@link ClusterHostNames} order) with each host's block mates, built
 * once per cluster, for per-host tables that a new state updates only where jobs came or went
 * ({@link FragmentationTable}, the validator's eligible hosts).
 *
 * @param hosts        every host name, in the cluster's order
 * @param position     each name's position in {@code hosts}
 * @param blockHostsOf each host's block mates (itself included), for hosts in a block
 */
public record HostPositions(List<String> hosts, Map<String, Integer> position, Map<String, List<String>> blockHostsOf) {
    public static HostPositions of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(HostPositions.class, c -> {
            List<String> hosts = ClusterHostNames.of(c).names();
            Map<String, Integer> position = new HashMap<>(hosts.size() * 2);
            for (int i = 0; i < hosts.size(); i++) {
                position.putIfAbsent(hosts.get(i), i);
            }
            Map<String, List<String>> blockHostsOf = new HashMap<>();
            for (Block b : c.fabric().blocks()) {
                for (String h : b.nodes()) {
                    blockHostsOf.computeIfAbsent(h, k -> new ArrayList<>()).addAll(b.nodes());
                }
            }
            return new HostPositions(hosts, position, blockHostsOf);
        });
    }

    /**
     * The positions whose entry may differ once the jobs on {@code changed} came or went: those hosts and,
     * on a cluster with blocks, every host of their blocks (a job holding its blocks whole changes them all).
     */
    public Set<Integer> touchedBy(Set<String> changed) {
        Set<String> hosts = new HashSet<>(changed);
        if (!blockHostsOf.isEmpty()) {
            for (String h : changed) {
                hosts.addAll(blockHostsOf.getOrDefault(h, List.of()));
            }
        }
        Set<Integer> out = new HashSet<>();
        for (String h : hosts) {
            Integer p = position.get(h);
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    /** The hosts of blocks that some job of {@code state} holds whole; none on a cluster without blocks. */
    public Set<String> heldWhole(ClusterState state) {
        return blockHostsOf.isEmpty() ? Set.of() : BlockHolds.hostsHeld(state);
    }
}
