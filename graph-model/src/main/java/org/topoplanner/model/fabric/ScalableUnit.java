package org.topoplanner.model.fabric;

import java.util.List;
import java.util.Objects;

/**
 * A group of leaf switches that share hosts, scheduled as one logical leaf. On a rail-optimised
 * fabric (a DGX SuperPOD scalable unit) each host has one HCA on each of several rail leaves, so
 * no single leaf holds the host; Slurm's tree plugin needs every node under exactly one leaf, and
 * the leaves of one unit together are that leaf.
 *
 * @param name   the name of the logical leaf: the leaf's own name for a unit of one leaf, else
 *               {@code su1}, {@code su2}, ... (see {@link RailGroups})
 * @param leaves the member leaf switches, in natural name order
 * @param hosts  the hosts cabled to any member, in natural name order
 */
public record ScalableUnit(String name, List<String> leaves, List<String> hosts) {
    public ScalableUnit {
        Objects.requireNonNull(name, "name");
        leaves = List.copyOf(leaves);
        hosts = List.copyOf(hosts);
    }

    /** True when the unit is more than one physical leaf (the fabric is rail-optimised here). */
    public boolean isRailGroup() {
        return leaves.size() > 1;
    }
}
