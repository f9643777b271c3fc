package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Which GPUs of a node a job gets once its cores are known: Slurm's {@code _set_node_bits},
 * {@code _set_task_bits} and {@code _set_job_bits1/2} ({@code gres_select_filter.c}).
 *
 * <p>22.05: one GPU on each socket the job's cores touch (lowest free index), then more on those
 * sockets by the summed {@code Links} weight to those first GPUs (highest first, weights above 4
 * scaled down to at most 4 levels, ties to the lowest index), then other sockets the same way.
 * 24.11: GPUs go to the used sockets in proportion to the cores used there, then anywhere; the
 * candidates are re-sorted after every pick by their summed links to the GPUs picked so far, in
 * ascending order ({@code _compare_gres_by_links} returns {@code a - b} although its comment says
 * "most linked"), with a stable sort, and the scan restarts at the second candidate. Observed in
 * 24.11.5: lk1 gets 0,1 instead of 0,3 ({@code cases/links}).
 */
final class GpuPicker {
    private final SlurmNode node;
    private final BitSet used;
    private final BitSet[] bySock;
    private final BitSet any;
    private final SlurmVersion version;

    GpuPicker(SlurmNode node, BitSet usedGpus, SlurmVersion version) {
        this.node = node;
        this.used = usedGpus;
        this.bySock = GpuSockets.affinity(node);
        this.any = GpuSockets.anyAffinity(node);
        this.version = version;
    }

    private boolean free(int g, BitSet picked) {
        return !used.get(g) && !picked.get(g);
    }

    private int[] coresOnSock(BitSet cores) {
        int[] on = new int[node.sockets()];
        for (int c = cores.nextSetBit(0); c >= 0; c = cores.nextSetBit(c + 1)) {
            on[node.socketOfCore(c)]++;
        }
        return on;
    }

    /** Per-node request ({@code --gpus-per-node}). */
    BitSet perNode(BitSet cores, int count, boolean enforceBinding) {
        return version == SlurmVersion.V22_05 ? perNode2205(cores, count) : perNode2411(cores, count, enforceBinding);
    }

    private BitSet perNode2205(BitSet cores, int count) {
        int[] usedSock = coresOnSock(cores);
        int sockets = node.sockets();
        int gres = node.gpus().size();
        BitSet picked = new BitSet();
        int[] links = node.hasLinks() ? new int[gres] : null;
        for (int s = -1; s < sockets && picked.cardinality() < count; s++) {
            if (s >= 0 && usedSock[s] == 0) {
                continue;
            }
            for (int g = 0; g < gres; g++) {
                if (!inSet(s, g) || !free(g, picked)) {
                    continue;
                }
                picked.set(g);
                if (links != null) {
                    for (int l = 0; l < gres; l++) {
                        if (l != g && !used.get(l)) {
                            links[l] += node.link(g, l);
                        }
                    }
                }
                break;
            }
        }
        int best = scaleLinks(links);
        for (int l = best; l >= 0 && picked.cardinality() < count; l--) {
            for (int s = -1; s < sockets && picked.cardinality() < count; s++) {
                if (s >= 0 && usedSock[s] == 0) {
                    continue;
                }
                for (int g = 0; g < gres && picked.cardinality() < count; g++) {
                    if ((links != null && links[g] < l) || !inSet(s, g) || !free(g, picked)) {
                        continue;
                    }
                    picked.set(g);
                }
            }
        }
        for (int l = best; l >= 0 && picked.cardinality() < count; l--) {
            for (int s = 0; s < sockets && picked.cardinality() < count; s++) {
                if (usedSock[s] > 0) {
                    continue;
                }
                for (int g = 0; g < gres && picked.cardinality() < count; g++) {
                    if ((links != null && links[g] < l) || !inSet(s, g) || !free(g, picked)) {
                        continue;
                    }
                    picked.set(g);
                }
            }
        }
        return picked;
    }

    private BitSet perNode2411(BitSet cores, int count, boolean enforceBinding) {
        int[] onSock = coresOnSock(cores);
        int usedCores = cores.cardinality();
        Sorted sorted = new Sorted();
        BitSet picked = new BitSet();
        int needed = count;
        float perCore = usedCores == 0 ? 0 : (float) needed / (float) usedCores;
        for (int s = 0; s < node.sockets() && needed > 0; s++) {
            if (onSock[s] == 0) {
                continue;
            }
            int sockNeeded = Math.min(needed, (int) (onSock[s] * perCore));
            needed -= pickTopo(s, sockNeeded, picked, sorted);
        }
        if (needed > 0) {
            needed -= pickTopo(-1, needed, picked, sorted);
        }
        for (int s = 0; s < node.sockets() && needed > 0; s++) {
            if (onSock[s] > 0) {
                needed -= pickTopo(s, needed, picked, sorted);
            }
        }
        if (needed > 0 && !enforceBinding) {
            for (int s = 0; s < node.sockets() && needed > 0; s++) {
                if (onSock[s] == 0) {
                    needed -= pickTopo(s, needed, picked, sorted);
                }
            }
        }
        return picked;
    }

