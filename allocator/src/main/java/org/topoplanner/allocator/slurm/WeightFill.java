package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.TreeSet;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;

/**
 * Node weights inside the block {@code eval_nodes_block} chose (24.11 and 26.05, the loop over
 * {@code node_weight_list}): the free nodes of the block are gathered weight group by weight group,
 * lightest first, until they hold the nodes, CPUs (and the job's GPU total) still wanted. Every group before
 * the last one gathered is taken whole ({@code req2_nodes_bitmap}, treated like required nodes, so the
 * base blocks of those kept count as used, {@link BlockSelector}); the rest is chosen by base block among
 * the groups reached only.
 * Own case blockfz04 k2 ({@code -N3 --gpus-per-node=2}, free h1, h2 (weight 1), h3, h4 in the level's
 * block): 24.11.5 and 26.05.5 take h2 first, then h1 of its base block and h3, not h1, h3 and h4.
 *
 * @param lighter the nodes of the lighter groups, taken whole
 * @param reached every node gathered (the lighter groups and the last group gathered)
 */
record WeightFill(BitSet lighter, BitSet reached) {

    /**
     * The fill of {@code wanted} nodes, {@code cpus} CPUs and {@code gpus} GPUs (0 or less: none) out of
     * {@code free}; {@code null} when all groups together do not hold them (Slurm: insufficient
     * resources, the job waits).
     */
    static WeightFill of(BitSet free, int wanted, int cpus, long gpus, Demand demand) {
        TreeSet<Long> weights = new TreeSet<>();
        for (int k = free.nextSetBit(0); k >= 0; k = free.nextSetBit(k + 1)) {
            weights.add(demand.weight(k));
        }
        BitSet lighter = new BitSet();
        BitSet reached = new BitSet();
        long held = 0;
        int heldCpus = 0;
        for (long w : weights) {
            lighter.or(reached);
            for (int k = free.nextSetBit(0); k >= 0; k = free.nextSetBit(k + 1)) {
                if (demand.weight(k) == w) {
                    reached.set(k);
                    held += demand.gpusFor(k);
                    heldCpus += demand.availCpus(k);
                }
            }
            if (reached.cardinality() >= wanted && heldCpus >= cpus && held >= gpus) {
                return new WeightFill(lighter, reached);
            }
        }
        return wanted <= 0 && cpus <= 0 && gpus <= 0 ? new WeightFill(lighter, reached) : null;
    }
}
