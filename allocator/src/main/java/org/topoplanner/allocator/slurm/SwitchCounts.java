package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The per-switch arrays of one {@link TreeEvaluation}: Slurm's {@code switch_node_cnt}, {@code switch_cpu_cnt} and
 * {@code switch_required}, as {@code _eval_nodes_topo} fills them before it picks the top switch (22.05
 * {@code cons_tres/job_test.c} lines 2300-2342, "Identify the highest level switch to be used"; 24.11
 * {@code topology/tree/eval_nodes_tree.c} 909-965; 26.05 the same file, 920-976) and as the leaf loops then narrow
 * and spend them. A switch's usable nodes are {@code table.nodes[s] & map}; they are counted through
 * {@link SwitchMembers}, never built as a set.
 */
final class SwitchCounts {
    /** {@code switch_node_cnt}: usable nodes per switch (later: the best set's nodes per switch). */
    final int[] nodes;
    /** {@code switch_cpu_cnt}: free CPUs per switch, counted once over every usable node whatever its weight. */
    final int[] cpus;
    /** {@code switch_required}: the switch holds a required node (later also a node of the lighter groups). */
    final boolean[] required;

    private SwitchCounts(int size) {
        nodes = new int[size];
        cpus = new int[size];
        required = new boolean[size];
    }

    /**
     * The counts over {@code map}'s nodes, the switches of {@code required} marked. A switch whose nodes are exactly
     * its children's adds theirs up (leaves first).
     */
    static SwitchCounts of(SwitchTable table, SwitchMembers members, BitSet map, BitSet required, Demand demand,
                           SlurmJobSpec job, SlurmVersion version) {
        SwitchCounts c = new SwitchCounts(table.size());
        members.mark(required, c.required);
        // 26.05 sums switch_cpu_cnt over the nodes _allocate_sc left usable: a node with fewer free CPUs than one
        // task (pn_min_cpus) adds none (own case fuzz27 p28: leaf2's s4 with 2 free CPUs for -c3)
        int pnMin = Math.max(1, job.pnMinCpus());
        for (int i = map.nextSetBit(0); i >= 0; i = map.nextSetBit(i + 1)) {
            int free = switchCpus(i, demand, job, pnMin, version);
            for (int s : members.switchesOf(i)) {
                c.nodes[s]++;
                c.cpus[s] += free;
            }
        }
        members.sumUp(c.nodes);
        members.sumUp(c.cpus);
        return c;
    }

    /**
     * What node {@code i} adds to its switches' {@code switch_cpu_cnt}: 22.05 its free CPUs; 24.11 and 26.05 the
     * {@code avail_cpus} of {@code _allocate_sc} (cons_tres {@code job_test.c}): none when fewer than one task's
     * ({@code pn_min_cpus}); for a job without GPUs whole tasks only ({@code avail_cpus = num_tasks x
     * cpus_per_task}), for one with GPUs every free CPU (the GPU filter cuts them later). Own case fuzz37 p28
     * ({@code -n5 -c12}): leaf2's g1 with 32 free CPUs counts 24, so leaf2 falls short of 60 and the job takes the
     * three nodes of leaf1, as 26.05.5 does.
     */
    private static int switchCpus(int i, Demand demand, SlurmJobSpec job, int pnMin, SlurmVersion version) {
        int free = demand.freeCpus(i);
        if (!version.atLeast(SlurmVersion.V24_11)) {
            return free;
        }
        if (job.ntasksPerSocket() != null) {
            // _allocate_sc's step 4 (24.11.5 and 26.05 cons_tres job_test.c, _check_ntasks_per_sock) keeps a
            // socket's cores only up to --ntasks-per-socket x -c CPUs, GPUs or not, and avail_res->avail_cpus is
            // the CPUs it kept (NtasksPerSocketCpus). Own probe c11a1 a1 (-n8 --ntasks-per-socket=1 -c2 --gpus=2,
            // 24.11.5): each node offers 4, so neither leaf0 (12) nor leaf1 (8) holds 16 and the leaf with more
            // nodes goes first: g1, g2, u1, then g3, where 16 free CPUs a node put the two-node leaf1 first
            free = Math.min(free, demand.allocateScCpus(i));
        }
        // _allocate_sc ends with avail_cpus = MIN(cpu_count, part_cpu_limit): the partition's MaxCPUsPerNode less
        // its used CPUs caps what a node adds (PartitionCpuCap), and a node left below one task drops out as in
        // UsableNodes. Own case featfz11 f6 (-p mix -n2 -c4 --gpus-per-task=2, mix capped at 6, 26.05.5): leafb's
        // b4 adds 6 of its 32 free CPUs, short of 8, so leafc (c1, c2: 12) is the one leaf that fits
        int cap = demand.partitionCpus(i);
        if (Math.min(free, cap) < pnMin) {
            return 0;
        }
        int cpt = Math.max(1, job.cpusPerTask());
        return Math.min(cap, job.hasGpus() || cpt < 2 ? free : free / cpt * cpt);
    }
}
