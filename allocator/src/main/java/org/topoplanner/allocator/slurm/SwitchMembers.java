package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Which switches of one {@link SwitchTable} hold each node directly, and each switch's nodes in index order, kept with
 * the table (built on first use, shared by every question). {@link TreeSelector} counts a switch's usable nodes and
 * marks the switches holding required nodes by walking those nodes once and adding each to the switches listing it,
 * then sums a switch whose nodes are exactly the disjoint union of its children's ({@code SwitchTable.partitioned})
 * from its children, leaves first; and it walks a leaf's nodes from its own short list. This replaces cloning every
 * switch's node set and cutting it to the usable map per question (on a 16,384-host fat tree 1,280 clones of up to
 * 256 words each: a {@link BitSet} is as long as its highest node). Only the switches that are not such a union list
 * their nodes per node: in a fat tree a node is listed by its leaf alone, where listing every switch above it would
 * list it some 290 times. Speed only: the counts, marks and walks are those of the set operations
 * ({@code SwitchMembersPropertyTest}).
 */
final class SwitchMembers {
    private static final int[] NONE = new int[0];

    private final SwitchTable table;
    /** Per node index, the switches that hold it and are not the union of their children, in switch order. */
    private final int[][] switchesOf;
    /** Per switch, its node indices, ascending. */
    private final int[][] nodesOf;

    SwitchMembers(SwitchTable table) {
        this.table = table;
        int n = table.size();
        int nodeCount = 0;
        nodesOf = new int[n][];
        for (int s = 0; s < n; s++) {
            // only the lists walked per question are kept: the leaves' and those of switches that are not the
            // union of their children. A switch above the leaves lists up to every node (16,384 on a fat tree,
            // some 18 MB over its spines), and no question walks it
            if (table.isLeaf(s) || !table.partitioned[s]) {
                nodesOf[s] = table.nodes[s].stream().toArray();
            }
            nodeCount = Math.max(nodeCount, table.nodes[s].length());
        }
        int[] per = new int[nodeCount];
        for (int s = 0; s < n; s++) {
            if (!table.partitioned[s]) {
                for (int i : nodesOf[s]) {
                    per[i]++;
                }
            }
        }
        switchesOf = new int[nodeCount][];
        for (int i = 0; i < nodeCount; i++) {
            switchesOf[i] = per[i] == 0 ? NONE : new int[per[i]];
            per[i] = 0;
        }
        for (int s = 0; s < n; s++) {
            if (!table.partitioned[s]) {
                for (int i : nodesOf[s]) {
                    switchesOf[i][per[i]++] = s;
                }
            }
        }
    }

    /**
     * The switches that hold node {@code i} directly (not as the union of their children's nodes); none for a node
     * under no such switch.
     */
    int[] switchesOf(int i) {
        return i < switchesOf.length ? switchesOf[i] : NONE;
    }

    /** The nodes of switch {@code s}, ascending (read only; a switch whose list is not kept gives a new one). */
    int[] nodesOf(int s) {
        return nodesOf[s] != null ? nodesOf[s] : table.nodes[s].stream().toArray();
    }

    /** Sets {@code counts[s]} to the number of nodes of {@code on} under switch {@code s} (every switch). */
    void count(BitSet on, int[] counts) {
        Arrays.fill(counts, 0);
        for (int i = on.nextSetBit(0); i >= 0; i = on.nextSetBit(i + 1)) {
            for (int s : switchesOf(i)) {
                counts[s]++;
            }
        }
        sumUp(counts);
    }

    /** Adds the children's values into every switch that is the disjoint union of its children, leaves first. */
    void sumUp(int[] perSwitch) {
        for (int s : table.bottomUp) {
            if (table.partitioned[s]) {
                int sum = 0;
                for (int c : table.children[s]) {
                    sum += perSwitch[c];
                }
                perSwitch[s] = sum;
            }
        }
    }

    /** Marks every switch that holds a node of {@code on} (marks already set stay). */
    void mark(BitSet on, boolean[] marks) {
        for (int i = on.nextSetBit(0); i >= 0; i = on.nextSetBit(i + 1)) {
            for (int s : switchesOf(i)) {
                marks[s] = true;
            }
        }
        for (int s : table.bottomUp) {
            if (table.partitioned[s] && !marks[s]) {
                for (int c : table.children[s]) {
                    if (marks[c]) {
                        marks[s] = true;
                        break;
                    }
                }
            }
        }
    }
}
