package org.topoplanner.app.desktop.fabric.layout;

import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.topoplanner.model.cluster.Cluster;

/**
 * Where everything of a cluster's fabric is drawn: switches in tier rows (top of the tree first),
 * hosts grouped into racks below their switches, and cable bundles between them, in world units.
 * Immutable and free of toolkit state, so it is computed off the FX thread ({@link #compute})
 * and handed to the view. Spatial indexes (grid buckets) answer hit tests and visibility queries.
 */
public final class FabricLayout {
    public static final double SWITCH_W = 64;
    public static final double SWITCH_H = 22;
    public static final double HOST_W = 76;
    public static final double HOST_H = 24;
    public static final double SWITCH_GAP = 16;
    static final double HOST_GAP = 4;
    static final double RACK_PAD = 6;
    public static final double RACK_HEADER = 16;
    static final double RACK_GAP = 18;
    static final double POD_GAP = 64;
    static final double TIER_PITCH = 104;
    static final double MARGIN = 40;
    static final int ROWS_PER_COLUMN = 16;
    static final int HOSTS_PER_RACK = 32;
    static final int DEFAULT_SWEEPS = 12;

    private final String clusterName;
    private final List<SwitchBox> switches;
    private final List<RackBox> racks;
    private final List<HostBox> hosts;
    private final List<LinkBundle> links;
    private final List<TierRow> rows;
    private final Map<String, Integer> switchByName;
    private final Map<String, Integer> hostByName;
    private final double width;
    private final double height;
    private final double[] oversubscription;
    private final BitSet[] racksBelow;
    private final int[][] linksOfSwitch;
    private final int[][] linksOfRack;
    private final long crossings;
    private final long inputCrossings;
    private final int totalGpus;
    private final GridIndex switchGrid;
    private final GridIndex rackGrid;
    private final GridIndex hostGrid;
    private NvlinkEnclosures nvlink = NvlinkEnclosures.none();

    FabricLayout(String clusterName, List<SwitchBox> switches, List<RackBox> racks, List<HostBox> hosts,
                 List<LinkBundle> links, List<TierRow> rows, Map<String, Integer> switchByName,
                 Map<String, Integer> hostByName, double width, double height, double[] oversubscription,
                 BitSet[] racksBelow, int[][] linksOfSwitch, int[][] linksOfRack, long crossings, long inputCrossings) {
        this.clusterName = clusterName;
        this.switches = List.copyOf(switches);
        this.racks = List.copyOf(racks);
        this.hosts = List.copyOf(hosts);
        this.links = List.copyOf(links);
        this.rows = List.copyOf(rows);
        this.switchByName = Collections.unmodifiableMap(switchByName);
        this.hostByName = Collections.unmodifiableMap(hostByName);
        this.width = width;
        this.height = height;
        this.oversubscription = oversubscription;
        this.racksBelow = racksBelow;
        this.linksOfSwitch = linksOfSwitch;
        this.linksOfRack = linksOfRack;
        this.crossings = crossings;
        this.inputCrossings = inputCrossings;
        this.totalGpus = hosts.stream().mapToInt(HostBox::gpus).sum();
        double cell = 256;
        switchGrid = grid(switches.size(), i -> switches.get(i).x(), i -> switches.get(i).y(),
                i -> switches.get(i).w(), i -> switches.get(i).h(), cell);
        rackGrid = grid(racks.size(), i -> racks.get(i).x(), i -> racks.get(i).y(), i -> racks.get(i).w(),
                i -> racks.get(i).h(), cell);
        hostGrid = grid(hosts.size(), i -> hosts.get(i).x(), i -> hosts.get(i).y(), i -> hosts.get(i).w(),
                i -> hosts.get(i).h(), cell);
    }

