package org.topoplanner.app.desktop.fabric;

import java.util.List;
import java.util.Locale;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * Paints one frame of a {@link FabricLayout}: links under racks under switches, then the ghost
 * and the row labels. Only what the spatial index reports as visible is drawn; nothing here
 * allocates per item, so a frame costs the same whether the fabric has 32 hosts or 16,384.
 */
final class FabricRenderer {
    private final FabricLayout layout;
    private final LinkPainter links;
    private final RackPainter racks;
    private final NvlinkDomainPainter nvlinkDomains;
    private final int[] rackBuf;
    private final int[] switchBuf;
    private int rackCount;
    private int switchCount;
    private LevelOfDetail lastLod = new LevelOfDetail(false, false, false, false, false);

    FabricRenderer(FabricLayout layout) {
        this.layout = layout;
        this.links = new LinkPainter(layout);
        this.racks = new RackPainter(layout);
        this.nvlinkDomains = new NvlinkDomainPainter(layout);
        this.rackBuf = new int[layout.racks().size()];
        this.switchBuf = new int[layout.switches().size()];
    }

    FabricLayout layout() {
        return layout;
    }

    LevelOfDetail lastLevelOfDetail() {
        return lastLod;
    }

    void draw(GraphicsContext gc, Viewport vp, FabricFrame st) {
        Palette p = st.palette();
        gc.setGlobalAlpha(1);
        gc.setFill(p.bg());
        gc.fillRect(0, 0, vp.width(), vp.height());
        if (layout.switches().isEmpty() && layout.hosts().isEmpty()) {
            Painting.centred(gc, "No fabric", vp.width() / 2, vp.height() / 2, 14, false, p.fgMuted(), vp.width());
            return;
        }
        SwitchGeometry geo = new SwitchGeometry(vp);
        LevelOfDetail lod = LevelOfDetail.of(vp, links.project(vp, geo));
        lastLod = lod;
        double[] v = vp.visibleWorld();
        rackCount = 0;
        layout.racksIn(v[0], v[1], v[2], v[3], i -> rackBuf[rackCount++] = i);
        switchCount = 0;
        // Switch boxes have a minimum screen size, and labels reach past the box: widen the query.
        double slack = 60 / vp.sx();
        layout.switchesIn(v[0] - slack, v[1] - 40, v[2] + slack, v[3], i -> switchBuf[switchCount++] = i);

        links.draw(gc, vp, st, lod);
        racks.draw(gc, vp, st, lod, rackBuf, rackCount);
        nvlinkDomains.draw(gc, vp, st, lod, layout);
        drawSwitches(gc, vp, st, lod, geo);
        racks.drawGhost(gc, vp, st, lod, rackBuf, rackCount);
        drawRowLabels(gc, vp, st, geo);
    }

    private void drawSwitches(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod, SwitchGeometry geo) {
        Palette p = st.palette();
        List<SwitchBox> switches = layout.switches();
        for (int k = 0; k < switchCount; k++) {
            SwitchBox s = switches.get(switchBuf[k]);
            int i = s.index();
            double x = geo.left(s);
            double y = geo.top(s);
            double w = geo.width(s);
            double h = geo.height(s);
            boolean dim = st.switchDimmed(i);
            if (w >= 8) {
                double arc = Math.min(8, h * 0.35);
                gc.setFill(shade(p.switchFill(s.tier()), dim, p));
                gc.fillRoundRect(x, y, w, h, arc, arc);
                gc.setStroke(shade(p.token("-tp-switch-border"), dim, p));
                gc.setLineWidth(1);
                gc.strokeRoundRect(x + 0.5, y + 0.5, w - 1, h - 1, arc, arc);
            } else {
                gc.setFill(shade(p.token("-tp-switch-border"), dim, p));
                gc.fillRect(x, y, w, h);
            }
            if (st.selectedSwitch() == i) {
                gc.setStroke(p.accent());
                gc.setLineWidth(2.5);
                gc.strokeRoundRect(x - 2, y - 2, w + 4, h + 4, 8, 8);
            } else if (st.hover().sw() == i) {
                gc.setStroke(p.token("-color-accent-muted"));
                gc.setLineWidth(2.5);
                gc.strokeRoundRect(x - 2, y - 2, w + 4, h + 4, 8, 8);
            }
            if (geo.labelled(s)) {
                label(gc, vp, st, geo, s, x, y, w, h, dim);
            }
        }
    }

    /** Name inside the box; free/total on a chip under it; oversubscription as a badge on its corner. */
    private void label(GraphicsContext gc, Viewport vp, FabricFrame st, SwitchGeometry geo, SwitchBox s, double x,
                       double y, double w, double h, boolean dim) {
        Palette p = st.palette();
        double size = geo.nameSize();
        Color fg = shade(Palette.textOn(p.switchFill(s.tier())), dim, p);
        Painting.centred(gc, s.name(), x + w / 2, y + h / 2, size, true, fg, w);
        double room = s.room() * vp.sx() - 8;
        FabricCounts c = st.counts();
        int total = c.switchGpus(s.index());
        String free = total > 0 ? "free " + c.switchFreeGpus(s.index()) + "/" + Painting.count(total)
                : c.switchFreeHosts(s.index()) + "/" + c.switchHosts(s.index()) + " hosts";
        double small = size * 0.86;
        double tw = Painting.textWidth(free, small);
        if (tw + 8 <= room) {
            double cy = y + h + small * 0.5 + 4;
            gc.setFill(p.bg());
            gc.fillRoundRect(x + w / 2 - tw / 2 - 4, y + h + 0.5, tw + 8, cy + small * 0.65 - y - h, 6, 6);
            Painting.centred(gc, free, x + w / 2, cy, small, false, shade(p.fgMuted(), dim, p), tw + 8);
        }
        double ratio = layout.oversubscription(s.index());
        if (ratio > 1.0001) {
            String badge = ratio(ratio);
            double bw = Painting.textWidth(badge, 9.5) + 8;
            double bx = x + w - bw * 0.6;
            double by = y - 7;
            gc.setFill(shade(p.token("-tp-link-oversubscribed"), dim, p));
            gc.fillRoundRect(bx, by, bw, 14, 14, 14);
            Painting.centred(gc, badge, bx + bw / 2, by + 7, 9.5, true, Color.WHITE, bw);
        }
    }

    static String ratio(double r) {
        return Math.abs(r - Math.rint(r)) < 0.05 ? String.format(Locale.ROOT, "%d:1", Math.round(r))
                : String.format(Locale.ROOT, "%.1f:1", r);
    }

    /** Row names pinned to the left edge (see {@link RowLabels}). */
    private void drawRowLabels(GraphicsContext gc, Viewport vp, FabricFrame st, SwitchGeometry geo) {
        Palette p = st.palette();
        double x = RowLabels.LEFT;
        for (RowLabels.RowLabel label : RowLabels.place(layout, vp, geo.maxHeight())) {
            double top = label.top();
            gc.setFill(p.bg());
            gc.fillRoundRect(x, top, label.w(), RowLabels.HEIGHT, 9, 9);
            gc.setStroke(p.borderMuted());
            gc.setLineWidth(1);
            gc.strokeRoundRect(x + 0.5, top + 0.5, label.w() - 1, RowLabels.HEIGHT - 1, 9, 9);
            Painting.left(gc, label.text(), x + 6, label.cy(), RowLabels.SIZE, true, p.fgMuted(), label.w());
        }
    }

    private static Color shade(Color c, boolean dim, Palette p) {
        return dim ? p.dim(c) : c;
    }
}
