package org.topoplanner.model.nvlink;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;

/**
 * The multi-node NVLink domains of a cluster, each host in at most one. Immutable.
 *
 * <p>A host named by two domains stays in the first (sources are combined in rank order by
 * {@link #union}); a fabric's blocks count as domains for hosts no explicit domain holds
 * ({@link #withBlocks}), because topograph and Slurm's block topology use blocks for exactly that.
 */
public final class NvlinkDomains {
    private static final NvlinkDomains NONE = new NvlinkDomains(List.of());

    private final List<NvlinkDomain> domains;
    private final Map<String, NvlinkDomain> byHost = new HashMap<>();

    private NvlinkDomains(List<NvlinkDomain> domains) {
        this.domains = List.copyOf(domains);
        for (NvlinkDomain d : this.domains) {
            d.hosts().forEach(h -> byHost.putIfAbsent(h, d));
        }
    }

    public static NvlinkDomains none() {
        return NONE;
    }

    /**
     * The domains, those of one name combined (their hosts in order of first mention: a per-host
     * source such as {@code nvidia-smi -q} gives one domain per host), and a host already in an earlier
     * domain left out of later ones; domains left without hosts are dropped.
     */
    public static NvlinkDomains of(Collection<NvlinkDomain> domains) {
        Map<String, NvlinkDomain> named = new LinkedHashMap<>();
        Map<String, Set<String>> hosts = new LinkedHashMap<>();
        Set<String> taken = new java.util.HashSet<>();
        for (NvlinkDomain d : domains) {
            NvlinkDomain first = named.putIfAbsent(d.name(), d);
            if (first != null && first.design() == null && d.design() != null) {
                named.put(d.name(), first.withDesign(d.design()));
            }
            Set<String> mine = hosts.computeIfAbsent(d.name(), k -> new LinkedHashSet<>());
            for (String h : d.hosts()) {
                if (mine.contains(h) || taken.add(h)) {
                    mine.add(h);
                }
            }
        }
        List<NvlinkDomain> out = new ArrayList<>();
        named.forEach((name, d) -> {
            if (!hosts.get(name).isEmpty()) {
                out.add(d.withHosts(List.copyOf(hosts.get(name))));
            }
        });
        return out.isEmpty() ? NONE : new NvlinkDomains(out);
    }

    public List<NvlinkDomain> all() {
        return domains;
    }

    public boolean isEmpty() {
        return domains.isEmpty();
    }

    public int size() {
        return domains.size();
    }

    public Optional<NvlinkDomain> ofHost(String host) {
        return Optional.ofNullable(byHost.get(host));
    }

    public Optional<NvlinkDomain> named(String name) {
        return domains.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** This set's domains first, then {@code later}'s (a host keeps the domain met first). */
    public NvlinkDomains union(NvlinkDomains later) {
        if (later.isEmpty()) {
            return this;
        }
        List<NvlinkDomain> all = new ArrayList<>(domains);
        all.addAll(later.domains);
        return of(all);
    }

    /** These domains plus, as domains, the fabric's blocks whose hosts none of these holds. */
    public NvlinkDomains withBlocks(Fabric fabric) {
        if (fabric.blocks().isEmpty()) {
            return this;
        }
        List<NvlinkDomain> all = new ArrayList<>(domains);
        for (Block b : fabric.blocks()) {
            if (b.nodes().stream().noneMatch(byHost::containsKey) && named(b.name()).isEmpty()) {
                all.add(NvlinkDomain.ofBlock(b.name(), b.nodes(), DomainOrigin.FABRIC_BLOCK));
            }
        }
        return of(all);
    }

    /** Only the hosts in {@code keep}; domains left empty are dropped. */
    public NvlinkDomains retainHosts(Set<String> keep) {
        List<NvlinkDomain> out = new ArrayList<>();
        for (NvlinkDomain d : domains) {
            out.add(d.withHosts(d.hosts().stream().filter(keep::contains).toList()));
        }
        return of(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NvlinkDomains other && other.domains.equals(domains);
    }

    @Override
    public int hashCode() {
        return domains.hashCode();
    }

    @Override
    public String toString() {
        return "NvlinkDomains" + domains;
    }
}
