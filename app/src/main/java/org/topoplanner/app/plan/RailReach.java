package org.topoplanner.app.plan;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.NaturalNameOrder;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.fabric.ScalableUnit;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * How many leaf switches a job reaches, counted the way network engineers count them. On a plain fat
 * tree each host hangs off one leaf and "leaves 3" means three leaf switches. On a rail-optimised
 * fabric each host has an HCA on every rail leaf of its scalable unit, so the schedulers' logical leaf
 * (the unit, {@link RailGroups}) says "1" for a job that in fact uses all 8 rails; engineers say
 * "8 rails in 1 scalable unit".
 *
 * @param railOptimised  whether the fabric groups leaves into rail groups
 * @param physicalLeaves the leaf switches the job's hosts are cabled to, in natural order
 * @param units          the scalable units (logical leaves) they belong to, in natural order
 * @param railsPerUnit   the most leaves the job reaches in any one unit (its rails)
 */
public record RailReach(boolean railOptimised, List<String> physicalLeaves, List<String> units, int railsPerUnit) {
    public RailReach {
        physicalLeaves = List.copyOf(physicalLeaves);
        units = List.copyOf(units);
    }

    public static RailReach of(Fabric fabric, List<String> hosts) {
        RailGroups groups = RailGroups.of(fabric);
        Set<String> leafNames = new java.util.HashSet<>(fabric.leaves().stream().map(SwitchNode::name).toList());
        TreeSet<String> leaves = new TreeSet<>(NaturalNameOrder.INSTANCE);
        for (String h : hosts) {
            fabric.switchesOf(h).stream().filter(leafNames::contains).forEach(leaves::add);
        }
        java.util.Map<String, Integer> perUnit = new java.util.HashMap<>();
        leaves.forEach(l -> {
            ScalableUnit u = groups.unitOf(l);
            perUnit.merge(u == null ? l : u.name(), 1, Integer::sum);
        });
        return new RailReach(groups.isRailOptimised(), List.copyOf(leaves),
                perUnit.keySet().stream().sorted(NaturalNameOrder.INSTANCE).toList(),
                perUnit.values().stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    /**
     * The metric's words: {@code 3 (leaf[01-03])} on a fat tree; {@code 8 rails in 1 scalable unit
     * (su1)} on a rail-optimised fabric (the rails counted per unit, the most any unit has).
     */
    public String words(java.util.function.Function<List<String>, String> hostlist) {
        if (!railOptimised) {
            return physicalLeaves.size() + (physicalLeaves.isEmpty() ? "" : "  (" + hostlist.apply(physicalLeaves) + ")");
        }
        int rails = railsPerUnit;
        return rails + " rail" + (rails == 1 ? "" : "s") + " in " + units.size() + " scalable unit"
                + (units.size() == 1 ? "" : "s") + "  (" + hostlist.apply(units) + "; rail leaves "
                + hostlist.apply(physicalLeaves) + ")";
    }
}
