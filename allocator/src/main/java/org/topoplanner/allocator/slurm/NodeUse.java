package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * What is free on one node right now, in Slurm's terms.
 *
 * @param freeCores cores with no thread allocated (Slurm core numbering)
 * @param freeGpus  GRES indices not allocated
 * @param idle      no job at all on the node (needed by {@code --exclusive})
 * @param heldWhole a job holds the node exclusively
 */
record NodeUse(BitSet freeCores, BitSet freeGpus, boolean idle, boolean heldWhole) {
}
