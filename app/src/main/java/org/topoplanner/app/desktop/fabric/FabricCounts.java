package org.topoplanner.app.desktop.fabric;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.RackBox;

/**
 * Free and total GPUs and hosts per host, rack and switch for one occupancy snapshot, plus the
 * jobs present in each rack (for the aggregated bars drawn at low zoom). Linear in hosts; switch
 * totals are sums over the racks below each switch.
 */
public final class FabricCounts {
    private final FabricLayout layout;
    private final Occupancy occupancy;
    private final int[] hostUsed;
    private final int[] rackGpus;
    private final int[] rackUsed;
    private final int[] rackFreeHosts;
    private final int[][] rackJobOrdinals;
    private final int[][] rackJobGpus;
    private final int[] switchGpus;
    private final int[] switchUsed;
    private final int[] switchHosts;
    private final int[] switchFreeHosts;

    private FabricCounts(FabricLayout layout, Occupancy occupancy) {
        this.layout = layout;
        this.occupancy = occupancy;
        List<HostBox> hosts = layout.hosts();
        List<RackBox> racks = layout.racks();
        hostUsed = new int[hosts.size()];
        rackGpus = new int[racks.size()];
        rackUsed = new int[racks.size()];
        rackFreeHosts = new int[racks.size()];
        rackJobOrdinals = new int[racks.size()][];
        rackJobGpus = new int[racks.size()][];
        for (RackBox r : racks) {
            Map<Integer, Integer> jobs = new LinkedHashMap<>();
            for (int h = r.firstHost(); h < r.firstHost() + r.hostCount(); h++) {
                HostBox hb = hosts.get(h);
                int used = Math.min(hb.gpus(), occupancy.usedGpus(hb.name()));
                hostUsed[h] = used;
                rackGpus[r.index()] += hb.gpus();
                rackUsed[r.index()] += used;
                if (used == 0) {
                    rackFreeHosts[r.index()]++;
                }
                if (used > 0) {
                    for (int g = 0; g < hb.gpus(); g++) {
                        String job = occupancy.jobOn(hb.name(), g);
                        if (job != null) {
                            jobs.merge(occupancy.ordinal(job), 1, Integer::sum);
                        }
                    }
                }
            }
            rackJobOrdinals[r.index()] = jobs.keySet().stream().mapToInt(Integer::intValue).toArray();
            rackJobGpus[r.index()] = jobs.values().stream().mapToInt(Integer::intValue).toArray();
        }
        int s = layout.switches().size();
        switchGpus = new int[s];
        switchUsed = new int[s];
        switchHosts = new int[s];
        switchFreeHosts = new int[s];
        for (int i = 0; i < s; i++) {
            BitSet below = layout.racksBelowShared(i);
            for (int r = below.nextSetBit(0); r >= 0; r = below.nextSetBit(r + 1)) {
                switchGpus[i] += rackGpus[r];
                switchUsed[i] += rackUsed[r];
                switchHosts[i] += racks.get(r).hostCount();
                switchFreeHosts[i] += rackFreeHosts[r];
            }
        }
    }

    /** Counts for a layout and snapshot; fast enough for the FX thread at 16k hosts. */
    public static FabricCounts of(FabricLayout layout, Occupancy occupancy) {
        return new FabricCounts(layout, occupancy);
    }

    public FabricLayout layout() {
        return layout;
    }

    public Occupancy occupancy() {
        return occupancy;
    }

    public int hostUsedGpus(int host) {
        return hostUsed[host];
    }

    public int rackGpus(int rack) {
        return rackGpus[rack];
    }

    public int rackFreeGpus(int rack) {
        return rackGpus[rack] - rackUsed[rack];
    }

    public int rackFreeHosts(int rack) {
        return rackFreeHosts[rack];
    }

    /** Job ordinals present in a rack, in first-seen order; see {@link #rackJobGpus}. */
    int[] rackJobOrdinals(int rack) {
        return rackJobOrdinals[rack];
    }

    /** GPUs each of {@link #rackJobOrdinals} holds in the rack. */
    int[] rackJobGpus(int rack) {
        return rackJobGpus[rack];
    }

    public int switchGpus(int sw) {
        return switchGpus[sw];
    }

    public int switchFreeGpus(int sw) {
        return switchGpus[sw] - switchUsed[sw];
    }

    public int switchHosts(int sw) {
        return switchHosts[sw];
    }

    public int switchFreeHosts(int sw) {
        return switchFreeHosts[sw];
    }

    /** GPUs per job below a switch, largest first, for hover cards. */
    public Map<String, Integer> jobsBelow(int sw) {
        Map<Integer, Integer> byOrdinal = new LinkedHashMap<>();
        BitSet below = layout.racksBelowShared(sw);
        for (int r = below.nextSetBit(0); r >= 0; r = below.nextSetBit(r + 1)) {
            for (int k = 0; k < rackJobOrdinals[r].length; k++) {
                byOrdinal.merge(rackJobOrdinals[r][k], rackJobGpus[r][k], Integer::sum);
            }
        }
        return named(byOrdinal);
    }

    /** GPUs per job in a rack, largest first. */
    public Map<String, Integer> jobsInRack(int rack) {
        Map<Integer, Integer> byOrdinal = new LinkedHashMap<>();
        for (int k = 0; k < rackJobOrdinals[rack].length; k++) {
            byOrdinal.put(rackJobOrdinals[rack][k], rackJobGpus[rack][k]);
        }
        return named(byOrdinal);
    }

    private Map<String, Integer> named(Map<Integer, Integer> byOrdinal) {
        List<String> jobs = occupancy.jobs();
        Map<String, Integer> out = new LinkedHashMap<>();
        byOrdinal.entrySet().stream().sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .forEach(e -> out.put(jobs.get(e.getKey()), e.getValue()));
        return out;
    }
}
