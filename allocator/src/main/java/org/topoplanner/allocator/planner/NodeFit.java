package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.allocator.NodeShape;

/**
 * The exact best GPU subset of one node, with its cores and NICs. Every subset of the free GPUs of
 * the asked size is tried (2^8 or 2^16 at most on today's nodes; beyond {@value #EXACT_LIMIT}
 * subsets a NUMA-first greedy choice stands in) and compared by {@link #QUALITY}, smaller first:
 *
 * <ol>
 * <li>NUMA nodes the GPUs span;</li>
 * <li>PCIe switches (or host bridges) they span;</li>
 * <li>minus the NVLink lanes among them (more NVLink is better);</li>
 * <li>the summed path class from each GPU to its best NIC (1 = same PCIe switch ... 5 = across
 *     sockets): GPUDirect RDMA wants a NIC on the GPU's switch, or at least its NUMA node;</li>
 * <li>cores that cannot sit on the GPUs' affine cores (NUMA-aligned); with {@code enforce-binding}
 *     a subset needing any is not allowed, nor (with {@code --cpus-per-gpu}) one whose GPUs on a socket
 *     need more CPUs than the socket has free ({@link SocketShare}, Slurm's per-socket rule);</li>
 * <li>minus the NVLink lanes among the GPUs left free (leave the rest well connected);</li>
 * <li>PCIe switches split between the job and the GPUs left free.</li>
 * </ol>
 * Ties go to the lowest GPU indices. Cores: an even share on each of the GPUs' NUMA nodes (lowest
 * free cores first), then other affine cores, then (without {@code enforce-binding}) the GPUs'
 * sockets, then any. Each GPU's NIC is the one with the best path class, preferring one no other
 * GPU of the job uses, then the lowest. A CPU-only job goes to the NUMA node that fits it with the
 * fewest free cores (best fit).
 */
public final class NodeFit {
    /** Number of entries of a quality vector. */
    public static final int QUALITY = 7;
    static final long EXACT_LIMIT = 1 << 20;

    private NodeFit() {
    }

    /** The memo key of a choice: everything the choice depends on. */
    private record Key(long free, BitSet freeCores, int gpus, int cpus, boolean bind, boolean exclusive, String type,
                       int cpusPerGpu, boolean loose) {
    }

    /**
     * {@link #choose}, and under enforce-binding, when the bound demand does not fit, its loose form: the binding
     * Slurm's core filter also allows ({@link NodeDemand#loosened}). How every planner step takes a node.
     */
    public static NodeChoice chooseBinding(NodeShape shape, long free, BitSet freeCores, NodeDemand d, int gpus) {
        NodeChoice c = choose(shape, free, freeCores, d, gpus);
        return c == null && d.enforceBinding() ? choose(shape, free, freeCores, d.loosened(), gpus) : c;
    }

    /**
     * The best choice on a node of {@code shape} with free GPU positions {@code free} and free cores
     * {@code freeCores}, or {@code null} when the demand does not fit. Memoised on the shape.
     */
    public static NodeChoice choose(NodeShape shape, long free, BitSet freeCores, NodeDemand d, int gpus) {
        Key key = new Key(free, freeCores, gpus, d.cpus(), d.enforceBinding(), d.exclusive(), d.gpuType(),
                d.cpusPerGpu(), d.looseBinding());
        Object hit = shape.memo().get(key);
        if (hit != null) {
            return hit == Boolean.FALSE ? null : (NodeChoice) hit;
        }
        NodeChoice c = exact(shape, free, freeCores, d, gpus);
        shape.memo().put(key, c == null ? Boolean.FALSE : c);
        return c;
    }

