package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.nvlink.NvlinkDomain;

/**
 * Writes the fabric as Volcano HyperNodes ({@code topology.volcano.sh/v1alpha1}): one per switch that
 * has hosts below it, {@code spec.tier} its fabric tier, leaves listing their hosts as {@code Node}
 * members and upper tiers their child switches as {@code HyperNode} members, each member with exactly
 * one {@code exactMatch} selector (the scheduler honours HyperNode members only through exactMatch).
 * Each child is listed under its first parent only, because Volcano allows one parent. Switch names
 * that are not DNS subdomains are cleaned up by {@link LabelSyntax#toObjectName}; only {@code spec} is
 * written, never {@code status}, and no {@code volcano.sh/network-topology-source} label, which belongs
 * to Volcano's own discovery.
 *
 * <p>When every host is in an NVLink domain ({@link DomainTier}), the domains are tier 1 (their hosts as
 * members, {@code tierName: nvidia.com/gpu.clique}), each listed by the lowest switch holding it whole,
 * and the switches are tier 2 and up, as the volcano policy models it ({@code highestTierAllowed: 1}
 * keeps a job in one rack).
 */
public final class HyperNodeWriter implements KubernetesExport {
    static final String API_VERSION = "topology.volcano.sh/v1alpha1";

    /** The {@code spec.tierName} of NVLink domain HyperNodes, by which {@link HyperNodeReader} knows them. */
    static final String DOMAIN_TIER_NAME = CliqueLabels.CLIQUE_LABEL;

    @Override
    public String target() {
        return "volcano-hypernodes";
    }

    @Override
    public String write(Cluster cluster) {
        Fabric f = RailGroups.collapse(cluster.fabric());
        DomainTier tier = new DomainTier(cluster);
        int lift = tier.written() ? 1 : 0;
        Map<String, NvlinkDomain> domainOfHost = new HashMap<>();
        Map<String, String> parentOfDomain = new HashMap<>();
        StringBuilder b = new StringBuilder();
        if (tier.written()) {
            for (NvlinkDomain d : tier.domains().all()) {
                d.hosts().forEach(h -> domainOfHost.put(h, d));
                lowestHolder(f, d).ifPresent(s -> parentOfDomain.put(d.name(), s));
                List<String> members = d.hosts().stream().map(h -> member("Node", h)).toList();
                hyperNode(b, LabelSyntax.toObjectName(d.name()), 1, DOMAIN_TIER_NAME, members);
            }
        }
        Set<String> listed = new HashSet<>();
        // Lower tiers come first, so a child is known to have a HyperNode before a parent lists it: a
        // spine whose leaves all sit under another spine has no members and must not be listed.
        Set<String> written = new HashSet<>();
        for (SwitchNode s : exported(f)) {
            List<String> members = new ArrayList<>();
            for (String child : f.childSwitches(s.name())) {
                if (written.contains(child) && f.parents(child).get(0).equals(s.name()) && listed.add("S" + child)) {
                    members.add(member("HyperNode", LabelSyntax.toObjectName(child)));
                }
            }
            for (String host : f.hostsOf(s.name())) {
                if (!domainOfHost.containsKey(host) && listed.add("H" + host)) {
                    members.add(member("Node", host));
                }
            }
            // Hosts in a domain hang below it; the domain hangs below the lowest switch holding it whole.
            for (NvlinkDomain d : tier.domains().all()) {
                if (tier.written() && s.name().equals(parentOfDomain.get(d.name())) && listed.add("D" + d.name())) {
                    members.add(member("HyperNode", LabelSyntax.toObjectName(d.name())));
                }
            }
            if (members.isEmpty()) {
                continue;
            }
            written.add(s.name());
            hyperNode(b, LabelSyntax.toObjectName(s.name()), s.tier() + lift, null, members);
        }
        return b.toString();
    }

