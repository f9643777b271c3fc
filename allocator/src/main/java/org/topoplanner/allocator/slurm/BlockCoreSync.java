package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;

/**
 * Which of the usable cores a job gets on a node when {@code SelectTypeParameters} is {@code CR_CPU} (or
 * {@code CR_CPU_Memory}): Slurm's {@code _block_sync_core_bitmap} ({@code dist_tasks.c}, the same in 22.05, 24.11 and
 * 26.05), which {@code dist_tasks} runs instead of the cyclic layout ({@link CoreDistributor}) whenever neither
 * {@code CR_Core} nor {@code CR_Socket} is set. It needs {@code ceil(cpus / vpus)} cores and takes them socket by
 * socket, each time from the best-fitting socket: the one with the fewest usable cores that still hold them all, or
 * when none does, the one with the most (the first on a tie), lowest cores first, until the node's CPUs are met.
 *
 * <p>So the socket depends on the core map the selection left. 24.11 and 26.05's {@code _allocate_sc} cuts a job
 * without GRES to whole tasks and keeps the lowest cores ({@link CoreFilter}): {@code -n2 -c5} on an idle 4x8-core,
 * 2-thread node keeps cores 0-29, and socket 3 (cores 24-29) is the best fit for its five cores: CPUs 48-57 (own case
 * mem2f b6 under 24.11.5 and 26.05.5; own probe c26h3, 26.05.5 with {@code DebugFlags=SelectType}:
 * {@code cr_dist/start core_bitmap:0-29}). On a 2x12-core 2-thread node the 23 cores kept leave socket 1 the best fit
 * (CPUs 24-33); on a 2x8-core one-thread node no socket holds ten cores, so socket 0 is filled first (CPUs 0-9, where
 * the cyclic layout gave 0-4 and 8-12). 22.05 keeps every free core, so its best fit is socket 0.
 */
final class BlockCoreSync {
    private BlockCoreSync() {
    }

    /** Whether the cluster's {@code SelectTypeParameters} gives CPUs, not cores or sockets ({@code CR_CPU*}). */
    static boolean applies(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(BlockCoreSync.class, c -> cpuUnit(c.slurm().keys()));
    }

    private static boolean cpuUnit(Map<String, String> keys) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (e.getKey().equalsIgnoreCase("SelectTypeParameters")) {
                for (String p : e.getValue().split(",")) {
                    String t = p.trim().toUpperCase(Locale.ROOT);
                    if (t.equals("CR_CPU") || t.equals("CR_CPU_MEMORY")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The cores of {@code usable} that give the node's {@code cpus}, or {@code null} when they cannot. (The source's
     * {@code ntasks_per_core == 1} branch, a core giving only the rest of its task's CPUs, is not taken: a job's
     * threads per core reach here as the node's, {@link ThreadsPerCore}.)
     */
    static BitSet block(SlurmNode node, BitSet usable, int cpus) {
        int sockets = node.sockets();
        int cps = node.coresPerSocket();
        int vpus = node.threadsPerCore();
        int reqCores = (cpus + vpus - 1) / vpus;
        int[] count = new int[sockets];
        for (int s = 0; s < sockets; s++) {
            count[s] = usable.get(s * cps, (s + 1) * cps).cardinality();
        }
        BitSet out = new BitSet();
        while (cpus > 0) {
            int best = -1;
            int bestCores = 0;
            boolean bestSufficient = false;
            for (int s = 0; s < sockets; s++) {
                boolean sufficient = count[s] >= reqCores;
                if (bestCores == 0 || sufficient && !bestSufficient
                        || sufficient && count[s] < bestCores || !sufficient && count[s] > bestCores) {
                    best = s;
                    bestCores = count[s];
                    bestSufficient = sufficient;
                }
            }
            if (bestCores == 0) {
                return null;
            }
            for (int j = best * cps; j < (best + 1) * cps && cpus > 0; j++) {
                if (!usable.get(j) || out.get(j)) {
                    continue;
                }
                out.set(j);
                count[best]--;
                cpus = cpus < vpus ? 0 : cpus - vpus;
            }
        }
        return out;
    }
}