    /** {@link #choose} without the memo: the search itself (what the benchmarks time). */
    public static NodeChoice exact(NodeShape shape, long free, BitSet freeCores, NodeDemand d, int gpus) {
        int all = shape.gpus();
        long allMask = all >= 64 ? -1L : (1L << all) - 1;
        if (d.exclusive()) {
            if (free != allMask || freeCores.cardinality() < shape.cores()) {
                return null;
            }
            BitSet cores = new BitSet();
            cores.set(0, shape.cores());
            return finish(shape, allMask, cores, quality(shape, allMask, allMask, 0), allMask);
        }
        long typed = 0;
        for (int g = 0; g < all; g++) {
            if ((free & (1L << g)) != 0 && shape.isType(g, d.gpuType())) {
                typed |= 1L << g;
            }
        }
        int need = d.cores(shape.cpuIds().threadsPerCore());
        if (Long.bitCount(typed) < gpus || freeCores.cardinality() < need) {
            return null;
        }
        if (gpus == 0) {
            BitSet cores = cpuOnlyCores(shape, freeCores, need);
            return new NodeChoice(0, cores, noNics(all), new long[QUALITY]);
        }
        int[] cand = positions(typed);
        long best = -1;
        long[] bestQ = null;
        if (cand.length < 63 && binomial(cand.length, gpus) <= EXACT_LIMIT) {
            Search search = new Search(shape, free, freeCores, d);
            long comb = (1L << gpus) - 1;
            long end = 1L << cand.length;
            while (comb < end && comb > 0) {
                long s = 0;
                for (long b = comb; b != 0; b &= b - 1) {
                    s |= 1L << cand[Long.numberOfTrailingZeros(b)];
                }
                if (search.quality(s) && (bestQ == null || better(search.q, s, bestQ, best))) {
                    best = s;
                    bestQ = search.q.clone();
                }
                long c = comb & -comb;
                long r = comb + c;
                comb = (((r ^ comb) >>> 2) / c) | r;
            }
        } else {
            best = greedy(shape, cand, gpus);
            bestQ = feasibleQuality(shape, best, free, freeCores, d);
        }
        if (bestQ == null) {
            return null;
        }
        BitSet cores = cores(shape, best, freeCores, need, d.strictBinding());
        return cores == null ? null : finish(shape, best, cores, bestQ, best);
    }

    /**
     * The quality of many subsets of one node's free GPUs, without allocating per subset: per-GPU bits,
     * NIC ranks, NVLink row sums over the free GPUs and affine free cores are worked out once. Gives
     * exactly {@link #quality} (the brute-force test checks the two against each other).
     */
    private static final class Search {
        final NodeShape shape;
        final long free;
        final int need;
        final boolean bind;
        final long[] numaBit;
        final long[] pciBit;
        final int[] nic;
        final int[] rowFree;
        final long[][] affine;
        final long[] union;
        final int freeLanes;
        final SocketShare share;
        final long[] q = new long[QUALITY];

        Search(NodeShape shape, long free, BitSet freeCores, NodeDemand d) {
            this.shape = shape;
            this.free = free;
            this.need = d.cores(shape.cpuIds().threadsPerCore());
            this.share = SocketShare.of(shape, freeCores, d);
            this.bind = d.strictBinding();
            int g = shape.gpus();
            numaBit = new long[g];
            pciBit = new long[g];
            nic = new int[g];
            rowFree = new int[g];
            affine = new long[g][];
            for (int i = 0; i < g; i++) {
                numaBit[i] = bit(shape.numa(i));
                pciBit[i] = bit(shape.pciSwitch(i));
                nic[i] = bestNicRank(shape, i);
                for (long b = free; b != 0; b &= b - 1) {
                    int j = Long.numberOfTrailingZeros(b);
                    rowFree[i] += j == i ? 0 : shape.lanes(i, j);
                }
                BitSet a = (BitSet) shape.affineCores(i).clone();
                a.and(freeCores);
                affine[i] = a.toLongArray();
            }
            int words = 0;
            for (long[] a : affine) {
                words = Math.max(words, a.length);
            }
            union = new long[words];
            freeLanes = lanes(shape, free);
        }

        /** Fills {@link #q} for subset {@code s}; false when {@code enforce-binding} rules it out. */
        boolean quality(long s) {
            Arrays.fill(union, 0);
            long numa = 0;
            long pci = 0;
            long nicSum = 0;
            int row = 0;
            for (long b = s; b != 0; b &= b - 1) {
                int i = Long.numberOfTrailingZeros(b);
                numa |= numaBit[i];
                pci |= pciBit[i];
                nicSum += nic[i];
                row += rowFree[i];
                long[] a = affine[i];
                for (int w = 0; w < a.length; w++) {
                    union[w] |= a[w];
                }
            }
            int affineFree = 0;
            for (long w : union) {
                affineFree += Long.bitCount(w);
            }
            int misaligned = Math.max(0, need - affineFree);
            if (misaligned > 0 && bind || share != null && !share.holds(s)) {
                return false;
            }
            long pciRest = 0;
            for (long b = free & ~s; b != 0; b &= b - 1) {
                pciRest |= pciBit[Long.numberOfTrailingZeros(b)];
            }
            int inside = lanes(shape, s);
            q[0] = Long.bitCount(numa);
            q[1] = Long.bitCount(pci);
            q[2] = -inside;
            q[3] = nicSum;
            q[4] = misaligned;
            // lanes among the rest = all free lanes - inside - (row sums of s - 2 * inside)
            q[5] = -(freeLanes + inside - row);
            q[6] = Long.bitCount(pci & pciRest & ~Long.MIN_VALUE);
            return true;
        }
    }

