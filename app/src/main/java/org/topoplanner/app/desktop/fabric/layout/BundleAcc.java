package org.topoplanner.app.desktop.fabric.layout;

import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/** Sums the cables of one bundle while the layout collects them; the slowest cable names the class. */
final class BundleAcc {
    int cables;
    double gbps;
    boolean unknown;
    LinkSpeed speed;
    LinkWidth width;

    void add(Cable c) {
        cables++;
        double g = c.dataGbps();
        gbps += g;
        unknown |= g == 0;
        take(c.speed(), c.width(), g);
    }

    void merge(BundleAcc other) {
        cables += other.cables;
        gbps += other.gbps;
        unknown |= other.unknown;
        take(other.speed, other.width, other.speed == null ? 0 : other.width.lanes() * other.speed.dataGbpsPerLane());
    }

    private void take(LinkSpeed s, LinkWidth w, double g) {
        if (s == null) {
            return;
        }
        if (speed == null || g < width.lanes() * speed.dataGbpsPerLane()) {
            speed = s;
            width = w;
        }
    }

    /** Capacity for oversubscription: Gbit/s when every cable's rate is known, else the cable count. */
    double capacity(boolean useGbps) {
        return useGbps ? gbps : cables;
    }
}
