package org.topoplanner.app.desktop.node.layout;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NvSwitch;

/**
 * Routes NVLink under the placed GPU boxes: a fabric bar when the GPUs hang off NVSwitches (or
 * form one all-to-all clique of five or more), else brackets on levels assigned greedily by span
 * (interval colouring), so no two brackets share a horizontal run.
 */
final class NvlinkRouting {
    static final double DROP = 22;
    static final double BAR_H = 40;
    static final double LEVEL = 12;

    private final NodeTopology t;
    private final List<DeviceLink> gpuLinks = new ArrayList<>();
    private final Map<String, Integer> indexOf = new HashMap<>();

    NvlinkRouting(NodeTopology topology) {
        this.t = topology;
        for (Gpu g : topology.gpus()) {
            indexOf.put(g.id(), g.index());
        }
        for (DeviceLink l : topology.links()) {
            if (l.kind() == LinkKind.NV && indexOf.containsKey(l.a()) && indexOf.containsKey(l.b())) {
                gpuLinks.add(l);
            }
        }
    }

    /** GPUs with NVLink, in index order. */
    private Set<Integer> linkedGpus() {
        Set<Integer> out = new TreeSet<>();
        for (DeviceLink l : gpuLinks) {
            out.add(indexOf.get(l.a()));
            out.add(indexOf.get(l.b()));
        }
        return out;
    }

    boolean usesBar() {
        int n = linkedGpus().size();
        if (n < 2) {
            return false;
        }
        boolean clique = gpuLinks.size() == n * (n - 1) / 2;
        return !t.nvSwitches().isEmpty() || clique && n >= 5;
    }

    /** The drawing, and the machine box grown to hold it. */
    Result route(NodeBox machine) {
        if (gpuLinks.isEmpty()) {
            return new Result(machine, new NvlinkDrawing(null, List.of()));
        }
        Map<Integer, NodeBox> gpuBoxes = new HashMap<>();
        machine.walk(b -> {
            if (b.kind() == NodeBox.Kind.GPU) {
                gpuBoxes.put(b.gpu(), b);
            }
        });
        double contentBottom = machine.y() + NodeBox.HEADER;
        for (NodeBox c : machine.children()) {
            contentBottom = Math.max(contentBottom, c.y() + c.h());
        }
        if (usesBar()) {
            return bar(machine, gpuBoxes, contentBottom);
        }
        return brackets(machine, gpuBoxes, contentBottom);
    }

    private Result bar(NodeBox machine, Map<Integer, NodeBox> gpuBoxes, double contentBottom) {
        double y = contentBottom + DROP;
        double x = machine.x() + LayoutBox.PAD;
        double w = machine.w() - 2 * LayoutBox.PAD;
        List<NvlinkDrawing.Drop> drops = new ArrayList<>();
        int lanesMax = 0;
        for (int g : linkedGpus()) {
            NodeBox b = gpuBoxes.get(g);
            if (b == null) {
                continue;
            }
            int lanes = maxLanes(g);
            lanesMax = Math.max(lanesMax, lanes);
            drops.add(new NvlinkDrawing.Drop(g, b.centerX(), b.y() + b.h(), y, lanes));
        }
        List<NodeBox> switches = new ArrayList<>();
        double sw = 92;
        double sx = x + w - LayoutBox.PAD - t.nvSwitches().size() * (sw + 4);
        for (NvSwitch s : t.nvSwitches()) {
            switches.add(new NodeBox(NodeBox.Kind.NVSWITCH, s.id(), s.id(), "", sx, y + 9, sw, BAR_H - 18, List.of(),
                    List.of(), -1));
            sx += sw + 4;
        }
        int n = linkedGpus().size();
        String label = (t.nvSwitches().isEmpty() ? "NVLink all-to-all" : t.nvSwitches().size() + " \u00d7 NVSwitch")
                + " \u00b7 " + n + " GPUs, NV" + lanesMax + " between every pair";
        NvlinkDrawing.Bar bar = new NvlinkDrawing.Bar(x, y, w, BAR_H, label, switches, drops);
        double grow = y + BAR_H + LayoutBox.PAD - (machine.y() + machine.h());
        return new Result(grown(machine, Math.max(0, grow)), new NvlinkDrawing(bar, List.of()));
    }

