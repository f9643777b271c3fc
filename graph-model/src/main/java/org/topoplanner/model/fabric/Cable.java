package org.topoplanner.model.fabric;

import java.util.Objects;

/**
 * A physical link between two fabric nodes. Parallel cables between the same pair are distinct
 * cables with distinct ports.
 */
public record Cable(CableEnd a, CableEnd b, LinkWidth width, LinkSpeed speed) {
    public Cable {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        width = width == null ? LinkWidth.UNKNOWN : width;
        speed = speed == null ? LinkSpeed.UNKNOWN : speed;
        if (a.node().equals(b.node())) {
            throw new IllegalArgumentException("a cable from " + a.node() + " to itself");
        }
    }

    public static Cable between(String a, String b) {
        return new Cable(CableEnd.of(a, 0), CableEnd.of(b, 0), LinkWidth.UNKNOWN, LinkSpeed.UNKNOWN);
    }

    /** The end at {@code node}, or the {@code a} end if neither is. */
    public CableEnd endAt(String node) {
        return b.node().equals(node) ? b : a;
    }

    /** The other end of the cable seen from {@code node}. */
    public CableEnd otherEnd(String node) {
        return a.node().equals(node) ? b : a;
    }

    /** Data rate in Gbit/s (lanes x data rate per lane); 0 when unknown. */
    public double dataGbps() {
        return width.lanes() * speed.dataGbpsPerLane();
    }

    /** The same cable seen from the other side; two cables are the same if one equals the other reversed. */
    public Cable reversed() {
        return new Cable(b, a, width, speed);
    }
}
