package org.topoplanner.model.cpu;

import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An immutable set of CPU ids (hardware threads as the OS numbers them), written in the canonical
 * range form of the command line: ascending, merged, singletons once ({@code "0-15,32-47"},
 * {@code "0,8"}, {@code ""}).
 */
public final class CpuSet {
    private static final CpuSet EMPTY = new CpuSet(new BitSet());
    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    public static CpuSet empty() {
        return EMPTY;
    }

    public static CpuSet of(int... ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            if (id < 0) {
                throw new IllegalArgumentException("negative CPU id " + id);
            }
            b.set(id);
        }
        return new CpuSet(b);
    }

    public static CpuSet of(Iterable<Integer> ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            b.set(id);
        }
        return new CpuSet(b);
    }

    public static CpuSet range(int from, int toInclusive) {
        BitSet b = new BitSet();
        b.set(from, toInclusive + 1);
        return new CpuSet(b);
    }

    /** Parses {@code 0-15,32-47}, {@code 0,2,4}, {@code 0-0,8-8}, {@code [0-3]} or {@code ""}. */
    public static CpuSet parse(String text) {
        String s = text.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        BitSet b = new BitSet();
        if (s.isBlank()) {
            return new CpuSet(b);
        }
        for (String part : s.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            try {
                if (dash < 0) {
                    b.set(Integer.parseInt(p));
                } else {
                    int lo = Integer.parseInt(p.substring(0, dash).strip());
                    int hi = Integer.parseInt(p.substring(dash + 1).strip());
                    if (hi < lo) {
                        throw new IllegalArgumentException("descending CPU range '" + p + "' in '" + text + "'");
                    }
                    b.set(lo, hi + 1);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: '" + text + "'", e);
            }
        }
        return new CpuSet(b);
    }

    public boolean contains(int id) {
        return id >= 0 && bits.get(id);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public int first() {
        return bits.nextSetBit(0);
    }

    public CpuSet union(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.or(other.bits);
        return new CpuSet(b);
    }

    public CpuSet intersection(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.and(other.bits);
        return new CpuSet(b);
    }

    public CpuSet minus(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.andNot(other.bits);
        return new CpuSet(b);
    }

    public boolean containsAll(CpuSet other) {
        return other.minus(this).isEmpty();
    }

    public IntStream stream() {
        return bits.stream();
    }

    public List<Integer> toList() {
        return bits.stream().boxed().toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet c && c.bits.equals(bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        int start = bits.nextSetBit(0);
        while (start >= 0) {
            int end = bits.nextClearBit(start) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(start);
            if (end > start) {
                sb.append('-').append(end);
            }
            start = bits.nextSetBit(end + 1);
        }
        return sb.toString();
    }
}
