package org.topoplanner.importers.ibnet;

/**
 * A map from {@code long} to {@code long} with open addressing: GUIDs and packed port references
 * without a boxed {@code Long} and a map entry per key. A 16,384-host dump looks keys up about
 * 100,000 times, and the boxed maps were most of the reader's time before the file was parsed.
 *
 * <p>Key and value sit side by side in one array, so that a look-up touches one cache line, not one
 * in each of three arrays; a free slot holds {@link #FREE} as its key, and the one key equal to it is
 * kept beside the array.
 */
final class LongTable {
    private static final long FREE = Long.MIN_VALUE;
    /** Key at {@code 2i}, value at {@code 2i + 1}. */
    private long[] slots;
    private int capacity;
    private int size;
    private boolean hasFreeKey;
    private long freeKeyValue;

    LongTable(int expected) {
        capacity = Integer.highestOneBit(Math.max(16, expected * 2) - 1) << 1;
        slots = emptySlots(capacity);
    }

    private static long[] emptySlots(int capacity) {
        long[] s = new long[capacity * 2];
        for (int i = 0; i < s.length; i += 2) {
            s[i] = FREE;
        }
        return s;
    }

    /** The value of {@code key}, or {@code missing} when it has none. */
    long get(long key, long missing) {
        if (key == FREE) {
            return hasFreeKey ? freeKeyValue : missing;
        }
        int mask = capacity - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = slots[2 * i];
            if (k == key) {
                return slots[2 * i + 1];
            }
            if (k == FREE) {
                return missing;
            }
        }
    }

    boolean contains(long key) {
        if (key == FREE) {
            return hasFreeKey;
        }
        int mask = capacity - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = slots[2 * i];
            if (k == key) {
                return true;
            }
            if (k == FREE) {
                return false;
            }
        }
    }

    void put(long key, long value) {
        if (key == FREE) {
            size += hasFreeKey ? 0 : 1;
            hasFreeKey = true;
            freeKeyValue = value;
            return;
        }
        if ((size + 1) * 2 > capacity) {
            grow();
        }
        int mask = capacity - 1;
        int i = slot(key, mask);
        while (slots[2 * i] != FREE) {
            if (slots[2 * i] == key) {
                slots[2 * i + 1] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        slots[2 * i] = key;
        slots[2 * i + 1] = value;
        size++;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = slots;
        capacity *= 2;
        slots = emptySlots(capacity);
        int mask = capacity - 1;
        for (int j = 0; j < old.length; j += 2) {
            long key = old[j];
            if (key != FREE) {
                int i = slot(key, mask);
                while (slots[2 * i] != FREE) {
                    i = (i + 1) & mask;
                }
                slots[2 * i] = key;
                slots[2 * i + 1] = old[j + 1];
            }
        }
    }

    /** Fibonacci hashing: GUIDs of one fabric differ in their low bits only, which a plain mask would cluster. */
    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }

    @Override
    public String toString() {
        return "LongTable[" + size + " of " + capacity + "]";
    }
}
