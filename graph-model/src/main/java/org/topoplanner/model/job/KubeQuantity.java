package org.topoplanner.model.job;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * A Kubernetes resource quantity for memory ({@code 64Gi}, {@code 512Mi}, {@code 1G}, {@code 1.5Gi},
 * {@code 1048576}), as {@code resource.Quantity} reads it: binary suffixes {@code Ki Mi Gi Ti Pi Ei},
 * decimal suffixes {@code k M G T P E}, or plain bytes. The model counts memory in whole MiB, so a value
 * is rounded up to the next MiB (the kubelet also rounds a request up when it reserves memory).
 */
public final class KubeQuantity {
    private static final long MIB = 1024L * 1024L;

    private KubeQuantity() {
    }

    /**
     * The quantity in MiB, rounded up.
     *
     * @throws IllegalArgumentException with a sentence naming the text when it is not a memory quantity
     */
    public static long parseMiB(String text) {
        String t = text.strip();
        int end = t.length();
        while (end > 0 && Character.isLetter(t.charAt(end - 1))) {
            end--;
        }
        String number = t.substring(0, end);
        String suffix = t.substring(end);
        BigDecimal factor = switch (suffix) {
            case "" -> BigDecimal.ONE;
            case "Ki" -> BigDecimal.valueOf(1024L);
            case "Mi" -> BigDecimal.valueOf(MIB);
            case "Gi" -> BigDecimal.valueOf(MIB * 1024L);
            case "Ti" -> BigDecimal.valueOf(MIB * 1024L * 1024L);
            case "Pi" -> BigDecimal.valueOf(MIB * 1024L * 1024L * 1024L);
            case "Ei" -> BigDecimal.valueOf(MIB * 1024L * 1024L * 1024L * 1024L);
            case "k" -> BigDecimal.valueOf(1000L);
            case "M" -> BigDecimal.valueOf(1000_000L);
            case "G" -> BigDecimal.valueOf(1000_000_000L);
            case "T" -> BigDecimal.valueOf(1000_000_000_000L);
            case "P" -> BigDecimal.valueOf(1000_000_000_000_000L);
            case "E" -> BigDecimal.valueOf(1000_000_000_000_000_000L);
            default -> throw new IllegalArgumentException("'" + text + "': unknown unit '" + suffix
                    + "' (use Ki, Mi, Gi, Ti or k, M, G, T)");
        };
        if (!number.matches("[0-9]+(\\.[0-9]+)?")) {
            throw new IllegalArgumentException("'" + text + "' is not a memory quantity such as 64Gi or 512Mi");
        }
        BigDecimal bytes = new BigDecimal(number).multiply(factor);
        BigDecimal mib = bytes.divide(BigDecimal.valueOf(MIB), 0, java.math.RoundingMode.CEILING);
        if (mib.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / MIB)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is more memory than any node has");
        }
        return mib.longValueExact();
    }

    /** {@code mib} in the shortest exact binary spelling: {@code 64Gi}, {@code 1536Mi}. */
    public static String format(long mib) {
        if (mib != 0 && mib % (1024L * 1024L) == 0) {
            return mib / (1024L * 1024L) + "Ti";
        }
        if (mib != 0 && mib % 1024L == 0) {
            return mib / 1024L + "Gi";
        }
        return String.format(Locale.ROOT, "%dMi", mib);
    }
}
