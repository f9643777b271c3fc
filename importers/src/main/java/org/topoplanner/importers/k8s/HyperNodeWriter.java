package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Writes the fabric as Volcano HyperNodes ({@code topology.volcano.sh/v1alpha1}): one per switch that
 * has hosts below it, {@code spec.tier} its fabric tier, leaves listing their hosts as {@code Node}
 * members and upper tiers their child switches as {@code HyperNode} members, each member with exactly
 * one {@code exactMatch} selector (the scheduler honours HyperNode members only through exactMatch).
 * Each child is listed under its first parent only, because Volcano allows one parent. Switch names
 * that are not DNS subdomains are cleaned up by {@link LabelSyntax#toObjectName}; only {@code spec} is
 * written, never {@code status}, and no {@code volcano.sh/network-topology-source} label, which belongs
 * to Volcano's own discovery.
 */
public final class HyperNodeWriter implements KubernetesExport {
    static final String API_VERSION = "topology.volcano.sh/v1alpha1";

    @Override
    public String target() {
        return "volcano-hypernodes";
    }

    @Override
    public String write(Cluster cluster) {
        Fabric f = RailGroups.collapse(cluster.fabric());
        StringBuilder b = new StringBuilder();
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
                if (listed.add("H" + host)) {
                    members.add(member("Node", host));
                }
            }
            if (members.isEmpty()) {
                continue;
            }
            written.add(s.name());
            b.append("---\napiVersion: ").append(API_VERSION).append("\nkind: HyperNode\nmetadata:\n  name: ")
                    .append(TierPaths.quoted(LabelSyntax.toObjectName(s.name()))).append("\nspec:\n  tier: ")
                    .append(s.tier()).append("\n  members:\n");
            members.forEach(b::append);
        }
        return b.toString();
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
                out.add(Diagnostic.error("", 0, 0, "two switches become HyperNode " + name));
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
