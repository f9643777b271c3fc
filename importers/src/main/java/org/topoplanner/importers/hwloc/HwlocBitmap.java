package org.topoplanner.importers.hwloc;

import java.util.BitSet;
import java.util.Optional;
import org.topoplanner.model.cpu.CpuSet;

/**
 * An hwloc bitmap string: comma-separated 32-bit hex words, most significant first, where an empty
 * word is zero ({@code 0x00000303,0x03030000,,0x03030303}) and a leading {@code 0xf...f} word means
 * "and every higher bit" (hwloc's infinite sets, cut off here at the last word written).
 */
final class HwlocBitmap {
    /** More words than any machine has CPUs for (32 Ki CPUs); guards against absurd input. */
    private static final int MAX_WORDS = 1024;

    private HwlocBitmap() {
    }

    /** The set bits, or empty when the text is not a bitmap. */
    static Optional<CpuSet> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String[] words = text.strip().split(",", -1);
        if (words.length > MAX_WORDS) {
            return Optional.empty();
        }
        BitSet bits = new BitSet();
        for (int i = 0; i < words.length; i++) {
            String w = words[i].strip();
            int base = (words.length - 1 - i) * 32;
            if (w.isEmpty()) {
                continue;
            }
            if (w.startsWith("0x") || w.startsWith("0X")) {
                w = w.substring(2);
            }
            if (w.equalsIgnoreCase("f...f")) {
                continue;
            }
            if (w.isEmpty() || w.length() > 8 || !w.matches("[0-9a-fA-F]+")) {
                return Optional.empty();
            }
            long value = Long.parseLong(w, 16);
            for (int b = 0; b < 32; b++) {
                if ((value >>> b & 1) != 0) {
                    bits.set(base + b);
                }
            }
        }
        return Optional.of(CpuSet.of(bits.stream().boxed().toList()));
    }
}
