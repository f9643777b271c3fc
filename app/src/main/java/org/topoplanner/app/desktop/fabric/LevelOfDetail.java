package org.topoplanner.app.desktop.fabric;

import org.topoplanner.app.desktop.fabric.layout.FabricLayout;

/**
 * What the fabric view draws at a zoom: hosts one by one only when a host cell is wide enough to
 * show its name and GPU bar, otherwise racks as blocks with counts and aggregated occupancy; link
 * bundles thinned to one line per pixel column when they are denser than the screen.
 *
 * @param hosts       draw each host with its name and GPU bar
 * @param tiles       draw each host as a small tile coloured by its jobs (else racks as blocks)
 * @param labels      draw switch names and free/total counts where they fit
 * @param linkCounts  label parallel-cable bundles with their count
 * @param denseLinks  merge bundles that land on the same pixels
 */
public record LevelOfDetail(boolean hosts, boolean tiles, boolean labels, boolean linkCounts, boolean denseLinks) {
    /** Screen width of a host cell from which hosts are drawn one by one. */
    public static final double HOSTS_FROM_PX = 44;
    /** Screen width of a host cell from which hosts are drawn as tiles. */
    public static final double TILES_FROM_PX = 7;
    /** Screen pitch of switches from which their labels are drawn. */
    public static final double LABELS_FROM_PX = 30;
    /** Bundles on screen above which those sharing pixels are merged. */
    public static final int DENSE_LINKS = 1500;

    /** The horizontal scale from which hosts are drawn one by one. */
    public static double hostScale() {
        return HOSTS_FROM_PX / FabricLayout.HOST_W;
    }

    public static LevelOfDetail of(Viewport v, int visibleBundles) {
        boolean hosts = v.sx() * FabricLayout.HOST_W >= HOSTS_FROM_PX;
        boolean tiles = v.sx() * FabricLayout.HOST_W >= TILES_FROM_PX;
        boolean labels = v.sx() * (FabricLayout.SWITCH_W + FabricLayout.SWITCH_GAP) >= LABELS_FROM_PX;
        boolean dense = visibleBundles > DENSE_LINKS;
        return new LevelOfDetail(hosts, tiles || hosts, labels, !dense && labels, dense);
    }
}
