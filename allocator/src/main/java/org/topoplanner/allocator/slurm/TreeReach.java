package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Bounds that end {@link TreeSelector}'s retry loops early: when no evaluation on any part of the usable nodes can
 * gather the job's GPUs or CPUs within {@code max_nodes} ({@code maxNodes}: the job's, bounded by its tasks where
 * {@code common_topo_choose_nodes} bounds it in this pass), the loop's answer is known without running it.
 */
final class TreeReach {
    private TreeReach() {
    }

    /**
     * Whether no evaluation on a subset of {@code nodeMap} can gather the job's {@code --gpus=N}. In 26.05 a
     * successful choice holds at most {@code max_nodes} nodes (the required ones are refused past it, every later
     * node is taken only while {@code maxNodes > 0}; 22.05 and 24.11 add the required leaves' nodes past it), each
     * with CPUs to give, and its GPU sum ({@code gresOk}) adds up {@code gpusFor} of exactly those nodes, fixed for
     * the pass (no round of {@code TreeSelector.fewerNodes} changes it). So when the {@code max_nodes} largest offers of the
     * usable nodes fall short, the evaluation and every round of the retry loop fail and the pass ends with no
     * choice: answered at once instead of after up to one round per usable node (issue 15: {@code -N64
     * --gpus=1000} on 8-GPU nodes took 7-60 s). Slurm runs the rounds (common_topo.c, "to avoid a possible
     * knapsack problem") and then calls the job never runnable; the verdict here is the same. With
     * {@code freeGpus} the offers are the nodes' usable free GPUs ({@code nodeGpus}), more than any pass offers.
     */
    static boolean gpusOutOfReach(BitSet nodeMap, SlurmJobSpec job, Demand demand, boolean freeGpus,
                                  int maxNodes) {
        int need = job.gpuTotal() == null ? 0 : job.gpuTotal();
        if (need <= 0) {
            return false;
        }
        int[] offers = new int[nodeMap.cardinality()];
        int k = 0;
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (freeGpus) {
                // an upper bound of any pass's offer: the node's usable free GPUs, whatever its CPUs now
                offers[k++] = Math.max(0, demand.nodeGpus(i));
            } else if (demand.availCpus(i) > 0) {
                offers[k++] = Math.max(0, demand.gpusFor(i));
            }
        }
        Arrays.sort(offers, 0, k);
        long reach = 0;
        for (int t = k - 1; t >= Math.max(0, k - maxNodes); t--) {
            reach += offers[t];
        }
        return reach < need;
    }

    /**
     * Whether no evaluation of 22.05's or 24.11's retry ({@link KnapsackRetry}) can succeed on any part of
     * {@code map}, whatever CPUs the evaluations lower: each node counts toward a success with no more CPUs and
     * GPUs than it offers now ({@code _cpus_to_use} only lowers, and the GPUs a node offers stay), so
     * <ul>
     * <li>when all usable nodes of the map together hold too few nodes, CPUs ({@code rem_cpus}) or GPUs
     * ({@code gres_sched_test}), every round falls short;</li>
     * <li>when no node is required and all usable nodes weigh the same, every part of the map has one weight group,
     * so there is no lighter group ({@code req2_nodes_bitmap}) and no required leaf to fill past {@code max_nodes}
     * ("Add additional resources for already required leaf switches" is the only loop of {@code _eval_nodes_topo} /
     * {@code eval_nodes_tree.c} that does not stop at it): a success holds at most {@code max_nodes} nodes, and when
     * the {@code max_nodes} largest offers fall short, every round does.</li>
     * </ul>
     * With lighter groups a success may take whole leaves past {@code max_nodes} (which {@code _pick_best_nodes}
     * then refuses, but the loop stops there), so no node bound is drawn. Issue 15: {@code -N64 --gpus=1000} at
     * 16,384 hosts ran one round per count (22.05) or per node (24.11), seconds in all.
     */
    static boolean hopeless(BitSet map, BitSet required, SlurmJobSpec job, Demand demand, int maxNodes,
                            SlurmVersion version) {
        int need = job.gpusPerJob() == null ? 0 : job.gpusPerJob();
        int minCpus = JobCpuCounts.minCpus(job, version);
        int[] gpuOffers = new int[map.cardinality()];
        int[] cpuOffers = new int[gpuOffers.length];
        long gpus = 0;
        long cpus = 0;
        int usable = 0;
        boolean oneWeight = true;
        long weight = 0;
        for (int i = map.nextSetBit(0); i >= 0; i = map.nextSetBit(i + 1)) {
            int a = demand.availCpus(i);
            if (a <= 0) {
                continue;
            }
            long w = demand.weight(i);
            oneWeight &= usable == 0 || w == weight;
            weight = w;
            gpuOffers[usable] = Math.max(0, demand.gpusFor(i));
            cpuOffers[usable] = a;
            gpus += gpuOffers[usable];
            cpus += a;
            usable++;
        }
        if (usable < Math.min(job.minNodes(), job.reqNodes()) || gpus < need || cpus < minCpus) {
            return true;
        }
        if (!required.isEmpty() || !oneWeight) {
            return false;
        }
        if (maxNodes >= usable) {
            return false;
        }
        return largest(gpuOffers, usable, maxNodes) < need || largest(cpuOffers, usable, maxNodes) < minCpus;
    }

    /** The sum of the {@code k} largest of the first {@code n} values (sorts them). */
    private static long largest(int[] values, int n, int k) {
        Arrays.sort(values, 0, n);
        long sum = 0;
        for (int t = n - 1; t >= Math.max(0, n - k); t--) {
            sum += values[t];
        }
        return sum;
    }
}
