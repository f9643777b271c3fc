package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * One GPU as Slurm's GRES layer sees it on a node.
 *
 * @param index GRES index (order of the {@code gres.conf} files)
 * @param type  {@code Type=}, or {@code null}
 * @param cores {@code Cores=} as Slurm core indices, or {@code null} when the GPU has no core affinity
 * @param links the {@code Links=} row (weight to every GPU of the node), or {@code null}
 */
record SlurmGpu(int index, String type, BitSet cores, int[] links) {

    int linkTo(int other) {
        return links == null || other >= links.length || links[other] < 0 ? 0 : links[other];
    }
}
