package org.topoplanner.app.desktop.fabric.layout;

import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.HOSTS_PER_RACK;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.HOST_GAP;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.HOST_H;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.HOST_W;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.MARGIN;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.POD_GAP;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.RACK_GAP;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.RACK_HEADER;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.RACK_PAD;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.ROWS_PER_COLUMN;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.SWITCH_GAP;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.SWITCH_H;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.SWITCH_W;
import static org.topoplanner.app.desktop.fabric.layout.FabricLayout.TIER_PITCH;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.hostlist.Hostlist;

/** One run of the fabric layout: bundles, racks, row order, coordinates, indexes. */
final class FabricLayoutComputation {
    private final Cluster cluster;
    private final Fabric fabric;
    private final int sweeps;
    private final List<SwitchNode> switchNodes;
    private final Map<String, Integer> switchIndex = new HashMap<>();
    private final int[] rowOfSwitch;
    private final List<String> hostNames;
    private final Map<String, Integer> hostOrder = new HashMap<>();
    private int switchRows;
    private double podGap = POD_GAP;

    FabricLayoutComputation(Cluster cluster, int sweeps) {
        this.cluster = cluster;
        this.fabric = cluster.fabric();
        this.sweeps = sweeps;
        this.switchNodes = fabric.switches();
        this.rowOfSwitch = new int[switchNodes.size()];
        for (int i = 0; i < switchNodes.size(); i++) {
            switchIndex.put(switchNodes.get(i).name(), i);
        }
        this.hostNames = cluster.hostNames();
        for (int i = 0; i < hostNames.size(); i++) {
            hostOrder.put(hostNames.get(i), i);
        }
    }

