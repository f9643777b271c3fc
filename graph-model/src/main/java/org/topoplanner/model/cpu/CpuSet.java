package org.topoplanner.model.cpu;

import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An immutable set of CPU ids (hardware threads as the OS numbers them), written in the canonical
 * range form of the command line: ascending, merged, singletons once ({@code "0-15,32-47"},
 * {@code "0,8"}, {@code ""}). Equal sets print equally, so the string can be compared and stored.
 *
 * <p>The bits live in a {@link BitSet} that never leaves the instance; every operation copies. Ids go
 * up to {@link #MAX_ID}, far beyond any machine, so that a typo such as {@code 0-2000000000} is an
 * error instead of a quarter-gigabyte bitmap.
 */
public final class CpuSet {
    /** The largest CPU id accepted: 2<sup>20</sup>-1. */
    public static final int MAX_ID = (1 << 20) - 1;
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
            b.set(checkId(id));
        }
        return new CpuSet(b);
    }

    public static CpuSet of(Iterable<Integer> ids) {
        BitSet b = new BitSet();
        for (Integer id : ids) {
            if (id == null) {
                throw new IllegalArgumentException("null CPU id");
            }
            b.set(checkId(id));
        }
        return new CpuSet(b);
    }

    /** CPUs {@code from} to {@code toInclusive}; {@code range(3, 3)} is {@code "3"}. */
    public static CpuSet range(int from, int toInclusive) {
        checkId(from);
        checkId(toInclusive);
        if (toInclusive < from) {
            throw new IllegalArgumentException("descending CPU range " + from + "-" + toInclusive);
        }
        BitSet b = new BitSet();
        b.set(from, toInclusive + 1);
        return new CpuSet(b);
    }

    private static int checkId(int id) {
        if (id < 0 || id > MAX_ID) {
            throw new IllegalArgumentException("CPU id " + id + " outside 0-" + MAX_ID);
        }
        return id;
    }

    /**
     * Parses a CPU list: {@code 0-15,32-47}, {@code 0,2,4}, {@code 0-0,8-8}, {@code [0-3]}, {@code ""};
     * whitespace may stand around numbers, commas and dashes. Overlaps and any order are accepted
     * ({@code 8,0-3,2} is {@code 0-3,8}).
     *
     * @throws CpuSetSyntaxException with the column of the first problem
     */
    public static CpuSet parse(String text) throws CpuSetSyntaxException {
        BitSet b = CpuListReader.read(text);
        return b.isEmpty() ? EMPTY : new CpuSet(b);
    }

    /**
     * Reads an hwloc cpuset string ({@code 0x000000ff,0x0000ff00}; empty words are zero). An infinite
     * mask ({@code 0xf...f,...}, hwloc's "and every CPU above") cannot be held without knowing the
     * machine's size, so it is an error here; use {@link #fromHwlocMask(String, int)}.
     *
     * @throws CpuSetSyntaxException with the column of the first problem
     */
    public static CpuSet fromHwlocMask(String mask) throws CpuSetSyntaxException {
        HwlocMaskReader.Mask m = HwlocMaskReader.read(mask);
        if (m.infinite()) {
            throw new CpuSetSyntaxException("infinite mask: the CPUs above the words written are unknown"
                    + " without the machine's CPU count", mask, 0);
        }
        return new CpuSet(m.bits());
    }

    /**
     * Reads an hwloc bitmap as an hwloc XML object carries it ({@code cpuset}, {@code nodeset}): the bits
     * of the words written. An infinite mask's tail ({@code 0xf...f}) is cut off at the last word
     * written: an object's CPUs (or NUMA nodes) are those the words list, and the machine's size is not
     * known while its objects are read.
     *
     * @throws CpuSetSyntaxException with the column of the first problem
     */
    public static CpuSet fromHwlocMaskAsWritten(String mask) throws CpuSetSyntaxException {
        return new CpuSet(HwlocMaskReader.read(mask).bits());
    }

    /**
     * Reads an hwloc cpuset string on a machine of {@code cpuCount} CPUs: an infinite mask's tail
     * ({@code 0xf...f}) stands for every CPU up to {@code cpuCount - 1}, and set bits at or above
     * {@code cpuCount} are dropped, since no such CPU exists.
     *
     * @throws CpuSetSyntaxException with the column of the first problem
     */
    public static CpuSet fromHwlocMask(String mask, int cpuCount) throws CpuSetSyntaxException {
        if (cpuCount < 0 || cpuCount > MAX_ID + 1) {
            throw new IllegalArgumentException("CPU count " + cpuCount + " outside 0-" + (MAX_ID + 1));
        }
        HwlocMaskReader.Mask m = HwlocMaskReader.read(mask);
        BitSet b = m.bits();
        int written = m.wordsWritten() * 32;
        if (m.infinite() && cpuCount > written) {
            b.set(written, cpuCount);
        }
        if (b.length() > cpuCount) {
            b.clear(cpuCount, b.length());
        }
        return new CpuSet(b);
    }

    /**
     * This set as hwloc writes a cpuset ({@code hwloc_bitmap_snprintf}): 32-bit words most significant
     * first, eight hex digits each, zero words empty except the lowest, which is {@code 0x0}
     * ({@code 0x00000001,,0x0} is CPU 64).
     */
    public String toHwlocMask() {
        int words = Math.max(1, (bits.length() + 31) / 32);
        StringBuilder sb = new StringBuilder();
        for (int w = words - 1; w >= 0; w--) {
            long value = 0;
            for (int b = bits.nextSetBit(w * 32); b >= 0 && b < (w + 1) * 32; b = bits.nextSetBit(b + 1)) {
                value |= 1L << (b - w * 32);
            }
            if (value != 0) {
                sb.append(String.format("0x%08x", value));
            } else if (w == 0) {
                sb.append("0x0");
            }
            if (w > 0) {
                sb.append(',');
            }
        }
        return sb.toString();
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

    /** The lowest CPU id, or -1 for the empty set. */
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

    /** The ids in ascending order. */
    public IntStream stream() {
        return bits.stream();
    }

    /** The ids in ascending order. */
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

    /** The canonical range string: {@code "0-15,32-47"}, {@code "0,8"}, {@code ""}. */
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
