package org.topoplanner.app.desktop.node;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.app.desktop.node.layout.NodeLayout;
import org.topoplanner.app.desktop.node.layout.NvlinkDrawing;

/**
 * Paints a {@link NodeLayout} the way lstopo does: pastel fills per object type, loud job
 * colours for what a job holds, a bridge square on each PCIe box, NVLink in green with widths
 * by lane count; over that the marks (selection, hover, a drag ghost, a share being moved away).
 * Works in layout units; the caller sets the scale.
 */
final class NodePainter {
    private final NodeLayout layout;

    NodePainter(NodeLayout layout) {
        this.layout = layout;
    }

    void paint(GraphicsContext gc, Palette p, String host, Occupancy occ, NodeMarks marks) {
        box(gc, p, layout.machine(), host, occ, marks);
        nvlink(gc, p, occ, host);
        ghost(gc, p, marks);
    }

    private void box(GraphicsContext gc, Palette p, NodeBox b, String host, Occupancy occ, NodeMarks marks) {
        switch (b.kind()) {
            case MACHINE -> container(gc, p, b, p.token("-tp-node-machine"), 8, true);
            case PACKAGE -> container(gc, p, b, p.token("-tp-node-package"), 6, true);
            case NUMA -> container(gc, p, b, p.token("-tp-node-numa"), 5, true);
            case IO_GROUP -> container(gc, p, b, p.bgSubtle(), 5, true);
            case HOST_BRIDGE, PCI_SWITCH -> pcie(gc, p, b);
            case CORE, CORE_RANGE -> core(gc, p, b, host, occ, marks);
            case GPU -> device(gc, p, b, p.token("-tp-node-gpu"), occ.jobOn(host, b.gpu()), occ,
                    marks.selected().contains(b.gpu()), marks.hovered() == b.gpu(), marks);
            case NIC -> device(gc, p, b, p.token("-tp-node-nic"), occ.nicJob(host, b.id()), occ, false, false, marks);
            case NVSWITCH -> device(gc, p, b, p.token("-tp-node-nvswitch"), null, occ, false, false, marks);
        }
        for (NodeBox c : b.children()) {
            box(gc, p, c, host, occ, marks);
        }
    }