    FabricLayout run() {
        assignRows();
        Map<Long, BundleAcc> switchPairs = new LinkedHashMap<>();
        List<Map<Integer, BundleAcc>> hostUplinks = new ArrayList<>();
        for (int i = 0; i < hostNames.size(); i++) {
            hostUplinks.add(new LinkedHashMap<>());
        }
        collectCables(switchPairs, hostUplinks);
        List<ProtoRack> protoRacks = groupRacks(hostUplinks);

        // Order rows: switch rows then the rack row; items are switches 0..S-1, racks S..S+R-1.
        int s = switchNodes.size();
        int[][] layers = new int[switchRows + 1][];
        List<List<Integer>> byRow = new ArrayList<>();
        for (int r = 0; r < switchRows; r++) {
            byRow.add(new ArrayList<>());
        }
        for (int i = 0; i < s; i++) {
            byRow.get(rowOfSwitch[i]).add(i);
        }
        for (int r = 0; r < switchRows; r++) {
            layers[r] = byRow.get(r).stream().mapToInt(Integer::intValue).toArray();
        }
        layers[switchRows] = new int[protoRacks.size()];
        for (int r = 0; r < protoRacks.size(); r++) {
            layers[switchRows][r] = s + r;
        }
        List<int[]> edges = new ArrayList<>();
        for (long key : switchPairs.keySet()) {
            int a = (int) (key >>> 32);
            int b = (int) key;
            if (rowOfSwitch[a] != rowOfSwitch[b]) {
                edges.add(new int[] {a, b});
            }
        }
        for (int r = 0; r < protoRacks.size(); r++) {
            for (int up : protoRacks.get(r).uplinks.keySet()) {
                edges.add(new int[] {up, s + r});
            }
        }
        LayeredOrdering ordering = new LayeredOrdering(layers, edges);
        long inputCrossings = ordering.crossings();
        ordering.sweep(sweeps);
        long crossings = ordering.crossings();
        int[][] ordered = readingLeftToRight(ordering.layers(), protoRacks, s);

        // Racks left to right, hosts renumbered rack by rack.
        List<ProtoRack> rackOrder = new ArrayList<>();
        for (int item : ordered[switchRows]) {
            rackOrder.add(protoRacks.get(item - s));
        }
        double rackY = MARGIN + switchRows * TIER_PITCH;
        int rowsPerColumn = rowsPerColumn(rackOrder, rackY);
        // Pods must stay apart when a big fabric is squeezed to fit: a gap of ~1/150 of the rack
        // row, capped so that zoomed in it is not a screen of nothing.
        double rackRow = 0;
        for (ProtoRack pr : rackOrder) {
            int r = Math.min(pr.hosts.size(), rowsPerColumn);
            int cols = (pr.hosts.size() + r - 1) / r;
            rackRow += 2 * RACK_PAD + cols * HOST_W + (cols - 1) * HOST_GAP;
        }
        podGap = Math.max(POD_GAP, Math.min(5 * POD_GAP, rackRow / 150));
        List<RackBox> racks = new ArrayList<>();
        List<HostBox> hosts = new ArrayList<>();
        Map<String, Integer> hostByName = new HashMap<>();
        double x = MARGIN;
        ProtoRack previous = null;
        for (ProtoRack pr : rackOrder) {
            if (previous != null) {
                x += gapBetween(previous, pr);
            }
            int rows = Math.min(pr.hosts.size(), rowsPerColumn);
            int cols = (pr.hosts.size() + rows - 1) / rows;
            double w = 2 * RACK_PAD + cols * HOST_W + (cols - 1) * HOST_GAP;
            double h = RACK_HEADER + rows * HOST_H + (rows - 1) * HOST_GAP + RACK_PAD;
            int rackIndex = racks.size();
            int first = hosts.size();
            List<String> names = new ArrayList<>();
            for (int k = 0; k < pr.hosts.size(); k++) {
                String name = hostNames.get(pr.hosts.get(k));
                names.add(name);
                double hx = x + RACK_PAD + (k / rows) * (HOST_W + HOST_GAP);
                double hy = rackY + RACK_HEADER + (k % rows) * (HOST_H + HOST_GAP);
                hostByName.put(name, hosts.size());
                hosts.add(new HostBox(hosts.size(), name, rackIndex, hx, hy, HOST_W, HOST_H,
                        cluster.node(name).gpus().size()));
            }
            racks.add(new RackBox(rackIndex, label(names), first, names.size(),
                    new ArrayList<>(pr.uplinks.keySet()), x, rackY, w, h, cols, rows));
            x += w;
            previous = pr;
        }

        // Switch rows bottom-up, each switch over the middle of what hangs below it.
        double[] centre = new double[s];
        java.util.Arrays.fill(centre, Double.NaN);
        List<List<double[]>> lowerOf = lowerNeighbourCentres(switchPairs, rackOrder, racks, protoRacks, s);
        for (int r = switchRows - 1; r >= 0; r--) {
            int[] row = ordered[r];
            double[] desired = new double[row.length];
            double[] gap = new double[Math.max(0, row.length - 1)];
            for (int p = 0; p < row.length; p++) {
                desired[p] = mean(lowerOf, row[p], centre);
                if (p > 0) {
                    gap[p - 1] = SWITCH_W + SWITCH_GAP;
                }
            }
            double[] placed = RowPlacement.place(desired, gap);
            for (int p = 0; p < row.length; p++) {
                centre[row[p]] = placed[p];
            }
        }
        double minX = MARGIN;
        double maxX = x;
        for (int i = 0; i < s; i++) {
            minX = Math.min(minX, centre[i] - SWITCH_W / 2);
            maxX = Math.max(maxX, centre[i] + SWITCH_W / 2);
        }
        double shift = MARGIN - minX;
        double[] room = new double[s];
        java.util.Arrays.fill(room, Math.max(4 * SWITCH_W, maxX - minX));
        for (int[] row : ordered) {
            for (int p = 1; p < row.length && row[p] < s; p++) {
                double d = Math.abs(centre[row[p]] - centre[row[p - 1]]);
                room[row[p]] = Math.min(room[row[p]], d);
                room[row[p - 1]] = Math.min(room[row[p - 1]], d);
            }
        }
        List<SwitchBox> switches = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            SwitchNode sn = switchNodes.get(i);
            switches.add(new SwitchBox(i, sn.name(), sn.tier(), rowOfSwitch[i], centre[i] - SWITCH_W / 2 + shift,
                    MARGIN + rowOfSwitch[i] * TIER_PITCH, SWITCH_W, SWITCH_H, room[i]));
        }
        if (shift != 0) {
            racks = shiftRacks(racks, shift);
            hosts = shiftHosts(hosts, shift);
        }
        double width = maxX + shift + MARGIN;
        double maxRackH = racks.stream().mapToDouble(RackBox::h).max().orElse(0);
        double height = rackY + maxRackH + MARGIN;

