package org.topoplanner.app.desktop.fabric.layout;

import java.util.List;

/**
 * A rack: hosts cabled to the same switches, drawn as one block under them. At low zoom the block
 * stands for its hosts (with counts and aggregated occupancy); zoomed in, its hosts are drawn one by one.
 *
 * @param index     position in {@link FabricLayout#racks()}
 * @param label     the hosts as a compressed hostlist ({@code node[01-08]})
 * @param firstHost index of its first host in {@link FabricLayout#hosts()}; its hosts follow in order
 * @param hostCount how many hosts it holds
 * @param uplinks   indices of the switches its hosts are cabled to
 */
public record RackBox(int index, String label, int firstHost, int hostCount, List<Integer> uplinks,
                      double x, double y, double w, double h, int columns, int rows) {
    public RackBox {
        uplinks = List.copyOf(uplinks);
    }

    public double centerX() {
        return x + w / 2;
    }

    public boolean containsHost(int hostIndex) {
        return hostIndex >= firstHost && hostIndex < firstHost + hostCount;
    }
}