    private Result brackets(NodeBox machine, Map<Integer, NodeBox> gpuBoxes, double contentBottom) {
        record Span(DeviceLink link, NodeBox a, NodeBox b) {
            double lo() {
                return Math.min(a.centerX(), b.centerX());
            }

            double hi() {
                return Math.max(a.centerX(), b.centerX());
            }
        }
        List<Span> spans = new ArrayList<>();
        for (DeviceLink l : gpuLinks) {
            NodeBox a = gpuBoxes.get(indexOf.get(l.a()));
            NodeBox b = gpuBoxes.get(indexOf.get(l.b()));
            if (a != null && b != null) {
                spans.add(new Span(l, a, b));
            }
        }
        // Ports: each GPU spreads its links along its bottom edge, partners on the left first.
        Map<String, List<Span>> byGpu = new HashMap<>();
        for (Span s : spans) {
            byGpu.computeIfAbsent(s.a.id(), k -> new ArrayList<>()).add(s);
            byGpu.computeIfAbsent(s.b.id(), k -> new ArrayList<>()).add(s);
        }
        Map<Span, double[]> ports = new HashMap<>();
        byGpu.forEach((gpu, list) -> {
            list.sort(Comparator.comparingDouble(s -> other(s.a, s.b, gpu).centerX()));
            for (int i = 0; i < list.size(); i++) {
                Span s = list.get(i);
                NodeBox me = s.a.id().equals(gpu) ? s.a : s.b;
                double px = me.x() + me.w() * (i + 1) / (list.size() + 1);
                ports.computeIfAbsent(s, k -> new double[2])[s.a.id().equals(gpu) ? 0 : 1] = px;
            }
        });
        spans.sort(Comparator.comparingDouble(s -> s.hi() - s.lo()));
        List<List<double[]>> levels = new ArrayList<>();
        List<NvlinkDrawing.Bracket> out = new ArrayList<>();
        for (Span s : spans) {
            double[] p = ports.get(s);
            double lo = Math.min(p[0], p[1]) - 4;
            double hi = Math.max(p[0], p[1]) + 4;
            int level = 0;
            while (level < levels.size() && levels.get(level).stream().anyMatch(iv -> iv[0] < hi && lo < iv[1])) {
                level++;
            }
            if (level == levels.size()) {
                levels.add(new ArrayList<>());
            }
            levels.get(level).add(new double[] {lo, hi});
            double y = contentBottom + 14 + level * LEVEL;
            out.add(new NvlinkDrawing.Bracket(indexOf.get(s.link.a()), indexOf.get(s.link.b()), p[0],
                    s.a.y() + s.a.h(), p[1], s.b.y() + s.b.h(), y, s.link.count()));
        }
        double grow = contentBottom + 14 + levels.size() * LEVEL + 10 - (machine.y() + machine.h());
        return new Result(grown(machine, Math.max(0, grow)), new NvlinkDrawing(null, out));
    }

    private static NodeBox other(NodeBox a, NodeBox b, String me) {
        return a.id().equals(me) ? b : a;
    }

    private int maxLanes(int gpu) {
        int m = 0;
        for (DeviceLink l : gpuLinks) {
            if (indexOf.get(l.a()) == gpu || indexOf.get(l.b()) == gpu) {
                m = Math.max(m, l.count());
            }
        }
        return m;
    }

    private static NodeBox grown(NodeBox m, double dh) {
        return new NodeBox(m.kind(), m.id(), m.title(), m.subtitle(), m.x(), m.y(), m.w(), m.h() + dh, m.children(),
                m.cores(), m.gpu());
    }

    record Result(NodeBox machine, NvlinkDrawing drawing) {
    }
}