    private static boolean better(long[] q, long s, long[] bestQ, long best) {
        int c = Arrays.compare(q, bestQ);
        if (c != 0) {
            return c < 0;
        }
        long diff = s ^ best;
        return (s & diff & -diff) != 0; // the lowest differing GPU is in s: lower indices win
    }

    private static long[] feasibleQuality(NodeShape shape, long s, long free, BitSet freeCores, NodeDemand d) {
        BitSet affine = affinity(shape, s);
        affine.and(freeCores);
        int misaligned = Math.max(0, d.cores(shape.cpuIds().threadsPerCore()) - affine.cardinality());
        SocketShare share = SocketShare.of(shape, freeCores, d);
        if (misaligned > 0 && d.strictBinding() || share != null && !share.holds(s)) {
            return null;
        }
        return quality(shape, s, free, misaligned);
    }

    /** The quality vector of GPUs {@code s} on a node whose free GPUs were {@code free}. */
    public static long[] quality(NodeShape shape, long s, long free, int misalignedCores) {
        long[] q = new long[QUALITY];
        long numa = 0;
        long pci = 0;
        long pciRest = 0;
        int nic = 0;
        long rest = free & ~s;
        for (int g = 0; g < shape.gpus(); g++) {
            if ((s & (1L << g)) != 0) {
                numa |= bit(shape.numa(g));
                pci |= bit(shape.pciSwitch(g));
                nic += bestNicRank(shape, g);
            } else if ((rest & (1L << g)) != 0) {
                pciRest |= bit(shape.pciSwitch(g));
            }
        }
        q[0] = Long.bitCount(numa);
        q[1] = Long.bitCount(pci);
        q[2] = -lanes(shape, s);
        q[3] = nic;
        q[4] = misalignedCores;
        q[5] = -lanes(shape, rest);
        q[6] = Long.bitCount(pci & pciRest & ~Long.MIN_VALUE);
        return q;
    }

    /** One bit per NUMA node or PCIe switch; every unknown one shares the top bit. */
    private static long bit(int id) {
        return id < 0 || id >= 63 ? Long.MIN_VALUE : 1L << id;
    }

    static int lanes(NodeShape shape, long s) {
        int sum = 0;
        for (long a = s; a != 0; a &= a - 1) {
            int i = Long.numberOfTrailingZeros(a);
            for (long b = a & (a - 1); b != 0; b &= b - 1) {
                sum += shape.lanes(i, Long.numberOfTrailingZeros(b));
            }
        }
        return sum;
    }

    private static int bestNicRank(NodeShape shape, int g) {
        if (shape.nics() == 0) {
            return 0;
        }
        int best = Integer.MAX_VALUE;
        for (int n = 0; n < shape.nics(); n++) {
            best = Math.min(best, shape.nicRank(g, n));
        }
        return best;
    }

    private static BitSet affinity(NodeShape shape, long s) {
        BitSet a = new BitSet();
        for (long b = s; b != 0; b &= b - 1) {
            a.or(shape.affineCores(Long.numberOfTrailingZeros(b)));
        }
        return a;
    }

    /** Cores for GPUs {@code s}: an even share per NUMA node of the GPUs, then affine, then near, then any. */
    static BitSet cores(NodeShape shape, long s, BitSet freeCores, int need, boolean bind) {
        BitSet out = new BitSet();
        List<Integer> numas = new ArrayList<>();
        for (long b = s; b != 0; b &= b - 1) {
            int n = shape.numa(Long.numberOfTrailingZeros(b));
            if (!numas.contains(n)) {
                numas.add(n);
            }
        }
        int gpus = Long.bitCount(s);
        for (int n : numas) {
            long onNuma = 0;
            BitSet affine = new BitSet();
            for (long b = s; b != 0; b &= b - 1) {
                int g = Long.numberOfTrailingZeros(b);
                if (shape.numa(g) == n) {
                    onNuma |= 1L << g;
                    affine.or(shape.affineCores(g));
                }
            }
            int quota = (int) Math.ceil((double) need * Long.bitCount(onNuma) / gpus);
            take(out, affine, freeCores, Math.min(quota, need - out.cardinality()));
        }
        BitSet affineAll = affinity(shape, s);
        take(out, affineAll, freeCores, need - out.cardinality());
        if (out.cardinality() < need && !bind) {
            BitSet near = new BitSet();
            for (int c = affineAll.nextSetBit(0); c >= 0; c = affineAll.nextSetBit(c + 1)) {
                int socket = shape.coreSocket(c);
                for (int k = 0; k < shape.cores(); k++) {
                    if (shape.coreSocket(k) == socket) {
                        near.set(k);
                    }
                }
            }
            take(out, near, freeCores, need - out.cardinality());
            BitSet any = new BitSet();
            any.set(0, shape.cores());
            take(out, any, freeCores, need - out.cardinality());
        }
        return out.cardinality() < need ? null : out;
    }

