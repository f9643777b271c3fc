package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareAssignment;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.importers.hardware.HardwareSource;
import org.topoplanner.importers.hardware.HardwareTotals;
import org.topoplanner.importers.hardware.HostGroup;
import org.topoplanner.importers.hardware.HostGroups;
import org.topoplanner.model.cluster.Cluster;

/**
 * A proposed hardware assignment as a person builds it: the hosts in groups by what describes them,
 * a source (template or file) chosen for some groups, and what the cluster would add up to, computed
 * before anything changes. Immutable; each choice makes a new value.
 *
 * @param cluster  the cluster the hardware goes into (an import's result, or the open one)
 * @param groups   the hosts in question, grouped
 * @param chosen   group index to its source; groups without one keep what they have
 * @param existing the window uses {@link ExistingHardware#REPLACE}: a group is chosen for as a whole, and
 *                 the groups already keep hosts their own sources describe apart, so a choice means
 *                 exactly what it says (the command line's blanket rules use KEEP instead)
 */
public record HardwareChoices(Cluster cluster, List<HostGroup> groups, Map<Integer, HardwareSource> chosen,
                              ExistingHardware existing) {
    public HardwareChoices {
        Objects.requireNonNull(cluster, "cluster");
        groups = List.copyOf(groups);
        chosen = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(chosen));
    }

    /** Every host of the cluster, grouped. */
    public static HardwareChoices of(Cluster cluster, ExistingHardware existing) {
        return new HardwareChoices(cluster, HostGroups.of(cluster), Map.of(), existing);
    }

    /** Only {@code hosts} (a selection in the cluster tree), in the groups the whole cluster has. */
    public static HardwareChoices of(Cluster cluster, Collection<String> hosts, ExistingHardware existing) {
        Set<String> wanted = new HashSet<>(hosts);
        List<HostGroup> groups = new ArrayList<>();
        for (HostGroup g : HostGroups.of(cluster)) {
            List<String> in = g.hosts().stream().filter(wanted::contains).toList();
            if (!in.isEmpty()) {
                groups.add(new HostGroup(g.kind(), g.description(), in, HardwareTotals.of(cluster, in)));
            }
        }
        return new HardwareChoices(cluster, groups, Map.of(), existing);
    }

    /** The same with {@code source} for group {@code group}; {@code null} takes its choice back. */
    public HardwareChoices with(int group, HardwareSource source) {
        Map<Integer, HardwareSource> m = new LinkedHashMap<>(chosen);
        if (source == null) {
            m.remove(group);
        } else {
            m.put(group, source);
        }
        return new HardwareChoices(cluster, groups, m, existing);
    }

    public Optional<HardwareSource> choice(int group) {
        return Optional.ofNullable(chosen.get(group));
    }

    /** One rule per chosen group, in group order. */
    public HardwareAssignment assignment() {
        List<HardwareRule> rules = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            HardwareSource s = chosen.get(i);
            if (s != null) {
                rules.add(HardwareRule.of(groups.get(i).hosts(), s));
            }
        }
        return new HardwareAssignment(rules);
    }

    public boolean isEmpty() {
        return chosen.isEmpty();
    }

    /** The cluster with the chosen hardware and what applying it found; the cluster itself when nothing is chosen. */
    public HardwareResult preview() {
        return isEmpty() ? new HardwareResult(cluster, List.of()) : assignment().apply(cluster, existing);
    }

    /** The hosts in question as they are now. */
    public HardwareTotals now() {
        return HardwareTotals.of(cluster, hosts());
    }

    /** The hosts in question as {@code preview} would make them. */
    public HardwareTotals after(HardwareResult preview) {
        return HardwareTotals.of(preview.cluster(), hosts());
    }

    public List<String> hosts() {
        return groups.stream().flatMap(g -> g.hosts().stream()).toList();
    }
}
