package org.topoplanner.allocator.volcano;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink domain as the lowest HyperNode tier, the way Volcano's network topology aware scheduling
 * describes a GB200 NVL72 cluster: tier 1 HyperNodes are the NVLink domains (their nodes as members),
 * the switches above them tier 2 and up. {@code highestTierAllowed: 1} then keeps a job inside one
 * domain. Each domain HyperNode's parent is the lowest switch HyperNode that holds all its nodes.
 *
 * <p>Only when every node is in a domain: Volcano finds a node's HyperNode on the lowest tier alone
 * ({@code FindHyperNodeForNode}), so a node outside every domain would lose its place in the tree.
 */
final class NvlinkHyperNodes {
    private NvlinkHyperNodes() {
    }

    static HyperNodeTree withDomainTier(HyperNodeTree switches, Cluster cluster) {
        NvlinkDomains domains = NvlinkReach.of(cluster);
        if (domains.isEmpty() || !cluster.hostNames().stream().allMatch(h -> domains.ofHost(h).isPresent())) {
            return switches;
        }
        Map<String, HyperNodeTree.Info> out = new LinkedHashMap<>();
        for (NvlinkDomain d : domains.all()) {
            out.put(d.name(), new HyperNodeTree.Info(d.name(), 1, lowestHolder(switches, d), d.hosts()));
        }
        switches.hyperNodes().forEach((name, i) -> out.putIfAbsent(name,
                new HyperNodeTree.Info(name, i.tier() + 1, i.parent(), i.realNodes())));
        return HyperNodeTree.ofInfos(out);
    }

    private static String lowestHolder(HyperNodeTree switches, NvlinkDomain d) {
        String best = null;
        int bestTier = Integer.MAX_VALUE;
        for (HyperNodeTree.Info i : switches.hyperNodes().values()) {
            if (i.tier() < bestTier && i.realNodes().containsAll(d.hosts())) {
                best = i.name();
                bestTier = i.tier();
            }
        }
        return best;
    }
}