    private static void take(BitSet out, BitSet from, BitSet freeCores, int count) {
        for (int c = from.nextSetBit(0); c >= 0 && count > 0; c = from.nextSetBit(c + 1)) {
            if (freeCores.get(c) && !out.get(c)) {
                out.set(c);
                count--;
            }
        }
    }

    /** A CPU-only job: the NUMA node that holds it with the fewest free cores, else the fullest-free ones. */
    private static BitSet cpuOnlyCores(NodeShape shape, BitSet freeCores, int need) {
        int bestNuma = Integer.MIN_VALUE;
        int bestFree = Integer.MAX_VALUE;
        Map<Integer, Integer> freeOn = new TreeMap<>();
        for (int c = freeCores.nextSetBit(0); c >= 0 && c < shape.cores(); c = freeCores.nextSetBit(c + 1)) {
            freeOn.merge(shape.coreNuma(c), 1, Integer::sum);
        }
        for (var e : freeOn.entrySet()) {
            if (e.getValue() >= need && e.getValue() < bestFree) {
                bestNuma = e.getKey();
                bestFree = e.getValue();
            }
        }
        List<Integer> order = new ArrayList<>(freeOn.keySet());
        order.sort((a, b) -> Integer.compare(freeOn.get(b), freeOn.get(a)));
        if (bestNuma != Integer.MIN_VALUE) {
            order.remove(Integer.valueOf(bestNuma));
            order.add(0, bestNuma);
        }
        BitSet out = new BitSet();
        for (int n : order) {
            for (int c = freeCores.nextSetBit(0); c >= 0 && c < shape.cores() && out.cardinality() < need;
                 c = freeCores.nextSetBit(c + 1)) {
                if (shape.coreNuma(c) == n) {
                    out.set(c);
                }
            }
        }
        return out;
    }

    private static NodeChoice finish(NodeShape shape, long s, BitSet cores, long[] q, long chosen) {
        int[] nics = noNics(shape.gpus());
        boolean[] used = new boolean[shape.nics()];
        for (long b = chosen; b != 0; b &= b - 1) {
            int g = Long.numberOfTrailingZeros(b);
            int pick = -1;
            for (int n = 0; n < shape.nics(); n++) {
                if (pick < 0 || shape.nicRank(g, n) < shape.nicRank(g, pick)
                        || (shape.nicRank(g, n) == shape.nicRank(g, pick) && used[pick] && !used[n])) {
                    pick = n;
                }
            }
            if (pick >= 0) {
                nics[g] = pick;
                used[pick] = true;
            }
        }
        return new NodeChoice(s, cores, nics, q);
    }

    private static int[] noNics(int gpus) {
        int[] n = new int[gpus];
        Arrays.fill(n, -1);
        return n;
    }

    private static int[] positions(long mask) {
        int[] out = new int[Long.bitCount(mask)];
        int i = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            out[i++] = Long.numberOfTrailingZeros(b);
        }
        return out;
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
            if (r > EXACT_LIMIT) {
                return r;
            }
        }
        return r;
    }

    /** Beyond the exact limit: GPUs of the NUMA node with the most candidates first, by PCIe switch, then index. */
    private static long greedy(NodeShape shape, int[] cand, int gpus) {
        Map<Integer, Integer> perNuma = new HashMap<>();
        for (int g : cand) {
            perNuma.merge(shape.numa(g), 1, Integer::sum);
        }
        Integer[] order = Arrays.stream(cand).boxed().toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> {
            int c = Integer.compare(perNuma.get(shape.numa(b)), perNuma.get(shape.numa(a)));
            c = c != 0 ? c : Integer.compare(shape.numa(a), shape.numa(b));
            c = c != 0 ? c : Integer.compare(shape.pciSwitch(a), shape.pciSwitch(b));
            return c != 0 ? c : Integer.compare(a, b);
        });
        long s = 0;
        for (int i = 0; i < gpus; i++) {
            s |= 1L << order[i];
        }
        return s;
    }
}
