package org.topoplanner.app.desktop.fabric;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;

/**
 * What one frame of the fabric view shows besides the layout: colours, counts, selection, hover,
 * search matches, the drag ghost and the share leaving in a move by hand. Immutable: the view makes a
 * new frame for each change (on the FX thread) and the painters draw exactly the frame they are handed,
 * as the node view draws its {@code NodeMarks}; nothing can change under a frame being painted.
 *
 * @param palette        the theme's colours
 * @param counts         free and total GPUs per switch and rack for the occupancy shown
 * @param selectedSwitch the selected switch index, or -1
 * @param selectedHost   the selected host index, or -1
 */
record FabricFrame(Palette palette, FabricCounts counts, int selectedSwitch, int selectedHost, Hover hover,
                   Highlight highlight, Ghost ghost, Leaving leaving) {

    /** A first frame: nothing selected, hovered, matched, ghosted or moving. */
    static FabricFrame of(Palette palette, FabricCounts counts) {
        return new FabricFrame(palette, counts, -1, -1, Hover.NONE, Highlight.NONE, Ghost.NONE, Leaving.NONE);
    }

    FabricFrame withPalette(Palette p) {
        return new FabricFrame(p, counts, selectedSwitch, selectedHost, hover, highlight, ghost, leaving);
    }

    FabricFrame withCounts(FabricCounts c) {
        return new FabricFrame(palette, c, selectedSwitch, selectedHost, hover, highlight, ghost, leaving);
    }

    FabricFrame withSelection(int sw, int host) {
        return new FabricFrame(palette, counts, sw, host, hover, highlight, ghost, leaving);
    }

    FabricFrame withHover(Hover h) {
        return new FabricFrame(palette, counts, selectedSwitch, selectedHost, h, highlight, ghost, leaving);
    }

    FabricFrame withHighlight(Highlight h) {
        return new FabricFrame(palette, counts, selectedSwitch, selectedHost, hover, h, ghost, leaving);
    }

    FabricFrame withGhost(Ghost g) {
        return new FabricFrame(palette, counts, selectedSwitch, selectedHost, hover, highlight, g, leaving);
    }

    FabricFrame withLeaving(Leaving l) {
        return new FabricFrame(palette, counts, selectedSwitch, selectedHost, hover, highlight, ghost, l);
    }

    boolean hostDimmed(int host) {
        return highlight.active() && !highlight.matchesHost(host);
    }

    boolean switchDimmed(int sw) {
        return highlight.active() && !highlight.matchesSwitch(sw);
    }

    boolean rackDimmed(int rack) {
        return highlight.active() && highlight.inRack(rack) == 0;
    }

    /** True when GPU cells of {@code job} on host {@code host} are the share being moved away. */
    boolean leaving(int host, String job) {
        return host == leaving.host() && job != null && job.equals(leaving.job());
    }

    boolean hasGhost() {
        return ghost.state() != null && !ghost.isEmpty();
    }

    /** The switch, host or rack under the pointer (at most one of them), each -1 when not. */
    record Hover(int sw, int host, int rack) {
        static final Hover NONE = new Hover(-1, -1, -1);

        boolean any() {
            return sw >= 0 || host >= 0 || rack >= 0;
        }
    }

    /**
     * Search matches: when active, switches, hosts and racks without a match are dimmed.
     *
     * @param perRack matching hosts per rack index
     */
    record Highlight(boolean active, BitSet hosts, BitSet switches, int[] perRack) {
        static final Highlight NONE = new Highlight(false, new BitSet(), new BitSet(), new int[0]);

        Highlight {
            hosts = (BitSet) hosts.clone();
            switches = (BitSet) switches.clone();
            perRack = perRack.clone();
        }

        int inRack(int rack) {
            return rack < perRack.length ? perRack[rack] : 0;
        }

        @Override
        public BitSet hosts() {
            return (BitSet) hosts.clone();
        }

        @Override
        public BitSet switches() {
            return (BitSet) switches.clone();
        }

        boolean matchesSwitch(int sw) {
            return switches.get(sw);
        }

        boolean matchesHost(int host) {
            return hosts.get(host);
        }

        @Override
        public int[] perRack() {
            return perRack.clone();
        }
    }

    /**
     * The drag ghost: which hosts it covers, the GPUs per host index (a host missing from the map: all its
     * GPUs), its verdict ({@code null}: no ghost) and how many of its hosts each rack holds.
     */
    record Ghost(BitSet hosts, Map<Integer, List<Integer>> gpus, GhostState state, int[] perRack) {
        static final Ghost NONE = new Ghost(new BitSet(), Map.of(), null, new int[0]);

        Ghost {
            hosts = (BitSet) hosts.clone();
            gpus = Map.copyOf(gpus);
            perRack = perRack.clone();
        }

        /**
         * The ghost over {@code hosts}: the GPUs listed per host in {@code gpus} (all GPUs of a host
         * missing from the map); names the layout does not have are ignored.
         */
        static Ghost over(FabricLayout l, Set<String> hosts, Map<String, List<Integer>> gpus, GhostState verdict) {
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
            return new Ghost(set, byIndex, verdict, perRack);
        }

        @Override
        public BitSet hosts() {
            return (BitSet) hosts.clone();
        }

        @Override
        public int[] perRack() {
            return perRack.clone();
        }

        boolean covers(int host) {
            return hosts.get(host);
        }

        boolean isEmpty() {
            return hosts.isEmpty();
        }

        /** The ghost's GPUs on a host index; {@code null} for all of them. */
        List<Integer> gpusOn(int host) {
            return gpus.get(host);
        }

        int inRack(int rack) {
            return rack < perRack.length ? perRack[rack] : 0;
        }
    }

    /** A share being moved by hand: the host index it leaves (or -1) and the job whose GPUs there are going. */
    record Leaving(int host, String job) {
        static final Leaving NONE = new Leaving(-1, null);
    }
}
