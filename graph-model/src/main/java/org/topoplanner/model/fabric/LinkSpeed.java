package org.topoplanner.model.fabric;

import java.util.Locale;

/**
 * InfiniBand lane speeds as {@code ibnetdiscover} names them, with the signalling rate per lane
 * that {@code iblinkinfo} prints and the data rate per lane after encoding (8b/10b up to QDR,
 * 64b/66b from FDR on, PAM4 with FEC from HDR on). RoCE links use {@link #ETHERNET} with the port
 * rate given on the cable width instead: an Ethernet "lane" is 1 Gbit/s, so a 400GbE port is
 * {@code new LinkWidth(400)} and {@link Cable#dataGbps()} gives its rate like an InfiniBand link's.
 */
public enum LinkSpeed {
    SDR(2.5, 2.0),
    DDR(5.0, 4.0),
    QDR(10.0, 8.0),
    FDR10(10.3125, 10.0),
    FDR(14.0625, 13.64),
    EDR(25.78125, 25.0),
    HDR(53.125, 50.0),
    NDR(106.25, 100.0),
    XDR(212.5, 200.0),
    /** An Ethernet (RoCE) port; its width counts Gbit/s, not lanes (see the class comment). */
    ETHERNET(0.0, 1.0),
    /** {@code ???} in {@code ibnetdiscover -p}, or a source that does not say. */
    UNKNOWN(0.0, 0.0);

    private final double signalGbpsPerLane;
    private final double dataGbpsPerLane;

    LinkSpeed(double signalGbpsPerLane, double dataGbpsPerLane) {
        this.signalGbpsPerLane = signalGbpsPerLane;
        this.dataGbpsPerLane = dataGbpsPerLane;
    }

    /** The per-lane signalling rate, as {@code iblinkinfo} prints it ({@code 4X 10.0 Gbps} is QDR). */
    public double signalGbpsPerLane() {
        return signalGbpsPerLane;
    }

    /** The usable per-lane data rate after line encoding; 0 when unknown. */
    public double dataGbpsPerLane() {
        return dataGbpsPerLane;
    }

    /** Reads {@code QDR}, {@code hdr}, {@code FDR10}; anything else is {@link #UNKNOWN}. */
    public static LinkSpeed fromToken(String token) {
        if (token == null) {
            return UNKNOWN;
        }
        String t = token.strip().toUpperCase(Locale.ROOT);
        for (LinkSpeed s : values()) {
            if (s.name().equals(t)) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** The speed whose signalling rate per lane is {@code gbps} (as {@code iblinkinfo} prints it). */
    public static LinkSpeed fromSignalGbps(double gbps) {
        for (LinkSpeed s : values()) {
            if (s.signalGbpsPerLane > 0 && Math.abs(s.signalGbpsPerLane - gbps) < 0.01) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** How a link reads in the views: {@code HDR 4x}, or {@code 400 GbE} for Ethernet, whose width counts Gbit/s. */
    public String label(LinkWidth width) {
        if (this == ETHERNET) {
            return width.isKnown() ? width.lanes() + " GbE" : "Ethernet";
        }
        return name() + (width.isKnown() ? " " + width : "");
    }

    /** Ordered comparison of generations; unknown and Ethernet (whose rate is on the width) compare lowest. */
    public boolean slowerThan(LinkSpeed other) {
        return dataGbpsPerLane < other.dataGbpsPerLane;
    }
}