    /** 24.11's candidate order: by summed links to the GPUs picked so far, ascending, stable. */
    private final class Sorted {
        final List<Integer> order = new ArrayList<>();
        final int[] links = new int[node.gpus().size()];
        final boolean active = node.hasLinks();

        Sorted() {
            for (int g = 0; g < node.gpus().size(); g++) {
                order.add(g);
            }
        }

        void picked(int g) {
            addLinks(g);
            order.sort((a, b) -> Integer.compare(links[a], links[b]));
        }

        /** Starts from GPUs picked earlier: their links summed, then one sort (as Slurm does). */
        void seed(BitSet earlier) {
            if (!active) {
                return;
            }
            earlier.stream().forEach(this::addLinks);
            order.sort((a, b) -> Integer.compare(links[a], links[b]));
        }

        private void addLinks(int g) {
            for (int l = 0; l < links.length; l++) {
                if (l != g && !used.get(l)) {
                    links[l] += node.link(g, l);
                }
            }
        }
    }

    private int pickTopo(int s, int needed, BitSet picked, Sorted sorted) {
        int still = needed;
        int gres = node.gpus().size();
        for (int i = 0; i < gres && still > 0; i++) {
            int g = sorted.active ? sorted.order.get(i) : i;
            if (!inSet(s, g) || !free(g, picked)) {
                continue;
            }
            picked.set(g);
            still--;
            if (sorted.active) {
                sorted.picked(g);
                i = 0; // Slurm sets i = 0 and the loop's i++ follows: the scan resumes at the second candidate
            }
        }
        return needed - still;
    }

    /** Per-task request ({@code --gpus-per-task}); {@code tasksPerSocket} from the chosen cores. */
    BitSet perTask(int[] tasksPerSocket, int perTask, boolean enforceBinding) {
        int total = 0;
        for (int t : tasksPerSocket) {
            total += t;
        }
        return perTask(tasksPerSocket, total, perTask, enforceBinding);
    }

    /**
     * {@link #perTask(int[], int, boolean)} for {@code tasks} tasks on the node where the sockets may count more
     * (26.05 {@code _build_tasks_per_node_sock} counts a task on every socket the tasks' cores reach and keeps the
     * excess apart; {@code _set_task_bits} wants the node's tasks' GPUs, each socket giving up to its own count's).
     */
    BitSet perTask(int[] tasksPerSocket, int tasks, int perTask, boolean enforceBinding) {
        BitSet picked = new BitSet();
        int goal = tasks * perTask;
        if (version.atLeast(SlurmVersion.V24_11)) {
            Sorted sorted = new Sorted();
            int needed = goal;
            for (int s = 0; s < node.sockets(); s++) {
                if (tasksPerSocket[s] == 0) {
                    continue;
                }
                needed -= pickTopo(s, Math.min(needed, tasksPerSocket[s] * perTask), picked, sorted);
            }
            if (needed > 0) {
                needed -= pickTopo(-1, needed, picked, sorted);
            }
            for (int s = 0; s < node.sockets() && needed > 0 && !enforceBinding; s++) {
                needed -= pickTopo(s, needed, picked, sorted);
            }
            return picked;
        }
        int gres = node.gpus().size();
        int[] links = node.hasLinks() ? new int[gres] : null;
        int tasksSoFar = 0;
        for (int s = 0; s < node.sockets(); s++) {
            if (tasksPerSocket[s] == 0) {
                continue;
            }
            tasksSoFar += tasksPerSocket[s];
            int socketGoal = tasksSoFar * perTask;
            for (int g = 0; g < gres && picked.cardinality() < socketGoal; g++) {
                if (!inSet(s, g) || !free(g, picked)) {
                    continue;
                }
                picked.set(g);
                if (links != null) {
                    for (int l = 0; l < gres; l++) {
                        if (l != g && !used.get(l)) {
                            links[l] += node.link(g, l);
                        }
                    }
                }
            }
        }
        int best = scaleLinks(links);
        for (int l = best; l >= 0 && picked.cardinality() < goal; l--) {
            for (int s = -1; s < node.sockets() && picked.cardinality() < goal; s++) {
                for (int g = 0; g < gres && picked.cardinality() < goal; g++) {
                    if ((links != null && links[g] < l) || !inSet(s, g) || !free(g, picked)) {
                        continue;
                    }
                    picked.set(g);
                }
            }
        }
        return picked;
    }

