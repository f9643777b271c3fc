package org.topoplanner.importers.k8s;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.NvlinkReachDomains;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink domains as the exports write them: the label {@value CliqueLabels#CLIQUE_LABEL} on each
 * host, a Kueue Topology level and a Volcano HyperNode tier, the same domains the policies honour
 * ({@link NvlinkReachDomains}). A domain's label value is its clique ({@code <ClusterUUID>.<CliqueId>})
 * when a GPU source named it, else its own name (a designed rack {@code nvl72-1}, a Topograph or Slurm
 * block), cleaned up as a label value.
 *
 * <p>Written only when every host is in a domain: Volcano finds a node's HyperNode on the lowest tier
 * alone, and a Kueue node without a level's label has no place in the Topology's tree, so a partial tier
 * would lose the hosts outside it; {@link #problems} says so instead.
 */
final class DomainTier {
    private final NvlinkDomains domains;
    private final boolean complete;

    DomainTier(Cluster cluster) {
        this.domains = NvlinkReachDomains.of(cluster);
        this.complete = !domains.isEmpty()
                && cluster.fabric().hosts().stream().allMatch(h -> domains.ofHost(h.name()).isPresent());
    }

    /** Whether the exports carry the domain tier. */
    boolean written() {
        return complete;
    }

    NvlinkDomains domains() {
        return domains;
    }

    /** The label value of the host's domain, when the tier is written. */
    Optional<String> valueOf(String host) {
        return complete ? domains.ofHost(host).map(DomainTier::labelValue) : Optional.empty();
    }

    static String labelValue(NvlinkDomain d) {
        return LabelSyntax.toLabelValue(d.name());
    }

    /**
     * How many switch levels (widest first) sit above the clique level: the most for which every
     * domain's hosts share their switches, so that a clique is never split between two branches.
     */
    int cliquePosition(TierPaths paths) {
        int maxTier = paths.maxTier();
        for (int p = maxTier; p > 0; p--) {
            if (holdsEveryDomainWhole(paths, maxTier - p + 1)) {
                return p;
            }
        }
        return 0;
    }

    private boolean holdsEveryDomainWhole(TierPaths paths, int lowestTier) {
        for (NvlinkDomain d : domains.all()) {
            Map<Integer, String> first = null;
            for (String h : d.hosts()) {
                Map<Integer, String> path = paths.byHost().get(h);
                if (path == null) {
                    continue;
                }
                Map<Integer, String> above = new TreeMap<>(path).tailMap(lowestTier);
                if (first == null) {
                    first = above;
                } else if (!Objects.equals(first, above)) {
                    return false;
                }
            }
        }
        return true;
    }

    List<Diagnostic> problems(Cluster cluster) {
        if (domains.isEmpty() || complete) {
            return List.of();
        }
        List<String> outside = cluster.fabric().hosts().stream().map(h -> h.name())
                .filter(h -> domains.ofHost(h).isEmpty()).limit(5).toList();
        return List.of(Diagnostic.warning("", 0, 0, "the NVLink domains are not exported as a tier (no "
                + CliqueLabels.CLIQUE_LABEL + " level or HyperNode tier): hosts such as " + outside
                + " are in none, and a partial tier would leave them out of the tree"));
    }
}
