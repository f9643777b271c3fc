package org.topoplanner.importers.ibnet;

import java.util.regex.Pattern;

/**
 * The host and HCA named by a channel adapter's node description: {@code "node001 mlx5_3"} is host
 * {@code node001}, HCA {@code mlx5_3}. A description that the driver set by default
 * ({@code "MT4129 ConnectX7   Mellanox Technologies"}) names no host; such an HCA becomes its own
 * host named by its GUID, because grouping all unnamed HCAs under one made-up host would invent a
 * machine with dozens of HCAs.
 *
 * @param host the host name, or {@code null} when the description names none
 * @param hca  the HCA device name, or {@code null} when the description gives only a host
 */
record HcaDescription(String host, String hca) {
    /** Default descriptions: a Mellanox/NVIDIA part number first ({@code MT4129}), or the vendor text. */
    private static final Pattern DEFAULT = Pattern.compile(
            "^(MT\\d{3,}\\b.*|.*\\b(Mellanox|NVIDIA) Technologies\\b.*|ConnectX.*)$");

    static HcaDescription parse(String description) {
        String d = description == null ? "" : description.strip();
        if (d.isEmpty() || looksDefault(d) && DEFAULT.matcher(d).matches()) {
            return new HcaDescription(null, null);
        }
        int space = firstWhitespace(d);
        if (space < 0) {
            return new HcaDescription(d, null);
        }
        String rest = d.substring(space).strip();
        return new HcaDescription(d.substring(0, space), rest.isEmpty() ? null : rest);
    }

    /** A cheap pre-check so that the pattern runs on few of the (often 10,000s of) descriptions. */
    private static boolean looksDefault(String d) {
        return d.startsWith("MT") || d.startsWith("ConnectX") || d.contains("Technologies");
    }

    private static int firstWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The SHARP aggregation node behind port 65 of NDR switches: not a host. */
    static boolean isAggregationNode(String description) {
        return description != null && description.strip().endsWith("Aggregation Node");
    }
}
