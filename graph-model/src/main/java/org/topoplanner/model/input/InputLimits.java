package org.topoplanner.model.input;

/**
 * The most bytes an input may have before it is refused. Every file is checked against its limit
 * from its size on disk before it is read, and read through a counter that stops at the limit (a
 * file that grows, or reports no size, cannot get past it). {@code override} replaces every
 * per-format limit ({@code --max-input-size}); without it each kind of input has its own.
 *
 * @param override the limit the user chose for every input, or 0 for the per-kind defaults
 */
public record InputLimits(long override) {
    /** Fabric dumps, node lists, projects: the largest texts (ibnetdiscover of 16,384 hosts is 8.6 MB). */
    public static final long LARGE = 128L << 20;
    /** Configuration files and CRDs, hwloc XML, placement and job lists. */
    public static final long MEDIUM = 32L << 20;
    /** What one machine prints about itself ({@code nvidia-smi topo -m} is a few KB). */
    public static final long SMALL = 1L << 20;
    /** What is read before the format is known: enough for any format's first lines. */
    public static final int HEAD = 64 * 1024;

    /**
     * The most GPUs one node of an input may have: the allocators hold a node's GPUs in a 64-bit
     * mask, the Kubernetes emulation enumerates their partitions, and no machine has more.
     */
    public static final int GPUS_PER_NODE = 64;

    public static final InputLimits DEFAULT = new InputLimits(0);

    public InputLimits {
        if (override < 0) {
            throw new IllegalArgumentException("a size limit cannot be negative");
        }
    }

    /** The limit for an input whose kind allows {@code kindLimit} bytes. */
    public long limit(long kindLimit) {
        return override > 0 ? override : kindLimit;
    }

    /** The largest limit any kind has, for a file whose kind is not known yet. */
    public long largest() {
        return limit(LARGE);
    }

    /**
     * Reads {@code 64M}, {@code 512k}, {@code 2G} or plain bytes, as {@code --max-input-size} takes them.
     *
     * @throws IllegalArgumentException with a sentence for the usage message
     */
    public static long parseSize(String text) {
        String t = text.strip();
        long unit = 1;
        if (!t.isEmpty()) {
            char last = Character.toUpperCase(t.charAt(t.length() - 1));
            int shift = switch (last) {
                case 'K' -> 10;
                case 'M' -> 20;
                case 'G' -> 30;
                default -> 0;
            };
            if (shift > 0) {
                unit = 1L << shift;
                t = t.substring(0, t.length() - 1);
            }
        }
        if (t.isEmpty() || t.length() > 12 || !t.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("'" + text + "' is not a size (a whole number with an optional K, M or G)");
        }
        long n = Long.parseLong(t);
        if (n <= 0 || n > (16L << 30) / unit) {
            throw new IllegalArgumentException("'" + text + "' is not a size between 1 byte and 16G");
        }
        return n * unit;
    }

    /** A size for messages: {@code 3.0 GiB}, {@code 64 MiB}, {@code 812 bytes}. */
    public static String describe(long bytes) {
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(java.util.Locale.ROOT, "%.1f", v)) + " " + units[u];
    }
}
