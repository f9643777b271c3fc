package org.topoplanner.app.desktop.fabric.layout;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/**
 * Turns the collected cables into drawn bundles, and derives from them what the view asks per
 * switch: oversubscription (capacity below over capacity above), the racks below, the bundles touching it.
 */
final class Bundles {
    private static final double OVERSUBSCRIBED = 1.0001;

    private final List<SwitchBox> switches;
    private final List<RackBox> racks;
    private final List<FabricLayoutComputation.ProtoRack> rackOrder;
    private final Map<Long, BundleAcc> switchPairs;
    private final int[] rowOfSwitch;

    Bundles(List<SwitchBox> switches, List<RackBox> racks, List<FabricLayoutComputation.ProtoRack> rackOrder,
            Map<Long, BundleAcc> switchPairs, int[] rowOfSwitch) {
        this.switches = switches;
        this.racks = racks;
        this.rackOrder = rackOrder;
        this.switchPairs = switchPairs;
        this.rowOfSwitch = rowOfSwitch;
    }

    FabricLayout finish(String name, List<HostBox> hosts, Map<String, Integer> hostByName,
                        Map<String, Integer> switchByName, List<TierRow> rows, double width, double height,
                        long crossings, long inputCrossings) {
        int s = switches.size();
        record Raw(int upper, int lower, boolean toRack, boolean lateral, BundleAcc acc) {
        }
        List<Raw> raw = new ArrayList<>();
        switchPairs.forEach((key, acc) -> {
            int a = (int) (key >>> 32);
            int b = (int) (long) key;
            raw.add(new Raw(a, b, false, rowOfSwitch[a] == rowOfSwitch[b], acc));
        });
        for (int r = 0; r < rackOrder.size(); r++) {
            int rack = r;
            rackOrder.get(r).uplinks.forEach((sw, acc) -> raw.add(new Raw(sw, rack, true, false, acc)));
        }
        boolean useGbps = raw.stream().noneMatch(x -> x.acc.unknown);
        double[] up = new double[s];
        double[] down = new double[s];
        for (Raw x : raw) {
            if (x.lateral) {
                continue;
            }
            double c = x.acc.capacity(useGbps);
            down[x.upper] += c;
            if (!x.toRack) {
                up[x.lower] += c;
            }
        }
        double[] ratio = new double[s];
        for (int i = 0; i < s; i++) {
            ratio[i] = up[i] > 0 && down[i] > 0 ? down[i] / up[i] : Double.NaN;
        }
        List<LinkBundle> links = new ArrayList<>();
        List<List<Integer>> ofSwitch = new ArrayList<>();
        List<List<Integer>> ofRack = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            ofSwitch.add(new ArrayList<>());
        }
        for (int r = 0; r < racks.size(); r++) {
            ofRack.add(new ArrayList<>());
        }
        for (Raw x : raw) {
            boolean over = !x.toRack && !x.lateral && ratio[x.lower] > OVERSUBSCRIBED;
            LinkSpeed speed = x.acc.speed == null ? LinkSpeed.UNKNOWN : x.acc.speed;
            LinkWidth w = x.acc.width == null ? LinkWidth.UNKNOWN : x.acc.width;
            LinkBundle b = new LinkBundle(links.size(), x.upper, x.lower, x.toRack, x.lateral, x.acc.cables, speed, w,
                    x.acc.unknown ? 0 : x.acc.gbps, over);
            links.add(b);
            ofSwitch.get(x.upper).add(b.index());
            if (x.toRack) {
                ofRack.get(x.lower).add(b.index());
            } else {
                ofSwitch.get(x.lower).add(b.index());
            }
        }
        BitSet[] below = racksBelow(links, s);
        return new FabricLayout(name, switches, racks, hosts, links, rows, new java.util.HashMap<>(switchByName),
                hostByName, width, height, ratio, below, toArrays(ofSwitch), toArrays(ofRack), crossings, inputCrossings);
    }

    /** Racks reachable downwards from each switch, rows processed bottom-up so children are done first. */
    private BitSet[] racksBelow(List<LinkBundle> links, int s) {
        BitSet[] below = new BitSet[s];
        for (int i = 0; i < s; i++) {
            below[i] = new BitSet();
        }
        Integer[] order = new Integer[s];
        for (int i = 0; i < s; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Integer.compare(rowOfSwitch[b], rowOfSwitch[a]));
        List<List<LinkBundle>> downOf = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            downOf.add(new ArrayList<>());
        }
        for (LinkBundle l : links) {
            if (!l.lateral()) {
                downOf.get(l.upper()).add(l);
            }
        }
        for (int sw : order) {
            for (LinkBundle l : downOf.get(sw)) {
                if (l.toRack()) {
                    below[sw].set(l.lower());
                } else {
                    below[sw].or(below[l.lower()]);
                }
            }
        }
        return below;
    }

    private static int[][] toArrays(List<List<Integer>> lists) {
        int[][] out = new int[lists.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }
}