    /** Where the dragged job would land: the GPUs washed and edged in the verdict's colour. */
    private void ghost(GraphicsContext gc, Palette p, NodeMarks marks) {
        if (marks.ghostState() == null) {
            return;
        }
        Color c = p.ghost(marks.ghostState());
        for (NodeBox b : layout.boxesOf(NodeBox.Kind.GPU)) {
            if (marks.ghosted(b.gpu())) {
                gc.setFill(Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.45));
                gc.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 6, 6);
                gc.setStroke(c);
                gc.setLineWidth(3);
                gc.setLineDashes(6, 3);
                gc.strokeRoundRect(b.x() - 2, b.y() - 2, b.w() + 4, b.h() + 4, 8, 8);
                gc.setLineDashes((double[]) null);
            }
        }
    }

    private static void container(GraphicsContext gc, Palette p, NodeBox b, Color fill, double arc, boolean header) {
        gc.setFill(fill);
        gc.fillRoundRect(b.x(), b.y(), b.w(), b.h(), arc, arc);
        gc.setStroke(p.token("-tp-node-border"));
        gc.setLineWidth(1);
        gc.strokeRoundRect(b.x() + 0.5, b.y() + 0.5, b.w() - 1, b.h() - 1, arc, arc);
        if (header) {
            double cy = b.y() + NodeBox.HEADER / 2 + 1;
            double titleW = Painting.measure(b.title(), 11.5, true);
            Painting.left(gc, b.title(), b.x() + 8, cy, 11.5, true, p.fg(), b.w() - 16);
            if (!b.subtitle().isEmpty()) {
                double room = b.w() - titleW - 30;
                if (!Painting.left(gc, b.subtitle(), b.x() + 8 + titleW + 10, cy, 10.5, false, p.fgMuted(), room)) {
                    String shortSub = b.subtitle().contains(" \u00b7 ") ? b.subtitle().substring(0, b.subtitle().indexOf(" \u00b7 ")) : "";
                    Painting.left(gc, shortSub, b.x() + 8 + titleW + 10, cy, 10.5, false, p.fgMuted(), room);
                }
            }
        }
    }

    /** A PCIe box: thin outline, a filled bridge square and its id, like lstopo's bridge glyph. */
    private static void pcie(GraphicsContext gc, Palette p, NodeBox b) {
        gc.setFill(p.token("-tp-node-pcie"));
        gc.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 4, 4);
        gc.setStroke(p.token("-tp-node-border").interpolate(p.bg(), 0.35));
        gc.setLineWidth(1);
        gc.setLineDashes(b.kind() == NodeBox.Kind.HOST_BRIDGE ? null : new double[] {3, 2});
        gc.strokeRoundRect(b.x() + 0.5, b.y() + 0.5, b.w() - 1, b.h() - 1, 4, 4);
        gc.setLineDashes((double[]) null);
        double sq = b.kind() == NodeBox.Kind.HOST_BRIDGE ? 9 : 7;
        double cy = b.y() + NodeBox.HEADER / 2 + 1;
        gc.setFill(p.token("-tp-node-bridge"));
        gc.fillRect(b.x() + 7, cy - sq / 2, sq, sq);
        Painting.left(gc, b.title(), b.x() + 7 + sq + 5, cy, 10.5, true, p.fgMuted(), b.w() - sq - 16);
    }

    private static void core(GraphicsContext gc, Palette p, NodeBox b, String host, Occupancy occ, NodeMarks marks) {
        String job = null;
        for (int c : b.cores()) {
            job = occ.coreJob(host, c);
            if (job != null) {
                break;
            }
        }
        Color fill = job == null ? p.token("-tp-node-core") : p.jobColour(occ, job);
        gc.setFill(fill);
        gc.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 3, 3);
        gc.setStroke(p.token("-tp-node-border"));
        gc.setLineWidth(0.8);
        gc.strokeRoundRect(b.x() + 0.4, b.y() + 0.4, b.w() - 0.8, b.h() - 0.8, 3, 3);
        boolean leaving = marks.leaving(job);
        if (leaving) {
            Painting.leaving(gc, b.x() + 1, b.y() + 1, b.w() - 2, b.h() - 2, p.bg(), fill);
        }
        Color fg = leaving ? p.fg() : Palette.textOn(fill);
        boolean range = b.kind() == NodeBox.Kind.CORE_RANGE;
        String title = range ? b.title() : b.title().replace("Core ", "C");
        Painting.left(gc, title, b.x() + 4, b.y() + 9, range ? 10.5 : 9.5, true, fg, b.w() - 6);
        String sub = range && job != null ? job : b.subtitle();
        Color subFg = job == null ? p.fgSubtle() : fg;
        if (!Painting.left(gc, sub, b.x() + 4, b.y() + b.h() - 8, 8, false, subFg, b.w() - 6) && !range) {
            Painting.left(gc, sub.replace(", ", ","), b.x() + 3, b.y() + b.h() - 8, 7, false, subFg, b.w() - 4);
        }
    }

    private static void device(GraphicsContext gc, Palette p, NodeBox b, Color pastel, String job, Occupancy occ,
                               boolean selected, boolean hovered, NodeMarks marks) {
        Color fill = job == null ? pastel : p.jobColour(occ, job);
        gc.setFill(fill);
        gc.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 6, 6);
        gc.setStroke(p.token("-tp-node-border"));
        gc.setLineWidth(1.2);
        gc.strokeRoundRect(b.x() + 0.6, b.y() + 0.6, b.w() - 1.2, b.h() - 1.2, 6, 6);
        boolean leaving = marks.leaving(job);
        if (leaving) {
            Painting.leaving(gc, b.x() + 1.2, b.y() + 1.2, b.w() - 2.4, b.h() - 2.4, p.bg(), fill);
        }
        // On a washed-out box the text stays dark (or light in the dark theme), as on the background.
        Color fg = leaving ? p.fg() : Palette.textOn(fill);
        String sub = job != null ? job : b.subtitle();
        boolean twoLines = b.h() >= 30 && !sub.isEmpty();
        double titleY = twoLines ? b.y() + 13 : b.y() + b.h() / 2;
        Painting.left(gc, b.title(), b.x() + 7, titleY, 11.5, true, fg, b.w() - 12);
        if (twoLines) {
            Painting.left(gc, sub, b.x() + 7, b.y() + b.h() - 11, 9.5, job != null, job != null ? fg : p.fgMuted(),
                    b.w() - 12);
        }
        if (selected || hovered) {
            gc.setStroke(selected ? p.accent() : p.token("-color-accent-muted"));
            gc.setLineWidth(3);
            gc.strokeRoundRect(b.x() - 2, b.y() - 2, b.w() + 4, b.h() + 4, 8, 8);
        }
    }

    private void nvlink(GraphicsContext gc, Palette p, Occupancy occ, String host) {
        NvlinkDrawing nv = layout.nvlink();
        Color green = p.token("-tp-nvlink");
        gc.setLineCap(StrokeLineCap.BUTT);
        gc.setLineJoin(StrokeLineJoin.ROUND);
        if (nv.bar() != null) {
            NvlinkDrawing.Bar bar = nv.bar();
            for (NvlinkDrawing.Drop d : bar.drops()) {
                gc.setStroke(green);
                gc.setLineWidth(laneWidth(d.lanes()));
                gc.strokeLine(d.x(), d.yTop(), d.x(), d.yBottom());
                Painting.left(gc, "NV" + d.lanes(), d.x() + laneWidth(d.lanes()) / 2 + 3, d.yBottom() - 7, 8.5, true,
                        green.darker(), 40);
            }
            gc.setFill(p.token("-tp-node-nvswitch"));
            gc.fillRoundRect(bar.x(), bar.y(), bar.w(), bar.h(), 8, 8);
            gc.setStroke(green);
            gc.setLineWidth(2);
            gc.strokeRoundRect(bar.x() + 1, bar.y() + 1, bar.w() - 2, bar.h() - 2, 8, 8);
            double switchesLeft = bar.switches().isEmpty() ? bar.x() + bar.w() : bar.switches().get(0).x();
            Painting.left(gc, bar.label(), bar.x() + 12, bar.y() + bar.h() / 2, 11.5, true, p.fg(),
                    switchesLeft - bar.x() - 20);
            for (NodeBox s : bar.switches()) {
                device(gc, p, s, p.token("-tp-node-nvswitch").interpolate(p.bg(), 0.4), null, occ, false, false,
                        NodeMarks.NONE);
            }
        }
        for (NvlinkDrawing.Bracket b : nv.brackets()) {
            gc.setStroke(green);
            gc.setLineWidth(laneWidth(b.lanes()));
            gc.strokePolyline(new double[] {b.xa(), b.xa(), b.xb(), b.xb()}, new double[] {b.ya(), b.level(), b.level(), b.yb()}, 4);
        }
        for (NvlinkDrawing.Bracket b : nv.brackets()) {
            double mx = (b.xa() + b.xb()) / 2;
            String s = "NV" + b.lanes();
            double tw = Painting.textWidth(s, 8.5) + 6;
            gc.setFill(p.bg());
            gc.fillRoundRect(mx - tw / 2, b.level() - 5.5, tw, 11, 5, 5);
            Painting.centred(gc, s, mx, b.level(), 8.5, true, green.darker(), tw + 2);
        }
    }

    static double laneWidth(int lanes) {
        return Painting.clamp(1 + lanes / 3.0, 1.5, 7);
    }
}
