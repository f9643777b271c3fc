package org.topoplanner.importers.ibnet;

/**
 * A map from {@code long} to {@code long} with open addressing: GUIDs and packed port references
 * without a boxed {@code Long} and a map entry per key. A 16,384-host dump looks keys up about
 * 100,000 times, and the boxed maps were most of the reader's time before the file was parsed.
 */
final class LongTable {
    private long[] keys;
    private long[] values;
    private boolean[] used;
    private int size;

    LongTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2) - 1) << 1;
        keys = new long[capacity];
        values = new long[capacity];
        used = new boolean[capacity];
    }

    /** The value of {@code key}, or {@code missing} when it has none. */
    long get(long key, long missing) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return values[i];
            }
        }
        return missing;
    }

    boolean contains(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return true;
            }
        }
        return false;
    }

    void put(long key, long value) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i]) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = value;
        size++;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldValues = values;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        values = new long[oldKeys.length * 2];
        used = new boolean[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    /** Fibonacci hashing: GUIDs of one fabric differ in their low bits only, which a plain mask would cluster. */
    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }

    @Override
    public String toString() {
        return "LongTable[" + size + " of " + keys.length + "]";
    }
}
