package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.TierInference;

/**
 * Builds a fabric from node labels: every topology label value is a domain (a switch), nested by its
 * family's order; each node hangs under the lowest domain it names; NVLink domain labels become blocks.
 *
 * <p>As in Kueue, a domain is identified by the path of values from the top level down, so the same
 * value under two different parents is two domains. A switch is named by its label value when that
 * is unambiguous in the whole fabric, else by its parent's name and the value joined with a dot (for a
 * top domain: the key's short name, as in {@code zone.us-east}), else with a {@code ~2}, {@code ~3}
 * suffix in source order; names are therefore deterministic and unique. The switch's description
 * keeps {@code key=value}. Tiers come from the keys when they state them (our own
 * {@code topoplanner.org/tier-N}), otherwise from the height in the tree.
 */
final class LabelFabric {
    private final Diagnostics diagnostics;

    LabelFabric(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    private record Domain(String key, String value, List<String> path, Domain parent, Integer fixedTier) {
    }

    Fabric build(List<LabelledNode> nodes) {
        Map<List<String>, Domain> domains = new LinkedHashMap<>();
        Map<String, Domain> leafOf = new LinkedHashMap<>();
        Map<String, List<String>> blocks = new LinkedHashMap<>();
        int unplaced = 0;
        for (LabelledNode node : nodes) {
            List<TopologyLabelFamily.Level> path = pathOf(node);
            Domain parent = null;
            List<String> identity = new ArrayList<>();
            for (TopologyLabelFamily.Level level : path) {
                identity.add(level.key());
                identity.add(node.labels().get(level.key()));
                List<String> id = List.copyOf(identity);
                Domain d = domains.get(id);
                if (d == null) {
                    d = new Domain(level.key(), node.labels().get(level.key()), id, parent, level.fixedTier());
                    domains.put(id, d);
                }
                parent = d;
            }
            if (parent == null) {
                unplaced++;
            } else {
                leafOf.put(node.name(), parent);
            }
            for (String key : TopologyLabelFamily.blockKeys()) {
                String v = node.labels().get(key);
                if (v != null && !v.isEmpty()) {
                    blocks.computeIfAbsent(v, k -> new ArrayList<>()).add(node.name());
                    break;
                }
            }
        }
        if (unplaced > 0 && !domains.isEmpty()) {
            diagnostics.info(0, 0, unplaced + " node(s) carry no network topology label; they are hosts without a switch");
        }
        Map<Domain, String> names = name(domains.values(), nodes);
        FabricBuilder fb = new FabricBuilder();
        for (Domain d : domains.values()) {
            fb.addSwitch(names.get(d), null, d.key() + "=" + d.value());
        }
        for (LabelledNode n : nodes) {
            fb.addHost(n.name());
        }
        Map<String, List<String>> children = new HashMap<>();
        for (Domain d : domains.values()) {
            if (d.parent() != null) {
                fb.cable(names.get(d), names.get(d.parent()));
                children.computeIfAbsent(names.get(d.parent()), k -> new ArrayList<>()).add(names.get(d));
            }
        }
        Set<String> withHosts = new HashSet<>();
        leafOf.forEach((host, leaf) -> {
            fb.cable(names.get(leaf), host);
            withHosts.add(names.get(leaf));
        });
        fb.tiers(tiers(domains.values(), names, children, withHosts));
        blocks.forEach((name, members) -> fb.block(new Block(name, members)));
        return fb.build();
    }

    /** The topology levels of one node, widest first: location labels, then one network family. */
    private List<TopologyLabelFamily.Level> pathOf(LabelledNode node) {
        List<TopologyLabelFamily.Level> location = new ArrayList<>();
        Map<TopologyLabelFamily, List<TopologyLabelFamily.Level>> network = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : node.labels().entrySet()) {
            TopologyLabelFamily.levelOf(e.getKey()).ifPresent(level -> {
                if (e.getValue() == null || e.getValue().isEmpty()) {
                    diagnostics.warning(node.line(), node.column(), "node " + node.name() + ": topology label "
                            + e.getKey() + " is empty; that level is skipped");
                } else if (level.family().isLocation()) {
                    location.add(level);
                } else {
                    network.computeIfAbsent(level.family(), f -> new ArrayList<>()).add(level);
                }
            });
        }
        List<TopologyLabelFamily.Level> path = new ArrayList<>(location);
        path.sort((a, b) -> Integer.compare(b.height(), a.height()));
        // Enum order is the preference order: our own labels, then Topograph's, then the clouds'.
        TopologyLabelFamily chosen = null;
        for (TopologyLabelFamily f : TopologyLabelFamily.values()) {
            if (network.containsKey(f)) {
                chosen = f;
                break;
            }
        }
        if (chosen != null) {
            if (network.size() > 1) {
                diagnostics.info(node.line(), node.column(), "node " + node.name() + " has labels of several"
                        + " topology families " + network.keySet() + "; the fabric follows " + chosen
                        + ", the others stay labels only");
            }
            List<TopologyLabelFamily.Level> levels = new ArrayList<>(network.get(chosen));
            levels.sort((a, b) -> Integer.compare(b.height(), a.height()));
            path.addAll(levels);
        }
        return path;
    }

    private Map<Domain, String> name(Iterable<Domain> domains, List<LabelledNode> nodes) {
        Map<String, Integer> uses = new HashMap<>();
        Set<String> hostNames = new HashSet<>();
        nodes.forEach(n -> hostNames.add(n.name()));
        for (Domain d : domains) {
            uses.merge(d.value(), 1, Integer::sum);
        }
        Map<Domain, String> names = new LinkedHashMap<>();
        Set<String> taken = new LinkedHashSet<>(hostNames);
        for (Domain d : domains) {
            String name = d.value();
            if (uses.get(d.value()) > 1 || hostNames.contains(name)) {
                String prefix = d.parent() != null ? names.get(d.parent())
                        : TopologyLabelFamily.levelOf(d.key()).map(TopologyLabelFamily.Level::shortName).orElse(d.key());
                name = prefix + "." + d.value();
            }
            String unique = name;
            for (int i = 2; taken.contains(unique); i++) {
                unique = name + "~" + i;
            }
            taken.add(unique);
            names.put(d, unique);
        }
        return names;
    }

    private Map<String, Integer> tiers(Iterable<Domain> domains, Map<Domain, String> names,
                                       Map<String, List<String>> children, Set<String> withHosts) {
        boolean allFixed = true;
        List<String> all = new ArrayList<>();
        Map<String, Integer> fixed = new HashMap<>();
        for (Domain d : domains) {
            all.add(names.get(d));
            if (d.fixedTier() == null || d.fixedTier() < 1) {
                allFixed = false;
            } else {
                fixed.put(names.get(d), d.fixedTier());
            }
        }
        return allFixed ? fixed : TierInference.byHeight(all, children, withHosts);
    }
}
