package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * What the topology step chose: the nodes, the order Slurm added them in, and how many CPUs each
 * node gives the job.
 *
 * @param nodes the chosen nodes (Slurm node indices)
 * @param order the same nodes in the order the selection took them (required nodes, lighter
 *              weights, then leaf by leaf); per-job GPU counts are credited in this order
 * @param cpus  per node index, the CPUs the node gives after {@code _cpus_to_use}; 0 where the
 *              selection did not limit the node (then it gives what the core filter allows)
 * @param tasks per node index, the tasks the selection counted the node for ({@code eval_nodes_gres}), or null
 * @param lowered the nodes whose {@code avail_res->avail_cpus} {@code _cpus_to_use} rewrote (its
 *              {@code *avail_cpus > rem_max_cpus} branch), even to the CPUs the core filter offered; null where the
 *              selection does not record it
 */
record NodePick(BitSet nodes, int[] order, int[] cpus, int[] tasks, BitSet lowered) {

    /** A pick that counted no tasks per node. */
    NodePick(BitSet nodes, int[] order, int[] cpus) {
        this(nodes, order, cpus, null, null);
    }

    /** A pick that did not record which nodes {@code _cpus_to_use} lowered. */
    NodePick(BitSet nodes, int[] order, int[] cpus, int[] tasks) {
        this(nodes, order, cpus, tasks, null);
    }

    /** A choice that kept no order and limited no node's CPUs: index order, all CPUs. */
    static NodePick unordered(BitSet nodes, int nodeCount) {
        return new NodePick(nodes, nodes.stream().toArray(), new int[nodeCount]);
    }

    /** CPUs node {@code i} gives, or {@code offered} when the selection did not limit it. */
    int cpusOr(int i, int offered) {
        return cpus[i] > 0 ? cpus[i] : offered;
    }

    /** Whether {@code _cpus_to_use} rewrote node {@code i}'s CPU count; {@code otherwise} where none was recorded. */
    boolean loweredOr(int i, boolean otherwise) {
        return lowered != null && lowered.get(i) || otherwise;
    }

    /** The tasks the selection counted node {@code i} for, or {@code otherwise} when it counted none. */
    int tasksOr(int i, int otherwise) {
        return tasks != null && tasks[i] > 0 ? tasks[i] : otherwise;
    }
}
