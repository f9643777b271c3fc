package org.topoplanner.allocator.catalog;

import java.util.List;
import java.util.Objects;

/**
 * What a job's Volcano {@code networkTopology} and Kueue PodSet annotation can name on one cluster, as
 * the {@code volcano} and {@code kueue-tas} policies read the cluster: its HyperNode tiers (from its
 * HyperNodes, else its fabric) and the levels of its Kueue Topology (else one derived from the fabric).
 *
 * @param volcanoTiers  HyperNode tiers present, ascending
 * @param kueueTopology the name of the Kueue Topology the levels come from
 * @param kueueLevels   its levels, widest first; the last is {@link #HOSTNAME} when nodes are a level
 */
public record SchedulerLevels(List<Integer> volcanoTiers, String kueueTopology, List<String> kueueLevels) {
    /** The node level of a Kueue Topology. */
    public static final String HOSTNAME = org.topoplanner.allocator.kueue.TopologyLevels.HOSTNAME;

    public SchedulerLevels {
        volcanoTiers = List.copyOf(volcanoTiers);
        Objects.requireNonNull(kueueTopology, "kueueTopology");
        kueueLevels = List.copyOf(kueueLevels);
    }
}
