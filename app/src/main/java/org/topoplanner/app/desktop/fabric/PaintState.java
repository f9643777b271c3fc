package org.topoplanner.app.desktop.fabric;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;

/**
 * What a frame shows besides the layout: colours, counts, selection, search matches, the drag
 * ghost and the hovered item. Owned and mutated by {@link FabricView} on the FX thread.
 */
final class PaintState {
    Palette palette = Theme.LIGHT.palette();
    FabricCounts counts;
    /** Selected switch or host index, or -1. */
    int selectedSwitch = -1;
    int selectedHost = -1;
    int hoveredSwitch = -1;
    int hoveredHost = -1;
    int hoveredRack = -1;
    /** Search: when active, items not in the match sets are dimmed. */
    boolean highlightActive;
    BitSet hostMatches = new BitSet();
    BitSet switchMatches = new BitSet();
    int[] rackMatches = new int[0];
    /** Drag ghost: host indices, GPU indices per host index (absent = all GPUs), verdict. */
    BitSet ghostHosts = new BitSet();
    Map<Integer, List<Integer>> ghostGpus = Map.of();
    GhostState ghostState;
    int[] rackGhosts = new int[0];
    /** A share being moved by hand: the host index it leaves (or -1) and the job whose GPUs there are going. */
    int leavingHost = -1;
    String leavingJob;

    boolean hostDimmed(int host) {
        return highlightActive && !hostMatches.get(host);
    }

    boolean switchDimmed(int sw) {
        return highlightActive && !switchMatches.get(sw);
    }

    boolean rackDimmed(int rack) {
        return highlightActive && rackMatches[rack] == 0;
    }

    /** True when GPU cells of {@code job} on host {@code host} are the share being moved away. */
    boolean leaving(int host, String job) {
        return host == leavingHost && job != null && job.equals(leavingJob);
    }

    /**
     * Sets the drag ghost over {@code hosts}: the GPUs listed per host in {@code gpus} (all GPUs of a
     * host missing from the map); names the layout does not have are ignored.
     */
    void ghost(FabricLayout l, Set<String> hosts, Map<String, List<Integer>> gpus, GhostState verdict) {
        BitSet set = new BitSet();
        Map<Integer, List<Integer>> byIndex = new HashMap<>();
        int[] perRack = new int[l.racks().size()];
        for (String h : hosts) {
            int i = l.hostIndex(h);
            if (i >= 0) {
                set.set(i);
                perRack[l.hosts().get(i).rack()]++;
                if (gpus != null && gpus.containsKey(h)) {
                    byIndex.put(i, List.copyOf(gpus.get(h)));
                }
            }
        }
        ghostHosts = set;
        ghostGpus = byIndex;
        rackGhosts = perRack;
        ghostState = verdict;
    }

    void clearGhost() {
        ghostHosts = new BitSet();
        ghostGpus = Map.of();
        ghostState = null;
    }

    boolean hasGhost() {
        return ghostState != null && !ghostHosts.isEmpty();
    }
}
