package org.topoplanner.app.desktop.fabric;

import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.model.hostlist.Hostlist;

/**
 * What a search matches: a Slurm hostlist ({@code gpu[00001-00064]}) matches exactly those
 * names; other text matches names that contain it, and hosts running a job whose id contains it.
 * Case does not matter.
 *
 * @param hosts    matching host indices
 * @param switches matching switch indices
 * @param perRack  matching hosts per rack
 */
record FabricSearch(BitSet hosts, BitSet switches, int[] perRack) {

    int total() {
        return hosts.cardinality() + switches.cardinality();
    }

    static FabricSearch of(FabricLayout layout, Occupancy occupancy, String query) {
        String q = query.strip();
        Set<String> exact = null;
        if (q.contains("[") || q.contains(",")) {
            List<String> names = Hostlist.expandOrEmpty(q);
            if (!names.isEmpty()) {
                exact = new HashSet<>(names);
            }
        }
        String needle = q.toLowerCase(Locale.ROOT);
        BitSet hosts = new BitSet();
        BitSet switches = new BitSet();
        int[] perRack = new int[layout.racks().size()];
        Set<String> jobs = new HashSet<>();
        if (exact == null) {
            for (String job : occupancy.jobs()) {
                if (job.toLowerCase(Locale.ROOT).contains(needle)) {
                    jobs.add(job);
                }
            }
        }
        for (HostBox h : layout.hosts()) {
            boolean hit = exact != null ? exact.contains(h.name())
                    : h.name().toLowerCase(Locale.ROOT).contains(needle) || runsAny(occupancy, h.name(), jobs);
            if (hit) {
                hosts.set(h.index());
                perRack[h.rack()]++;
            }
        }
        for (SwitchBox s : layout.switches()) {
            if (exact != null ? exact.contains(s.name()) : s.name().toLowerCase(Locale.ROOT).contains(needle)) {
                switches.set(s.index());
            }
        }
        return new FabricSearch(hosts, switches, perRack);
    }

    private static boolean runsAny(Occupancy occupancy, String host, Set<String> jobs) {
        if (jobs.isEmpty() || occupancy.usedGpus(host) == 0 && occupancy.jobsOn(host).isEmpty()) {
            return false;
        }
        for (String j : occupancy.jobsOn(host)) {
            if (jobs.contains(j)) {
                return true;
            }
        }
        return false;
    }
}