    private GridIndex grid(int n, java.util.function.IntToDoubleFunction x, java.util.function.IntToDoubleFunction y,
                           java.util.function.IntToDoubleFunction w, java.util.function.IntToDoubleFunction h, double cell) {
        double[] xs = new double[n];
        double[] ys = new double[n];
        double[] ws = new double[n];
        double[] hs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = x.applyAsDouble(i);
            ys[i] = y.applyAsDouble(i);
            ws[i] = w.applyAsDouble(i);
            hs[i] = h.applyAsDouble(i);
        }
        return new GridIndex(width, height, cell, cell / 2, xs, ys, ws, hs);
    }

    /** Lays out a cluster's fabric, ordering rows with a few barycenter sweeps. Safe off the FX thread. */
    public static FabricLayout compute(Cluster cluster) {
        return compute(cluster, DEFAULT_SWEEPS);
    }

    /** Lays out with a given number of barycenter sweeps; 0 keeps the source order. */
    public static FabricLayout compute(Cluster cluster, int sweeps) {
        FabricLayout l = new FabricLayoutComputation(cluster, sweeps).run();
        // set before the layout is handed to anyone, so it is as final as the rest
        l.nvlink = NvlinkEnclosures.of(cluster, l);
        return l;
    }

    /** Where the cluster's multi-node NVLink domains sit over the host cells. */
    public NvlinkEnclosures nvlink() {
        return nvlink;
    }

    public String clusterName() {
        return clusterName;
    }

    /** Switches, in the fabric's source order (index = position). */
    public List<SwitchBox> switches() {
        return switches;
    }

    /** Racks, left to right. */
    public List<RackBox> racks() {
        return racks;
    }

    /** Hosts, rack by rack (left to right), each rack's hosts in cluster order. */
    public List<HostBox> hosts() {
        return hosts;
    }

    public List<LinkBundle> links() {
        return links;
    }

    /** The rows top to bottom: switch tiers, then the hosts. */
    public List<TierRow> rows() {
        return rows;
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    public int totalGpus() {
        return totalGpus;
    }

    /** The switch of that name, or -1. */
    public int switchIndex(String name) {
        return switchByName.getOrDefault(name, -1);
    }

    /** The host of that name, or -1. */
    public int hostIndex(String name) {
        return hostByName.getOrDefault(name, -1);
    }

    /** Capacity below a switch over capacity above it (2.0 = 2:1); NaN when it has no uplinks or downlinks. */
    public double oversubscription(int switchIndex) {
        return oversubscription[switchIndex];
    }

    /** The racks whose hosts are reachable below a switch. */
    public BitSet racksBelow(int switchIndex) {
        return (BitSet) racksBelow[switchIndex].clone();
    }

    /** {@link #racksBelow} without the copy, for the painters' per-frame loops: never change it. */
    public BitSet racksBelowShared(int switchIndex) {
        return racksBelow[switchIndex];
    }

    /** Bundles touching a switch (up and down). */
    public int[] linksOfSwitch(int switchIndex) {
        return linksOfSwitch[switchIndex].clone();
    }

    /** {@link #linksOfSwitch} without the copy, for the painters' per-frame loops: never change it. */
    public int[] linksOfSwitchShared(int switchIndex) {
        return linksOfSwitch[switchIndex];
    }

    /** Bundles from a rack up to its switches. */
    public int[] linksOfRack(int rackIndex) {
        return linksOfRack[rackIndex].clone();
    }

    /** {@link #linksOfRack} without the copy, for the painters' per-frame loops: never change it. */
    public int[] linksOfRackShared(int rackIndex) {
        return linksOfRack[rackIndex];
    }

    /** Crossings between adjacent rows of the final order. */
    public long crossings() {
        return crossings;
    }

    /** Crossings the source order would have had. */
    public long inputOrderCrossings() {
        return inputCrossings;
    }

    /** The switch whose box contains the world point, or -1. */
    public int switchAt(double wx, double wy) {
        return switchGrid.hit(wx, wy);
    }

    /** The rack whose block contains the world point, or -1. */
    public int rackAt(double wx, double wy) {
        return rackGrid.hit(wx, wy);
    }

    /** The host whose cell contains the world point, or -1. */
    public int hostAt(double wx, double wy) {
        return hostGrid.hit(wx, wy);
    }

    /** Switches meeting a world rectangle. */
    public void switchesIn(double x0, double y0, double x1, double y1, IntConsumer out) {
        switchGrid.query(x0, y0, x1, y1, out);
    }

    /** Racks meeting a world rectangle. */
    public void racksIn(double x0, double y0, double x1, double y1, IntConsumer out) {
        rackGrid.query(x0, y0, x1, y1, out);
    }

    /** Hosts meeting a world rectangle. */
    public void hostsIn(double x0, double y0, double x1, double y1, IntConsumer out) {
        hostGrid.query(x0, y0, x1, y1, out);
    }

    /** The world box {x0, y0, x1, y1} of a switch and everything below it. */
    public double[] subtreeBounds(int switchIndex) {
        SwitchBox s = switches.get(switchIndex);
        double[] b = {s.x(), s.y(), s.x() + s.w(), s.y() + s.h()};
        BitSet below = racksBelow[switchIndex];
        for (int r = below.nextSetBit(0); r >= 0; r = below.nextSetBit(r + 1)) {
            RackBox rb = racks.get(r);
            b[0] = Math.min(b[0], rb.x());
            b[2] = Math.max(b[2], rb.x() + rb.w());
            b[3] = Math.max(b[3], rb.y() + rb.h());
        }
        return b;
    }

    /** The upper end of a bundle in world units: bottom centre of its upper switch. */
    double[] upperEnd(LinkBundle l) {
        SwitchBox s = switches.get(l.upper());
        return new double[] {s.centerX(), s.bottom()};
    }

    @Override
    public String toString() {
        return "FabricLayout[" + clusterName + ": " + switches.size() + " switches, " + racks.size() + " racks, "
                + hosts.size() + " hosts, " + links.size() + " bundles, " + (int) width + "x" + (int) height + "]";
    }
}
