package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * Which switches of one {@link SwitchTable} list each node, and each switch's nodes in index order, kept with the
 * table (built on first use, shared by every question). {@link TreeSelector} counts a switch's usable nodes and
 * CPUs by walking the usable nodes once and adding each to the switches listing it, and walks a leaf's nodes from
 * its own short list, instead of cloning every switch's node set and cutting it to the usable map per question
 * (on a 16,384-host fat tree 1,280 clones of up to 256 words each: a {@link BitSet} is as long as its highest
 * node). Speed only: the counts and walks are those of the set operations ({@code SwitchMembersPropertyTest}).
 */
final class SwitchMembers {
    private static final int[] NONE = new int[0];

    /** Per node index, the switches whose node set holds it, in switch order. */
    private final int[][] switchesOf;
    /** Per switch, its node indices, ascending. */
    private final int[][] nodesOf;

    SwitchMembers(SwitchTable table) {
        int n = table.size();
        int nodeCount = 0;
        nodesOf = new int[n][];
        for (int s = 0; s < n; s++) {
            nodesOf[s] = table.nodes[s].stream().toArray();
            nodeCount = Math.max(nodeCount, table.nodes[s].length());
        }
        int[] per = new int[nodeCount];
        for (int[] under : nodesOf) {
            for (int i : under) {
                per[i]++;
            }
        }
        switchesOf = new int[nodeCount][];
        for (int i = 0; i < nodeCount; i++) {
            switchesOf[i] = per[i] == 0 ? NONE : new int[per[i]];
            per[i] = 0;
        }
        for (int s = 0; s < n; s++) {
            for (int i : nodesOf[s]) {
                switchesOf[i][per[i]++] = s;
            }
        }
    }

    /** The switches whose node set holds node {@code i} (none for a node under no switch). */
    int[] switchesOf(int i) {
        return i < switchesOf.length ? switchesOf[i] : NONE;
    }

    /** The nodes of switch {@code s}, ascending (read only). */
    int[] nodesOf(int s) {
        return nodesOf[s];
    }

    /** Adds one to {@code counts[s]} for every node of {@code on} under switch {@code s}. */
    void count(BitSet on, int[] counts) {
        for (int i = on.nextSetBit(0); i >= 0; i = on.nextSetBit(i + 1)) {
            for (int s : switchesOf(i)) {
                counts[s]++;
            }
        }
    }

    /** Marks every switch that holds a node of {@code on}. */
    void mark(BitSet on, boolean[] marks) {
        for (int i = on.nextSetBit(0); i >= 0; i = on.nextSetBit(i + 1)) {
            for (int s : switchesOf(i)) {
                marks[s] = true;
            }
        }
    }
}
