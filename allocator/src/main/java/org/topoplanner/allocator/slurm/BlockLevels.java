package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;

/**
 * The block levels {@code topology/block} works with, as {@code block_record.c} derives them (24.11.5
 * and 26.05 alike): level {@code l} is an aligned group of {@code 2^l} base blocks.
 *
 * <ul>
 * <li>With {@code BlockSizes}: the first size is the base block's node count, each further size a
 * power-of-two multiple of it sets its level.</li>
 * <li>Without {@code BlockSizes}: the base size is the first block's node count, and levels 0 to 4
 * are enabled ({@code bit_nset(block_levels, 0, 4)}: groups of 1, 2, 4, 8 and 16 base blocks).
 * So {@code -N36} on four 18-node blocks takes a level-1 pair of blocks.</li>
 * </ul>
 *
 * <p>A job of {@code N} nodes needs {@code k = ceil(N / base)} base blocks and the smallest enabled
 * level at or above {@code ceil(log2 k)} ({@code _get_block_level}); with none, the whole cluster is
 * one block. The last group of a level may hold fewer blocks when the count is not a multiple.
 */
record BlockLevels(int baseSize, BitSet enabled) {

    static final int DEFAULT_TOP_LEVEL = 4;

    static BlockLevels of(List<BitSet> bases, List<Integer> blockSizes) {
        BitSet enabled = new BitSet();
        int base;
        if (blockSizes.isEmpty()) {
            base = bases.isEmpty() ? 1 : Math.max(1, bases.get(0).cardinality());
            enabled.set(0, DEFAULT_TOP_LEVEL + 1);
        } else {
            base = Math.max(1, blockSizes.get(0));
            for (int size : blockSizes) {
                int ratio = size / base;
                if (size % base == 0 && ratio > 0 && Integer.bitCount(ratio) == 1) {
                    enabled.set(Integer.numberOfTrailingZeros(ratio));
                }
            }
        }
        return new BlockLevels(base, enabled);
    }

    /** The level ({@code ceil(log2 k)} before the enabled ones are consulted) a job of {@code nodes} asks for. */
    int wanted(int nodes) {
        int k = (nodes + baseSize - 1) / baseSize;
        return k <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(k - 1);
    }

    /** The enabled level a job of {@code nodes} goes to, or -1: the whole cluster as one block. */
    int level(int nodes) {
        return enabled.nextSetBit(wanted(nodes));
    }

    /** The level below {@link #level}'s search start that groups base blocks inside it ({@code llblock_level}). */
    int lowerLevel(int nodes) {
        int w = wanted(nodes);
        if (w <= 0) {
            return 0;
        }
        int l = enabled.previousSetBit(w - 1);
        return Math.max(l, 0);
    }
}
