package org.topoplanner.app.desktop.fabric.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.NvlinkDomain;

/**
 * Where the multi-node NVLink domains of a laid-out cluster sit: for each domain ({@link NvlinkReach})
 * and each rack box holding some of its hosts, the bounding box of those host cells, in world
 * coordinates. A domain whose trays hang under several leaves (rail-optimised rows) is several
 * enclosures of one domain; {@code wholeRack} says when an enclosure is all of its rack, which is
 * when the rack block can stand for it at low detail.
 */
public final class NvlinkEnclosures {
    /** One rack's part of one domain. */
    public record Enclosure(int domain, String name, String design, int rack, int hosts, boolean wholeRack,
                            double x, double y, double w, double h) {
    }

    private static final NvlinkEnclosures NONE = new NvlinkEnclosures(List.of(), List.of());

    private final List<String> domains;
    private final List<Enclosure> enclosures;
    private final int[] domainOfHost;

    private NvlinkEnclosures(List<String> domains, List<Enclosure> enclosures) {
        this(domains, enclosures, new int[0]);
    }

    private NvlinkEnclosures(List<String> domains, List<Enclosure> enclosures, int[] domainOfHost) {
        this.domains = List.copyOf(domains);
        this.enclosures = List.copyOf(enclosures);
        this.domainOfHost = domainOfHost;
    }

    public static NvlinkEnclosures none() {
        return NONE;
    }

    static NvlinkEnclosures of(Cluster cluster, FabricLayout layout) {
        List<NvlinkDomain> all = NvlinkReach.of(cluster).all();
        if (all.isEmpty()) {
            return NONE;
        }
        int[] domainOfHost = new int[layout.hosts().size()];
        java.util.Arrays.fill(domainOfHost, -1);
        List<String> names = new ArrayList<>();
        List<Enclosure> out = new ArrayList<>();
        for (int d = 0; d < all.size(); d++) {
            NvlinkDomain dom = all.get(d);
            names.add(dom.name());
            Map<Integer, double[]> byRack = new LinkedHashMap<>();
            Map<Integer, Integer> counts = new LinkedHashMap<>();
            for (String h : dom.hosts()) {
                int i = layout.hostIndex(h);
                if (i < 0) {
                    continue;
                }
                domainOfHost[i] = d;
                HostBox b = layout.hosts().get(i);
                double[] box = byRack.computeIfAbsent(b.rack(), r -> new double[] {b.x(), b.y(), b.x() + b.w(),
                        b.y() + b.h()});
                box[0] = Math.min(box[0], b.x());
                box[1] = Math.min(box[1], b.y());
                box[2] = Math.max(box[2], b.x() + b.w());
                box[3] = Math.max(box[3], b.y() + b.h());
                counts.merge(b.rack(), 1, Integer::sum);
            }
            for (Map.Entry<Integer, double[]> e : byRack.entrySet()) {
                double[] b = e.getValue();
                int n = counts.get(e.getKey());
                boolean whole = layout.racks().get(e.getKey()).hostCount() == n;
                out.add(new Enclosure(d, dom.name(), dom.design() == null ? null : dom.design().name(), e.getKey(), n,
                        whole, b[0], b[1], b[2] - b[0], b[3] - b[1]));
            }
        }
        return new NvlinkEnclosures(names, out, domainOfHost);
    }

    public List<Enclosure> enclosures() {
        return enclosures;
    }

    public int domainCount() {
        return domains.size();
    }

    /** The name of the domain of host cell {@code hostIndex}, or null. */
    public String domainOfHost(int hostIndex) {
        int d = hostIndex >= 0 && hostIndex < domainOfHost.length ? domainOfHost[hostIndex] : -1;
        return d < 0 ? null : domains.get(d);
    }

    public boolean isEmpty() {
        return enclosures.isEmpty();
    }
}