    /**
     * Per-job request ({@code --gpus=N}) on this node, {@code _set_job_bits1}: GPUs on the sockets of
     * the job's cores, up to {@code maxHere}. With a full {@code Links=} matrix and more than one GPU
     * wanted, every such GPU is taken first and then the least linked to the best-linked pair are
     * dropped ({@link #dropWorstLinked}).
     *
     * <p>22.05: any-socket GPUs first, then the sockets in order; if that found none, one GPU of another
     * socket.
     * 24.11: at least one GPU; the sockets get shares in proportion to the job's cores on them,
     * then any-socket GPUs, then the rest of the sockets with cores, and (without enforce-binding) one
     * GPU of another socket if none was found.
     */
    BitSet perJobFirst(BitSet cores, int maxHere, boolean enforceBinding) {
        int[] onSock = coresOnSock(cores);
        boolean all = maxHere > 1 && node.hasLinks();
        BitSet picked = new BitSet();
        if (version == SlurmVersion.V22_05) {
            int pick = all ? Integer.MAX_VALUE : maxHere;
            for (int s = -1; s < node.sockets() && picked.cardinality() < pick; s++) {
                if (s < 0 || onSock[s] > 0) {
                    takeInOrder(s, pick - picked.cardinality(), picked);
                }
            }
            for (int s = 0; s < node.sockets() && picked.isEmpty(); s++) {
                if (onSock[s] == 0) {
                    takeInOrder(s, 1, picked); // 22.05 does this even with enforce-binding
                }
            }
        } else {
            int pick = all ? Integer.MAX_VALUE : Math.max(maxHere, 1);
            float perCore = all ? Float.MAX_VALUE : (float) pick / (float) Math.max(1, cores.cardinality());
            for (int s = 0; s < node.sockets() && picked.cardinality() < pick; s++) {
                if (onSock[s] > 0) {
                    int share = all ? Integer.MAX_VALUE : (int) (onSock[s] * perCore);
                    takeInOrder(s, Math.min(pick - picked.cardinality(), share), picked);
                }
            }
            takeInOrder(-1, pick - picked.cardinality(), picked);
            for (int s = 0; s < node.sockets() && picked.cardinality() < pick; s++) {
                if (onSock[s] > 0) {
                    takeInOrder(s, pick - picked.cardinality(), picked);
                }
            }
            for (int s = 0; s < node.sockets() && picked.isEmpty() && !enforceBinding; s++) {
                if (onSock[s] == 0) {
                    takeInOrder(s, 1, picked);
                }
            }
        }
        dropWorstLinked(picked, maxHere);
        return picked;
    }

    /**
     * A per-job count ({@code --gpus=N}) on a node without GPU topology records ({@link SlurmNode#gresTopology}):
     * {@code gres_select_filter_select_and_set} (22.05; {@code _select_and_set_node} in 24.11 and 26.05) takes the
     * {@code topo_cnt == 0} branch, which sets only a count, {@code _get_job_cnt}: the job's GPUs less those counted
     * on the nodes before, less one for each node after, at most the node's free GPUs; neither the node's cores at
     * {@code --cpus-per-gpu} nor its credit from the selection caps it, and {@code _set_job_bits2} never adds to it
     * (it has no {@code gres_bit_select} there). The count is unsigned: once the nodes before hold the job's count
     * with nodes still to come, it wraps and the node takes every free GPU. {@code gres_ctld_job_alloc} then gives
     * the lowest free GPUs (no core affinity to prefer). Own case fuzz59 p13 ({@code -N2 --gpus=2 --cpus-per-gpu=8},
     * 22.05.8: u2 with 5 CPUs gets one GPU) and probe fuzz55p p6 ({@code --gpus=4 -n2 -c4}, 24.11.5 and 26.05.5:
     * u2 gets 2, f2's two on the task's socket).
     *
     * @param left the job's GPUs less those counted on the nodes before, less one per node after (may be negative)
     */
    BitSet withoutTopology(long left) {
        int free = node.gpus().size() - used.get(0, node.gpus().size()).cardinality();
        BitSet picked = new BitSet();
        takeInOrder(-1, left < 0 ? free : (int) Math.min(free, left), picked);
        return picked;
    }

    /** Free GPUs of socket {@code s} ({@code -1}: any socket) in index order, at most {@code count}. */
    private void takeInOrder(int s, int count, BitSet picked) {
        for (int g = 0, n = 0; g < node.gpus().size() && n < count; g++) {
            if (inSet(s, g) && free(g, picked)) {
                picked.set(g);
                n++;
            }
        }
    }

