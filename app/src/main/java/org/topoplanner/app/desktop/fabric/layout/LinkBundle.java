package org.topoplanner.app.desktop.fabric.layout;

import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/**
 * All cables between one upper switch and one lower switch (or rack), drawn as one line with a
 * count. The class is that of the slowest cable, since that is what limits the bundle.
 *
 * @param upper          index of the upper switch
 * @param lower          index of the lower switch, or of the rack when {@code toRack}
 * @param toRack         the lower end is a rack of hosts
 * @param lateral        both ends sit in the same row (a link inside a tier)
 * @param cables         how many cables the bundle holds
 * @param gbps           total data rate in Gbit/s (0 when speeds are unknown)
 * @param oversubscribed the bundle is an uplink of a switch with more capacity below than above
 */
public record LinkBundle(int index, int upper, int lower, boolean toRack, boolean lateral, int cables,
                         LinkSpeed speed, LinkWidth width, double gbps, boolean oversubscribed) {

    /** "4 × HDR 4x" style label of the cable class. */
    public String describe() {
        String cls = speed == LinkSpeed.UNKNOWN ? "unknown speed" : speed.label(width);
        return (cables > 1 ? cables + " \u00d7 " : "") + cls;
    }
}
