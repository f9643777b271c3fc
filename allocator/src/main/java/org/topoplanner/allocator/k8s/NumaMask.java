package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A set of NUMA node ids as the kubelet's {@code topologymanager/bitmask} holds it: a 64-bit mask.
 * Ordering follows {@code IsNarrowerThan}: fewer bits first, then the numerically smaller mask
 * (which is the one with more low-numbered bits), so {@code {0}} beats {@code {1}} and
 * {@code {0,1}} beats {@code {0,2}}.
 */
public record NumaMask(long bits) {
    public static NumaMask of(int... ids) {
        long b = 0;
        for (int id : ids) {
            if (id < 0 || id >= 64) {
                throw new IllegalArgumentException("NUMA id must be in 0-63: " + id);
            }
            b |= 1L << id;
        }
        return new NumaMask(b);
    }

    public static NumaMask of(Iterable<Integer> ids) {
        long b = 0;
        for (int id : ids) {
            b |= of(id).bits;
        }
        return new NumaMask(b);
    }

    public int count() {
        return Long.bitCount(bits);
    }

    public boolean isSet(int id) {
        return id >= 0 && id < 64 && (bits & (1L << id)) != 0;
    }

    /** True when any of {@code ids} is in the mask ({@code AnySet}). */
    public boolean anySet(List<Integer> ids) {
        return ids.stream().anyMatch(this::isSet);
    }

    public NumaMask and(NumaMask other) {
        return new NumaMask(bits & other.bits);
    }

    /** Fewer NUMA nodes, or as many with more low-numbered bits ({@code IsNarrowerThan}). */
    public boolean isNarrowerThan(NumaMask other) {
        if (count() == other.count()) {
            return Long.compareUnsigned(bits, other.bits) < 0;
        }
        return count() < other.count();
    }

    public List<Integer> ids() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            if (isSet(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Every non-empty subset of {@code ids} in the order {@code bitmask.IterateBitMasks} visits them:
     * by size, and within a size lexicographically by position in {@code ids}.
     */
    public static void iterate(List<Integer> ids, Consumer<NumaMask> callback) {
        for (int size = 1; size <= ids.size(); size++) {
            iterate(ids, 0, new ArrayList<>(), size, callback);
        }
    }

    private static void iterate(List<Integer> ids, int from, List<Integer> accum, int size, Consumer<NumaMask> cb) {
        if (accum.size() == size) {
            cb.accept(of(accum));
            return;
        }
        for (int i = from; i < ids.size(); i++) {
            accum.add(ids.get(i));
            iterate(ids, i + 1, accum, size, cb);
            accum.remove(accum.size() - 1);
        }
    }

    /** The kubelet log spelling: binary, NUMA 0 rightmost, at least two digits ({@code 01}, {@code 10}, {@code 11}). */
    @Override
    public String toString() {
        String s = Long.toBinaryString(bits);
        return s.length() < 2 ? "0".repeat(2 - s.length()) + s : s;
    }
}
