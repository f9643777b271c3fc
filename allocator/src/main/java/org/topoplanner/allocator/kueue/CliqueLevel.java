package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink clique as a level of a fabric-derived Kueue Topology, named by GPU Feature Discovery's node
 * label {@value #LABEL} (whose value is the clique), so that {@code --kueue-required nvidia.com/gpu.clique}
 * keeps a job inside one multi-node NVLink domain as it does on a cluster labelled by the GPU Operator.
 *
 * <p>The level goes just below the lowest switch tier whose every domain holds each NVLink domain
 * whole (below the leaves when each rack hangs under its own leaf; higher when a rack's trays are cabled
 * to several rail leaves), so that a clique is never split between two branches of the tree. A host in no
 * NVLink domain is its own clique (its host name), as a node without the label would be alone.
 */
final class CliqueLevel {
    static final String LABEL = "nvidia.com/gpu.clique";

    private CliqueLevel() {
    }

    /** {@code levels} with the clique level inserted, or unchanged when the cluster has no NVLink domain. */
    static TopologyLevels insert(TopologyLevels levels, Cluster cluster) {
        NvlinkDomains domains = org.topoplanner.allocator.NvlinkReach.of(cluster);
        if (domains.isEmpty() || levels.levels().contains(LABEL)) {
            return levels;
        }
        int switchLevels = levels.levels().size() - 1;
        // position p: the clique goes after the first p switch levels (widest first); p = switchLevels is below the leaf
        int at = cliquePosition(levels, domains, switchLevels);
        List<String> names = new ArrayList<>(levels.levels());
        names.add(at, LABEL);
        Map<String, List<String>> values = new LinkedHashMap<>();
        levels.values().forEach((host, v) -> {
            List<String> withClique = new ArrayList<>(v);
            withClique.add(at, domains.ofHost(host).map(NvlinkDomain::name).orElse(host));
            values.put(host, withClique);
        });
        return new TopologyLevels(levels.name(), names, values);
    }

    private static int cliquePosition(TopologyLevels levels, NvlinkDomains domains, int switchLevels) {
        for (int p = switchLevels; p > 0; p--) {
            if (holdsEveryDomainWhole(levels, domains, p)) {
                return p;
            }
        }
        return 0;
    }

    /** Whether every domain's hosts agree on their first {@code depth} level values. */
    private static boolean holdsEveryDomainWhole(TopologyLevels levels, NvlinkDomains domains, int depth) {
        for (NvlinkDomain d : domains.all()) {
            List<String> first = null;
            for (String h : d.hosts()) {
                List<String> v = levels.values().get(h);
                if (v == null) {
                    continue;
                }
                List<String> prefix = v.subList(0, depth);
                if (first == null) {
                    first = prefix;
                } else if (!Objects.equals(first, prefix)) {
                    return false;
                }
            }
        }
        return true;
    }
}