    /**
     * The end of {@code _set_job_bits1}: while more GPUs are picked than {@code maxHere}, keep the
     * first GPU of the best-linked picked pair and drop the picked GPU least linked to it.
     */
    private void dropWorstLinked(BitSet picked, int maxHere) {
        if (picked.cardinality() <= maxHere) {
            return;
        }
        int bestLink = -1;
        int bestInx = -1;
        for (int a = picked.nextSetBit(0); a >= 0; a = picked.nextSetBit(a + 1)) {
            for (int b = picked.nextSetBit(a + 1); b >= 0; b = picked.nextSetBit(b + 1)) {
                if (rawLink(a, b) > bestLink) {
                    bestLink = rawLink(a, b);
                    bestInx = a;
                }
            }
        }
        while (picked.cardinality() > maxHere && bestLink != -1) {
            int worst = -1;
            int worstLink = Integer.MAX_VALUE;
            for (int g = picked.nextSetBit(0); g >= 0; g = picked.nextSetBit(g + 1)) {
                if (g != bestInx && rawLink(bestInx, g) < worstLink) {
                    worstLink = rawLink(bestInx, g);
                    worst = g;
                }
            }
            if (worst == -1) {
                return;
            }
            picked.clear(worst);
        }
    }

    /** The {@code Links=} value as written (0 without links): Slurm compares the raw counts here. */
    private int rawLink(int a, int b) {
        int[] row = node.gpus().get(a).links();
        return row == null || b >= row.length ? 0 : row[b];
    }

    /**
     * {@code _set_job_bits2}: more GPUs anywhere on the node when the first pass left the job short.
     * 22.05: any-socket GPUs then the sockets, best linked to the first picked GPU first. 24.11: the
     * sockets then any-socket GPUs, in its ascending link order ({@link Sorted}).
     *
     * <p>22.05 with enforce-binding: only the GPUs of sockets that had a free core when the job's per-socket
     * GRES list was built ({@code _build_sock_gres_by_topo}, {@code cons_tres/gres_sched.c}, skips a socket of
     * {@code core_bitmap} with no available core, so its {@code bits_by_sock} stays empty and
     * {@code _set_job_bits2} cannot take them). Own case fuzz48 p26 ({@code -N2 -n3 -c4 --gpus=10}
     * enforce-binding; k1's socket 0 all held, k2's with two free cores): 22.05.8 fills the last two GPUs from
     * k2's socket 0, not k1's.
     *
     * @param freeCores the node's free cores before this job's pick (the {@code core_bitmap} of that list)
     */
    BitSet perJobMore(BitSet picked, int more, BitSet freeCores, boolean enforceBinding) {
        if (version.atLeast(SlurmVersion.V24_11)) {
            BitSet out = (BitSet) picked.clone();
            Sorted sorted = new Sorted();
            sorted.seed(picked);
            int needed = more;
            for (int s = 0; s < node.sockets() && needed > 0; s++) {
                needed -= pickTopo(s, needed, out, sorted);
            }
            if (needed > 0) {
                pickTopo(-1, needed, out, sorted);
            }
            return out;
        }
        BitSet out = (BitSet) picked.clone();
        int gres = node.gpus().size();
        int bestInx = picked.nextSetBit(0);
        int bestLink = 0;
        if (node.hasLinks() && bestInx >= 0) {
            for (int s = 0; s < gres; s++) {
                bestLink = Math.max(bestLink, node.link(s, bestInx));
            }
        }
        int goal = picked.cardinality() + more;
        for (int l = bestLink; l >= 0 && out.cardinality() < goal; l--) {
            for (int s = -1; s < node.sockets() && out.cardinality() < goal; s++) {
                for (int g = 0; g < gres && out.cardinality() < goal; g++) {
                    if (l > 0 && bestInx >= 0 && node.link(bestInx, g) < l) {
                        continue;
                    }
                    if (inSet(s, g) && free(g, out) && (s < 0 || !enforceBinding || hasCore(s, freeCores))) {
                        out.set(g);
                    }
                }
            }
        }
        return out;
    }

    private boolean hasCore(int socket, BitSet freeCores) {
        return freeCores.intersects(node.coresOfSocket(socket));
    }

    private boolean inSet(int s, int g) {
        return s == -1 ? any.get(g) : bySock[s].get(g);
    }

    private static int scaleLinks(int[] links) {
        if (links == null) {
            return 0;
        }
        int best = 0;
        for (int l : links) {
            best = Math.max(best, l);
        }
        if (best > 4) {
            int div = (best + 3) / 4;
            best = 0;
            for (int l = 0; l < links.length; l++) {
                links[l] /= div;
                best = Math.max(best, links[l]);
            }
        }
        return best;
    }
}
