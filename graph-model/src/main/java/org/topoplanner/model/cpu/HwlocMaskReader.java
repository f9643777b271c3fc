package org.topoplanner.model.cpu;

import java.util.BitSet;

/**
 * Reads hwloc's bitmap strings ({@code hwloc_bitmap_snprintf}): comma-separated 32-bit words in hex,
 * most significant first, each {@code 0x} and up to eight digits, an empty word meaning zero
 * ({@code 0x00000001,,,0x0}). A leading {@code 0xf...f} word marks an infinite set: every bit above
 * the words written is set too.
 */
final class HwlocMaskReader {
    /** 32 Ki words = 1 Mi CPUs, {@link CpuSet#MAX_ID}'s limit. */
    private static final int MAX_WORDS = (CpuSet.MAX_ID + 1) / 32;

    private HwlocMaskReader() {
    }

    /** The bits written, and whether the set goes on to infinity above them. */
    record Mask(BitSet bits, int wordsWritten, boolean infinite) {
    }

    static Mask read(String text) throws CpuSetSyntaxException {
        String[] words = text.split(",", -1);
        int start = 0;
        boolean infinite = false;
        if (words[0].strip().equalsIgnoreCase("0xf...f")) {
            infinite = true;
            start = 1;
        }
        int count = words.length - start;
        if (count > MAX_WORDS) {
            throw new CpuSetSyntaxException("more than " + MAX_WORDS + " words", text, 0);
        }
        BitSet bits = new BitSet();
        int column = words[0].length() + 1;
        if (!infinite) {
            column = 0;
        }
        for (int i = start; i < words.length; i++) {
            String w = words[i].strip();
            int base = (words.length - 1 - i) * 32;
            if (!w.isEmpty()) {
                long value = word(w, text, column);
                for (int b = 0; b < 32; b++) {
                    if ((value >>> b & 1) != 0) {
                        bits.set(base + b);
                    }
                }
            }
            column += words[i].length() + 1;
        }
        if (!infinite && count == 1 && words[0].isBlank()) {
            throw new CpuSetSyntaxException("empty mask (hwloc writes 0x0 for no CPUs)", text, 0);
        }
        return new Mask(bits, count, infinite);
    }

    private static long word(String w, String text, int column) throws CpuSetSyntaxException {
        String hex = w.startsWith("0x") || w.startsWith("0X") ? w.substring(2) : w;
        if (hex.isEmpty() || hex.length() > 8) {
            throw new CpuSetSyntaxException("a word is 0x and one to eight hex digits, not '" + w + "'", text, column);
        }
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw new CpuSetSyntaxException("'" + hex.charAt(i) + "' is not a hex digit", text, column);
            }
        }
        return Long.parseLong(hex, 16);
    }
}
