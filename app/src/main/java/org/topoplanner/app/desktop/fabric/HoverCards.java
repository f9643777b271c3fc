package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.LinkBundle;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.app.desktop.fabric.layout.TierRow;

/** Fills the hover card for a switch, a host or a rack block: name, tier or leaf, GPUs free, links, jobs. */
final class HoverCards {
    private HoverCards() {
    }

    static void forSwitch(HoverCard card, FabricLayout l, FabricFrame st, int s) {
        SwitchBox sb = l.switches().get(s);
        FabricCounts c = st.counts();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"GPUs free", c.switchFreeGpus(s) + " / " + Painting.count(c.switchGpus(s))});
        rows.add(new String[] {"hosts free", c.switchFreeHosts(s) + " / " + Painting.count(c.switchHosts(s))});
        int upCables = 0;
        int downCables = 0;
        LinkBundle upClass = null;
        LinkBundle downClass = null;
        for (int i : l.linksOfSwitchShared(s)) {
            LinkBundle b = l.links().get(i);
            if (b.lateral()) {
                continue;
            }
            if (!b.toRack() && b.lower() == s) {
                upCables += b.cables();
                upClass = upClass == null ? b : upClass;
            } else {
                downCables += b.cables();
                downClass = downClass == null ? b : downClass;
            }
        }
        if (upClass != null) {
            rows.add(new String[] {"uplinks", cables(upCables, upClass)});
        }
        if (downClass != null) {
            rows.add(new String[] {"downlinks", cables(downCables, downClass)});
        }
        double ratio = l.oversubscription(s);
        if (ratio > 1.0001) {
            rows.add(new String[] {"oversubscribed", "!" + FabricRenderer.ratio(ratio)});
        }
        String kind = TierRow.tierName(sb.tier()) + " switch \u00b7 tier " + sb.tier();
        card.fill(sb.name(), kind, rows, c.jobsBelow(s), job -> st.palette().jobColour(c.occupancy(), job), st.palette());
    }

    static void forHost(HoverCard card, FabricLayout l, FabricFrame st, int h) {
        HostBox hb = l.hosts().get(h);
        FabricCounts c = st.counts();
        Occupancy occ = c.occupancy();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"GPUs free", (hb.gpus() - c.hostUsedGpus(h)) + " / " + hb.gpus()});
        RackBox r = l.racks().get(hb.rack());
        List<String> ups = new ArrayList<>();
        for (int u : r.uplinks()) {
            ups.add(l.switches().get(u).name());
        }
        rows.add(new String[] {ups.size() == 1 ? TierRow.tierName(tierOf(l, r)) : "switches",
                ups.isEmpty() ? "not cabled" : String.join(", ", ups)});
        String link = hostLink(l, hb.rack());
        if (link != null) {
            rows.add(new String[] {"link", link});
        }
        Map<String, Integer> jobs = new LinkedHashMap<>();
        for (int g = 0; g < hb.gpus(); g++) {
            String job = occ.jobOn(hb.name(), g);
            if (job != null) {
                jobs.merge(job, 1, Integer::sum);
            }
        }
        card.fill(hb.name(), "host \u00b7 " + (hb.gpus() == 0 ? "GPUs unknown" : hb.gpus() + " GPUs"), rows, jobs,
                job -> st.palette().jobColour(occ, job), st.palette());
    }

    static void forRack(HoverCard card, FabricLayout l, FabricFrame st, int r) {
        RackBox rb = l.racks().get(r);
        FabricCounts c = st.counts();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"GPUs free", c.rackFreeGpus(r) + " / " + c.rackGpus(r)});
        rows.add(new String[] {"hosts free", c.rackFreeHosts(r) + " / " + rb.hostCount()});
        List<String> ups = new ArrayList<>();
        for (int u : rb.uplinks()) {
            ups.add(l.switches().get(u).name());
        }
        rows.add(new String[] {"under", ups.isEmpty() ? "not cabled" : String.join(", ", ups)});
        String link = hostLink(l, r);
        if (link != null) {
            rows.add(new String[] {"host links", link});
        }
        card.fill(rb.label(), "rack \u00b7 " + rb.hostCount() + " hosts \u00b7 click to open", rows, c.jobsInRack(r),
                job -> st.palette().jobColour(c.occupancy(), job), st.palette());
    }

    /** The cable class between a rack's hosts and their switch ("QDR 4x"), or null when not cabled. */
    private static String hostLink(FabricLayout l, int rack) {
        for (int i : l.linksOfRackShared(rack)) {
            LinkBundle b = l.links().get(i);
            if (b.toRack()) {
                return b.speed() == org.topoplanner.model.fabric.LinkSpeed.UNKNOWN ? "speed unknown"
                        : b.speed().label(b.width());
            }
        }
        return null;
    }

    private static int tierOf(FabricLayout l, RackBox r) {
        return r.uplinks().isEmpty() ? 1 : l.switches().get(r.uplinks().get(0)).tier();
    }

    private static String cables(int n, LinkBundle cls) {
        String s = cls.speed() == org.topoplanner.model.fabric.LinkSpeed.UNKNOWN ? "cables"
                : cls.speed().label(cls.width());
        return n + " \u00d7 " + s;
    }
}
