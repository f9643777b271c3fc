package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * 24.11: what each leaf can still give the job ({@link TreeSelector}'s leaf loop): the CPUs its nodes offer after
 * the core filter ({@code switch_cpu_cnt} sums {@code avail_cpus}), counting only the best {@code maxNodes} nodes
 * (the job may take no more). The sum over the filtered CPUs is the source's; the best-{@code maxNodes} cut is
 * inferred from own cases frag f1i ({@code -N2 -n40}; leaf1's nodes have 18, 18, 19 and 15 free CPUs, and
 * 24.11.5 goes to leaf2 without touching leaf1), share p3/p4 and nameorder o3b. The filtered sum decides cpumix2
 * m64 ({@code -N1 -n6 -c3 --gpus=4}): the idle a4 offers only 15 CPUs in the first pass (the filter keeps the
 * socket whose GPUs suffice), so 24.11.5 takes the leaf of c1, while 22.05.8, which compares leaves by node count
 * alone, takes a4 in the second pass. The nodes counted are all usable ones under the leaf, not only those of the
 * weights the job was cut to ({@code switch_cpu_cnt} is summed before {@code eval_nodes_tree.c} keeps the
 * lightest nodes): own case fuzz04 f3 ({@code -n3 -c6}) starts on the leaf whose one light node is helped by a
 * weight-10 neighbour; over the random cases fuzz01-08 24.11 matched 356 lines before, 370 after.
 *
 * <p>Kept across the passes of one selection: a pass takes nodes of one leaf, so only the leaves holding a node
 * taken since the last pass are summed again (summing every leaf on every pass of a big job cost more than the
 * rest of the selection on 4,096 nodes). Each leaf's free CPUs are sorted only when it has more free nodes than the
 * job may still take, and the sort is kept until the leaf changes.
 */
final class ReachableCpus {
    private final SwitchTable table;
    private final BitSet[] usable;
    private final int[] swCpu;
    private final NodeChooser.Demand demand;
    private final int[] count;
    private final int[] sum;
    /** Per leaf, its free nodes' CPUs ascending, once needed; {@code null} until then or after a change. */
    private final int[][] sorted;
    private final boolean[] known;
    /** The chosen nodes when the leaves were last summed. */
    private final BitSet seen = new BitSet();

    /**
     * {@code usable}: each leaf's usable nodes (other switches' entries are never read and may be {@code null});
     * {@code swCpu}: what non-leaf switches count (kept as is).
     */
    ReachableCpus(SwitchTable table, BitSet[] usable, int[] swCpu, NodeChooser.Demand demand) {
        this.table = table;
        this.usable = usable;
        this.swCpu = swCpu;
        this.demand = demand;
        int n = table.size();
        this.count = new int[n];
        this.sum = new int[n];
        this.sorted = new int[n][];
        this.known = new boolean[n];
    }

    /** Per switch: for a leaf what it can still give with {@code chosen} taken, else its {@code swCpu}. */
    int[] at(BitSet chosen, int maxNodes) {
        BitSet taken = (BitSet) chosen.clone();
        taken.andNot(seen);
        seen.or(taken);
        // the leaves that lost a node: those of the nodes taken (SwitchNesting), not a set test per leaf
        SwitchNesting nesting = table.nesting();
        for (int i = taken.nextSetBit(0); i >= 0; i = taken.nextSetBit(i + 1)) {
            for (int s : nesting.leavesOf(i)) {
                if (known[s] && usable[s].get(i)) {
                    known[s] = false;
                    sorted[s] = null;
                }
            }
        }
        int[] out = swCpu.clone();
        for (int s = 0; s < table.size(); s++) {
            if (!table.isLeaf(s)) {
                continue;
            }
            if (!known[s]) {
                int c = 0;
                int total = 0;
                for (int i = usable[s].nextSetBit(0); i >= 0; i = usable[s].nextSetBit(i + 1)) {
                    if (!chosen.get(i)) {
                        c++;
                        total += demand.availCpus(i);
                    }
                }
                count[s] = c;
                sum[s] = total;
                known[s] = true;
            }
            out[s] = count[s] > maxNodes ? best(s, chosen, maxNodes) : sum[s];
        }
        return out;
    }

    /** The CPUs of the leaf's {@code maxNodes} richest free nodes. */
    private int best(int s, BitSet chosen, int maxNodes) {
        int[] free = sorted[s];
        if (free == null) {
            free = new int[count[s]];
            int k = 0;
            for (int i = usable[s].nextSetBit(0); i >= 0; i = usable[s].nextSetBit(i + 1)) {
                if (!chosen.get(i)) {
                    free[k++] = demand.availCpus(i);
                }
            }
            java.util.Arrays.sort(free);
            sorted[s] = free;
        }
        int total = 0;
        for (int j = free.length - 1; j >= 0 && free.length - j <= maxNodes; j--) {
            total += free[j];
        }
        return total;
    }
}