        return new Bundles(switches, racks, rackOrder, switchPairs, rowOfSwitch).finish(cluster.name(), hosts,
                hostByName, switchIndex, rowsOf(switches, hosts.size(), rackY), width, height, crossings, inputCrossings);
    }

    /**
     * Host rows per rack column: tall racks keep a big fabric narrow; a small fabric gets wider,
     * shorter racks so the picture fills a 16:10 view instead of leaving its sides empty.
     */
    private int rowsPerColumn(List<ProtoRack> racks, double rackY) {
        int best = ROWS_PER_COLUMN;
        double bestScale = 0;
        for (int rows = ROWS_PER_COLUMN; rows >= 2; rows /= 2) {
            double w = 2 * MARGIN;
            double h = 0;
            ProtoRack previous = null;
            for (ProtoRack pr : racks) {
                int r = Math.min(pr.hosts.size(), rows);
                int cols = (pr.hosts.size() + r - 1) / r;
                w += 2 * RACK_PAD + cols * HOST_W + (cols - 1) * HOST_GAP + (previous == null ? 0 : gapBetween(previous, pr));
                h = Math.max(h, RACK_HEADER + r * HOST_H + (r - 1) * HOST_GAP + RACK_PAD);
                previous = pr;
            }
            double scale = Math.min(1.5 / w, 1.0 / (rackY + h + MARGIN));
            if (scale > bestScale * 1.02) {
                bestScale = scale;
                best = rows;
            }
        }
        return best;
    }

    private void assignRows() {
        TreeSet<Integer> tiers = new TreeSet<>();
        for (SwitchNode sn : switchNodes) {
            if (sn.tier() > 0) {
                tiers.add(sn.tier());
            }
        }
        boolean hasZero = switchNodes.stream().anyMatch(sn -> sn.tier() == 0);
        List<Integer> top = new ArrayList<>(tiers.descendingSet());
        if (hasZero && top.isEmpty()) {
            top.add(0);
        }
        switchRows = top.size();
        for (int i = 0; i < switchNodes.size(); i++) {
            int t = switchNodes.get(i).tier();
            // Switches reaching no host share the lowest row: they are usually orphans of a partial dump.
            rowOfSwitch[i] = t == 0 ? switchRows - 1 : top.indexOf(t);
        }
    }

    private void collectCables(Map<Long, BundleAcc> switchPairs, List<Map<Integer, BundleAcc>> hostUplinks) {
        for (Cable c : fabric.cables()) {
            Integer sa = switchIndex.get(c.a().node());
            Integer sb = switchIndex.get(c.b().node());
            if (sa != null && sb != null) {
                int upper = upperOf(sa, sb);
                int lower = upper == sa ? sb : sa;
                long key = ((long) upper << 32) | (lower & 0xffffffffL);
                switchPairs.computeIfAbsent(key, k -> new BundleAcc()).add(c);
            } else if (sa != null || sb != null) {
                int sw = sa != null ? sa : sb;
                Integer h = hostOrder.get(sa != null ? c.b().node() : c.a().node());
                if (h != null) {
                    hostUplinks.get(h).computeIfAbsent(sw, k -> new BundleAcc()).add(c);
                }
            }
        }
    }

    /** The switch drawn higher (smaller row); by source order inside a row. */
    private int upperOf(int a, int b) {
        if (rowOfSwitch[a] != rowOfSwitch[b]) {
            return rowOfSwitch[a] < rowOfSwitch[b] ? a : b;
        }
        return Math.min(a, b);
    }

    private List<ProtoRack> groupRacks(List<Map<Integer, BundleAcc>> hostUplinks) {
        Map<List<Integer>, List<Integer>> groups = new LinkedHashMap<>();
        for (int h = 0; h < hostNames.size(); h++) {
            List<Integer> key = new ArrayList<>(new TreeSet<>(hostUplinks.get(h).keySet()));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(h);
        }
        List<ProtoRack> out = new ArrayList<>();
        for (Map.Entry<List<Integer>, List<Integer>> g : groups.entrySet()) {
            List<Integer> members = g.getValue();
            for (int from = 0; from < members.size(); from += HOSTS_PER_RACK) {
                ProtoRack pr = new ProtoRack(g.getKey(), members.subList(from, Math.min(members.size(), from + HOSTS_PER_RACK)));
                for (int h : pr.hosts) {
                    hostUplinks.get(h).forEach((sw, acc) -> pr.uplinks.computeIfAbsent(sw, k -> new BundleAcc()).merge(acc));
                }
                out.add(pr);
            }
        }
        return out;
    }

    /** Racks of one uplink group sit close; racks under disjoint parents (other pods) far apart. */
    private double gapBetween(ProtoRack a, ProtoRack b) {
        if (a.key.equals(b.key)) {
            return HOST_GAP * 2;
        }
        if (a.key.isEmpty() || b.key.isEmpty()) {
            return podGap;
        }
        java.util.Set<String> pa = parentsOf(a.key);
        java.util.Set<String> pb = parentsOf(b.key);
        boolean shared = pa.isEmpty() && pb.isEmpty() || pa.stream().anyMatch(pb::contains);
        return shared ? RACK_GAP : podGap;
    }

    private java.util.Set<String> parentsOf(List<Integer> switches) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (int sw : switches) {
            out.addAll(fabric.parents(switchNodes.get(sw).name()));
        }
        return out;
    }

    private List<List<double[]>> lowerNeighbourCentres(Map<Long, BundleAcc> switchPairs, List<ProtoRack> rackOrder,
                                                      List<RackBox> racks, List<ProtoRack> protoRacks, int s) {
        // For each switch, entries {kind, index}: kind 0 = rack (centre known), kind 1 = lower switch.
        List<List<double[]>> out = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            out.add(new ArrayList<>());
        }
        for (int r = 0; r < rackOrder.size(); r++) {
            for (int up : rackOrder.get(r).uplinks.keySet()) {
                out.get(up).add(new double[] {0, racks.get(r).centerX()});
            }
        }
        for (long key : switchPairs.keySet()) {
            int a = (int) (key >>> 32);
            int b = (int) key;
            if (rowOfSwitch[a] != rowOfSwitch[b]) {
                out.get(a).add(new double[] {1, b});
            }
        }
        return out;
    }

    private static double mean(List<List<double[]>> lowerOf, int sw, double[] centre) {
        double sum = 0;
        int n = 0;
        for (double[] e : lowerOf.get(sw)) {
            double c = e[0] == 0 ? e[1] : centre[(int) e[1]];
            if (!Double.isNaN(c)) {
                sum += c;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private List<TierRow> rowsOf(List<SwitchBox> switches, int hostCount, double rackY) {
        List<TierRow> out = new ArrayList<>();
        for (int r = 0; r < switchRows; r++) {
            int row = r;
            List<SwitchBox> inRow = switches.stream().filter(sb -> sb.row() == row).toList();
            int tier = inRow.stream().mapToInt(SwitchBox::tier).max().orElse(0);
            out.add(new TierRow(TierRow.tierName(tier), MARGIN + r * TIER_PITCH, inRow.size()));
        }
        out.add(new TierRow("hosts", rackY, hostCount));
        return out;
    }

    private static String label(List<String> names) {
        try {
            return Hostlist.compress(names);
        } catch (RuntimeException e) {
            // Names Hostlist cannot compress (odd characters) still deserve a label.
            return names.get(0) + (names.size() > 1 ? " +" + (names.size() - 1) : "");
        }
    }

    private static List<RackBox> shiftRacks(List<RackBox> racks, double dx) {
        return racks.stream().map(r -> new RackBox(r.index(), r.label(), r.firstHost(), r.hostCount(), r.uplinks(),
                r.x() + dx, r.y(), r.w(), r.h(), r.columns(), r.rows())).toList();
    }

    private static List<HostBox> shiftHosts(List<HostBox> hosts, double dx) {
        return hosts.stream().map(h -> new HostBox(h.index(), h.name(), h.rack(), h.x() + dx, h.y(), h.w(), h.h(),
                h.gpus())).toList();
    }

    /** Hosts with the same uplink switches, at most {@link FabricLayout#HOSTS_PER_RACK} of them. */
    /**
     * The rows mirrored when the racks come out mostly in falling name order. Real {@code ibnetdiscover}
     * lists the last-discovered switch first, and the ordering keeps that order where it has no reason
     * to change it, so a 4,096-host fat tree read node4096 … node0001; mirroring every row together
     * changes no crossing and lets the picture read leaf1, leaf2, … left to right.
     */
    private int[][] readingLeftToRight(int[][] layers, List<ProtoRack> protoRacks, int s) {
        java.util.Comparator<String> natural = org.topoplanner.model.fabric.NaturalNameOrder.INSTANCE;
        int[] racks = layers[layers.length - 1];
        int rising = 0;
        int falling = 0;
        for (int k = 1; k < racks.length; k++) {
            int c = natural.compare(firstHostName(protoRacks.get(racks[k - 1] - s)), firstHostName(protoRacks.get(racks[k] - s)));
            if (c < 0) {
                rising++;
            } else if (c > 0) {
                falling++;
            }
        }
        if (falling <= rising) {
            return layers;
        }
        int[][] mirrored = new int[layers.length][];
        for (int l = 0; l < layers.length; l++) {
            mirrored[l] = new int[layers[l].length];
            for (int k = 0; k < layers[l].length; k++) {
                mirrored[l][k] = layers[l][layers[l].length - 1 - k];
            }
        }
        return mirrored;
    }

    /** The rack's first host in natural order. */
    private String firstHostName(ProtoRack rack) {
        return rack.hosts.stream().map(hostNames::get).min(org.topoplanner.model.fabric.NaturalNameOrder.INSTANCE)
                .orElse("");
    }

    static final class ProtoRack {
        final List<Integer> key;
        final List<Integer> hosts;
        final Map<Integer, BundleAcc> uplinks = new LinkedHashMap<>();

        ProtoRack(List<Integer> key, List<Integer> hosts) {
            this.key = key;
            this.hosts = hosts;
        }
    }

    static BitSet emptyBits() {
        return new BitSet();
    }
}
