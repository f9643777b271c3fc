package org.topoplanner.model.design;

import org.topoplanner.model.fabric.LinkSpeed;

/**
 * Parameters of a fabric that does not exist yet, for "New cluster…".
 *
 * <p>A fat tree has {@code leaves} leaf switches of {@code hostsPerLeaf} hosts, {@code spines}
 * spines per pod over {@code leavesPerPod} leaves, and (when there is more than one pod) {@code cores}
 * core switches joining the pods; every leaf is cabled to every spine of its pod and every spine to
 * every core. {@code uplinksPerLeaf} sets the leaf oversubscription: hosts down versus uplinks up
 * (a leaf with 32 hosts and 16 uplinks is 2:1). A rail-optimised fabric gives each host
 * {@code rails} HCAs, HCA r of every host of a scalable unit on that unit's rail leaf r.
 */
public record FabricDesign(Kind kind, int leaves, int hostsPerLeaf, int leavesPerPod, int spines, int cores,
                           int uplinksPerLeaf, int rails, LinkSpeed speed, String hostPrefix) {
    public enum Kind { FAT_TREE, RAIL_OPTIMISED }

    public FabricDesign {
        if (leaves < 1 || hostsPerLeaf < 1 || leavesPerPod < 1 || spines < 0 || cores < 0 || uplinksPerLeaf < 0
                || rails < 1) {
            throw new IllegalArgumentException("counts must be positive (spines, cores and uplinks may be 0)");
        }
        if (kind == Kind.RAIL_OPTIMISED && leaves % rails != 0) {
            throw new IllegalArgumentException("a rail-optimised fabric needs a whole number of scalable units: "
                    + leaves + " leaves are not a multiple of " + rails + " rails");
        }
        if (leaves % leavesPerPod != 0) {
            throw new IllegalArgumentException(leaves + " leaves do not divide into pods of " + leavesPerPod);
        }
        if (leaves / leavesPerPod > 1 && cores < 1) {
            throw new IllegalArgumentException("several pods need core switches to join them");
        }
        if (hostPrefix == null || hostPrefix.isBlank() || !hostPrefix.matches("[A-Za-z][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("host prefix must start with a letter (Slurm hostlists need it)");
        }
    }

    /** A two-level fat tree: every leaf to every spine, one link each. */
    public static FabricDesign fatTree(int leaves, int hostsPerLeaf, int spines, LinkSpeed speed) {
        return new FabricDesign(Kind.FAT_TREE, leaves, hostsPerLeaf, leaves, spines, 0, spines, 1, speed, "node");
    }

    public int pods() {
        return leaves / leavesPerPod;
    }

    public int hosts() {
        return kind == Kind.RAIL_OPTIMISED ? (leaves / rails) * hostsPerLeaf : leaves * hostsPerLeaf;
    }

    /** Hosts' bandwidth down over uplink bandwidth up, per leaf (1.0 = non-blocking). */
    public double oversubscription() {
        return uplinksPerLeaf == 0 ? Double.POSITIVE_INFINITY : (double) hostsPerLeaf / uplinksPerLeaf;
    }
}