    private static void hyperNode(StringBuilder b, String name, int tier, String tierName, List<String> members) {
        b.append("---\napiVersion: ").append(API_VERSION).append("\nkind: HyperNode\nmetadata:\n  name: ")
                .append(TierPaths.quoted(name)).append("\nspec:\n  tier: ").append(tier).append('\n');
        if (tierName != null) {
            b.append("  tierName: ").append(TierPaths.quoted(tierName)).append('\n');
        }
        b.append("  members:\n");
        members.forEach(b::append);
    }

    /** The lowest switch with every host of the domain below it: the domain HyperNode's one parent. */
    private static Optional<String> lowestHolder(Fabric f, NvlinkDomain d) {
        return exported(f).stream().filter(s -> f.hostsUnder(s.name()).containsAll(d.hosts()))
                .map(SwitchNode::name).findFirst();
    }

    private static String member(String type, String name) {
        return "  - type: " + type + "\n    selector:\n      exactMatch:\n        name: " + TierPaths.quoted(name) + "\n";
    }

    private static boolean isExported(Fabric f, String name) {
        return f.switchNamed(name).map(s -> s.tier() >= 1).orElse(false) && !f.hostsUnder(name).isEmpty();
    }

    /** Switches with hosts below them, lower tiers first, then in fabric order. */
    private static List<SwitchNode> exported(Fabric f) {
        return f.switches().stream().filter(s -> isExported(f, s.name()))
                .sorted(Comparator.comparingInt(SwitchNode::tier)).toList();
    }

    @Override
    public List<Diagnostic> check(Cluster cluster) {
        Fabric f = RailGroups.collapse(cluster.fabric());
        List<Diagnostic> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        DomainTier tier = new DomainTier(cluster);
        out.addAll(tier.problems(cluster));
        if (tier.written()) {
            tier.domains().all().forEach(d -> names.add(LabelSyntax.toObjectName(d.name())));
        }
        for (SwitchNode s : f.switches()) {
            if (!isExported(f, s.name())) {
                out.add(Diagnostic.warning("", 0, 0, "switch " + s.name() + " has no host below it; no HyperNode"));
                continue;
            }
            String name = LabelSyntax.toObjectName(s.name());
            if (!name.equals(s.name())) {
                out.add(Diagnostic.info("", 0, 0, "switch " + s.name() + " is written as HyperNode " + name));
            }
            if (!names.add(name)) {
                out.add(Diagnostic.error("", 0, 0, "two switches or NVLink domains become HyperNode " + name));
            }
            if (f.parents(s.name()).size() > 1) {
                String text = "switch " + s.name() + " has parents " + f.parents(s.name())
                        + "; Volcano allows one, so only " + f.parents(s.name()).get(0) + " lists it";
                // Interchangeable spines (each reaching the same hosts) lose nothing for placement.
                out.add(TierPaths.interchangeableParents(f, s.name()) ? Diagnostic.info("", 0, 0, text
                        + "; they reach the same hosts") : Diagnostic.warning("", 0, 0, text));
            }
            if (!f.hostsOf(s.name()).isEmpty() && !f.childSwitches(s.name()).isEmpty()) {
                out.add(Diagnostic.warning("", 0, 0, "switch " + s.name() + " has both hosts and switches below it;"
                        + " its HyperNode mixes Node and HyperNode members"));
            }
        }
        f.hosts().forEach(h -> {
            if (!LabelSyntax.isObjectName(h.name())) {
                out.add(Diagnostic.error("", 0, 0, "host " + h.name() + " is not a valid Kubernetes node name;"
                        + " exactMatch.name must be a lowercase DNS subdomain"));
            }
            if (f.switchesOf(h.name()).size() > 1) {
                out.add(Diagnostic.warning("", 0, 0, "host " + h.name() + " is on several switches; only "
                        + f.switchesOf(h.name()).get(0) + " lists it"));
            }
        });
        return out;
    }
}
