package org.topoplanner.app.desktop.fabric;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.RackBox;

/**
 * Draws racks at the three levels of detail: a block with counts and an aggregated occupancy
 * bar; a grid of host tiles coloured by the jobs on their GPUs; host cells with name and a
 * GPU bar, the GPUs of a share being moved by hand washed out and striped. Also draws the drag ghost
 * over racks and hosts.
 */
final class RackPainter {
    private final FabricLayout layout;

    RackPainter(FabricLayout layout) {
        this.layout = layout;
    }

    void draw(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod, int[] racks, int count) {
        for (int k = 0; k < count; k++) {
            RackBox r = layout.racks().get(racks[k]);
            if (lod.tiles()) {
                frame(gc, vp, st, r);
                hosts(gc, vp, st, lod, r);
            } else {
                block(gc, vp, st, r);
            }
        }
        if (!lod.tiles()) {
            sideLabels(gc, vp, st, racks, count);
        }
    }

    /** Size of the hostlists written up the side of narrow rack blocks. */
    static final double SIDE_LABEL_SIZE = 11;

    /**
     * Rack blocks too narrow for their counts (under 30 px) still say which hosts they hold: the
     * hostlist, and the leaf when the rack hangs off one, written up the block on a backing, as many
     * as fit without touching ({@link LabelSpacing}).
     */
    private void sideLabels(GraphicsContext gc, Viewport vp, FabricFrame st, int[] racks, int count) {
        if (count == 0 || layout.racks().get(racks[0]).w() * vp.sx() >= 30) {
            return;
        }
        int[] order = java.util.Arrays.copyOf(racks, count);
        java.util.Arrays.sort(order);
        double[] centres = new double[count];
        for (int k = 0; k < count; k++) {
            centres[k] = vp.toScreenX(layout.racks().get(order[k]).centerX());
        }
        Palette p = st.palette();
        for (int k : LabelSpacing.pick(centres, SIDE_LABEL_SIZE + 2, 3)) {
            RackBox r = layout.racks().get(order[k]);
            double top = vp.toScreenY(r.y());
            double h = r.h() * vp.sy();
            if (h < 40) {
                continue;
            }
            String text = sideLabel(r);
            double room = h - 8;
            double tw = Math.min(room, Painting.measure(text, SIDE_LABEL_SIZE, false));
            gc.save();
            gc.translate(centres[k], top + 4 + tw);
            gc.rotate(-90);
            gc.setFill(Color.color(p.bg().getRed(), p.bg().getGreen(), p.bg().getBlue(), 0.82));
            gc.fillRoundRect(-3, -SIDE_LABEL_SIZE / 2 - 2, tw + 6, SIDE_LABEL_SIZE + 4, 6, 6);
            Painting.left(gc, text, 0, 0, SIDE_LABEL_SIZE, false, shade(p.fg(), st.rackDimmed(r.index()), p), room);
            gc.restore();
        }
    }

    /** {@code node[1153-1184] · leaf37}: the rack's hosts and, when they hang off one switch, its name. */
    private String sideLabel(RackBox r) {
        return r.uplinks().size() == 1 ? r.label() + " \u00b7 " + layout.switches().get(r.uplinks().get(0)).name()
                : r.label();
    }

    private void block(GraphicsContext gc, Viewport vp, FabricFrame st, RackBox r) {
        Palette p = st.palette();
        boolean dim = st.rackDimmed(r.index());
        double x = vp.toScreenX(r.x());
        double y = vp.toScreenY(r.y());
        double w = Math.max(1.5, r.w() * vp.sx());
        double h = r.h() * vp.sy();
        gc.setFill(shade(p.token("-tp-rack-fill"), dim, p));
        Painting.fillSnapped(gc, x, y, w, h);
        FabricCounts c = st.counts();
        int total = c.rackGpus(r.index());
        double pad = w >= 10 ? 2 : 0;
        double barTop = y + (w >= 30 ? 30 : pad);
        double barH = y + h - pad - barTop;
        if (total > 0 && barH > 2) {
            double bx = x + pad;
            double bw = w - 2 * pad;
            // Used GPUs stack up from the bottom, job by job; what is left on top is free.
            double cursor = barTop + barH;
            int[] jobs = c.rackJobOrdinals(r.index());
            int[] gpus = c.rackJobGpus(r.index());
            gc.setFill(shade(p.token("-tp-gpu-free"), dim, p));
            Painting.fillSnapped(gc, bx, barTop, bw, barH);
            for (int j = 0; j < jobs.length; j++) {
                double seg = barH * gpus[j] / total;
                gc.setFill(shade(p.jobColour(c.occupancy(), c.occupancy().job(jobs[j])), dim, p));
                Painting.fillSnapped(gc, bx, cursor - seg, bw, seg);
                cursor -= seg;
            }
        }
        if (w >= 5) {
            gc.setFill(shade(p.border(), dim, p));
            Painting.frameSnapped(gc, x, y, w, h);
        }
        if (w >= 30) {
            Color fg = shade(p.fg(), dim, p);
            Painting.centred(gc, Painting.count(r.hostCount()), x + w / 2, y + 9, 11, true, fg, w - 4);
            Painting.centred(gc, c.rackFreeGpus(r.index()) + "/" + total, x + w / 2, y + 21, 9.5, false,
                    shade(p.fgMuted(), dim, p), w - 4);
        }
        if (st.hover().rack() == r.index()) {
            gc.setStroke(p.accent());
            gc.setLineWidth(1.5);
            gc.strokeRect(x, y, w, h);
        }
    }

    private void frame(GraphicsContext gc, Viewport vp, FabricFrame st, RackBox r) {
        Palette p = st.palette();
        boolean dim = st.rackDimmed(r.index());
        double x = vp.toScreenX(r.x());
        double y = vp.toScreenY(r.y());
        double w = r.w() * vp.sx();
        double h = r.h() * vp.sy();
        double arc = Painting.clamp(w * 0.05, 0, 8);
        gc.setFill(shade(p.token("-tp-rack-fill"), dim, p));
        gc.fillRoundRect(x, y, w, h, arc, arc);
        gc.setStroke(shade(p.border(), dim, p));
        gc.setLineWidth(1);
        gc.strokeRoundRect(x + 0.5, y + 0.5, w - 1, h - 1, arc, arc);
        double headerH = FabricLayout.RACK_HEADER * vp.sy();
        double size = Painting.clamp(headerH * 0.55, 0, 11.5);
        String free = st.counts().rackFreeGpus(r.index()) + "/" + st.counts().rackGpus(r.index()) + " free";
        double freeW = Painting.textWidth(free, size);
        boolean freeShown = w > freeW + Painting.textWidth(r.label(), size) + 16;
        Painting.left(gc, r.label(), x + 5, y + headerH * 0.55, size, true, shade(p.fgMuted(), dim, p),
                freeShown ? w - freeW - 14 : w - 10);
        if (freeShown) {
            Painting.left(gc, free, x + w - freeW - 5, y + headerH * 0.55, size, false, shade(p.fgSubtle(), dim, p),
                    freeW + 2);
        }
    }

    private void hosts(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod, RackBox r) {
        Palette p = st.palette();
        List<HostBox> hosts = layout.hosts();
        double sw = vp.width();
        double sh = vp.height();
        for (int i = r.firstHost(); i < r.firstHost() + r.hostCount(); i++) {
            HostBox hb = hosts.get(i);
            double x = vp.toScreenX(hb.x());
            double y = vp.toScreenY(hb.y());
            double w = hb.w() * vp.sx();
            double h = hb.h() * vp.sy();
            if (x > sw || y > sh || x + w < 0 || y + h < 0) {
                continue;
            }
            boolean dim = st.hostDimmed(i);
            if (lod.hosts()) {
                hostCell(gc, vp, st, hb, x, y, w, h, dim);
            } else {
                gpuRun(gc, st, hb, HostBar.of(hb, vp, false), dim);
                tileName(gc, st, hb, x, y, w, h, dim);
            }
            cpuOnlyJobs(gc, st, hb, HostBar.of(hb, vp, lod.hosts()), lod.hosts(), dim);
            if (st.selectedHost() == i) {
                gc.setStroke(p.accent());
                gc.setLineWidth(2);
                gc.strokeRect(x - 1, y - 1, w + 2, h + 2);
            } else if (st.hover().host() == i) {
                gc.setStroke(p.token("-color-accent-muted"));
                gc.setLineWidth(2);
                gc.strokeRect(x - 1, y - 1, w + 2, h + 2);
            }
        }
    }

    private void hostCell(GraphicsContext gc, Viewport vp, FabricFrame st, HostBox hb, double x, double y, double w,
                          double h, boolean dim) {
        Palette p = st.palette();
        gc.setFill(shade(p.token("-tp-host-fill"), dim, p));
        Painting.fillSnapped(gc, x, y, w, h);
        gc.setFill(shade(p.token("-tp-host-border"), dim, p));
        Painting.frameSnapped(gc, x, y, w, h);
        double pad = Painting.clamp(w * 0.05, 2, 5);
        double size = Painting.clamp(h * 0.36, 7, 12.5);
        double nameY = y + Math.min(h * 0.3, size * 0.5 + 4);
        String used = hb.gpus() == 0 ? "" : (hb.gpus() - st.counts().hostUsedGpus(hb.index())) + "/" + hb.gpus();
        double usedW = Painting.textWidth(used, size * 0.9);
        boolean showUsed = !used.isEmpty() && w - 2 * pad > Painting.textWidth(hb.name(), size) + usedW + 8;
        Color fg = shade(p.fg(), dim, p);
        if (!Painting.left(gc, hb.name(), x + pad, nameY, size, false, fg, w - 2 * pad)) {
            Painting.left(gc, Painting.shortName(hb.name()), x + pad, nameY, size, false, fg, w - 2 * pad);
        }
        if (showUsed) {
            Painting.left(gc, used, x + w - pad - usedW, nameY, size * 0.9, false, shade(p.fgSubtle(), dim, p), usedW + 2);
        }
        if (hb.gpus() > 0) {
            gpuRun(gc, st, hb, HostBar.of(hb, vp, true), dim);
        }
    }

    /** Size of host names on tiles. */
    static final double TILE_NAME_SIZE = 10;

    /**
     * A tile wide enough for its host's name (or its trailing digits) says it, on a backing so it reads
     * over the job colours; smaller tiles leave it to the rack's label and the hover card.
     */
    private void tileName(GraphicsContext gc, FabricFrame st, HostBox hb, double x, double y, double w, double h,
                          boolean dim) {
        if (h < TILE_NAME_SIZE + 4) {
            return;
        }
        String name = Painting.textWidth(hb.name(), TILE_NAME_SIZE) <= w - 6 ? hb.name() : Painting.shortName(hb.name());
        double tw = Painting.textWidth(name, TILE_NAME_SIZE);
        if (tw > w - 6) {
            return;
        }
        Palette p = st.palette();
        gc.setFill(Color.color(p.bg().getRed(), p.bg().getGreen(), p.bg().getBlue(), 0.8));
        // at the bottom-left corner: the top of the tile stays the job's colour to press and grab
        double top = y + h - TILE_NAME_SIZE - 5;
        gc.fillRoundRect(x + 2, top, tw + 4, TILE_NAME_SIZE + 3, 4, 4);
        Painting.left(gc, name, x + 4, top + 1.5 + TILE_NAME_SIZE / 2, TILE_NAME_SIZE, false, shade(p.fg(), dim, p), tw + 1);
    }

    /**
     * Jobs on the host that hold none of its GPUs (CPU-only jobs) as a band in their colours: above
     * the GPU bar of a host cell, along the top of a tile. Without it such a job would be drawn nowhere.
     */
    private void cpuOnlyJobs(GraphicsContext gc, FabricFrame st, HostBox hb, HostBar bar, boolean cell, boolean dim) {
        List<String> jobs = st.counts().occupancy().jobsWithoutGpusOn(hb.name());
        if (jobs.isEmpty()) {
            return;
        }
        Palette p = st.palette();
        double bandH = cell ? Painting.clamp(bar.h() * 0.4, 3, 6) : Math.max(1.5, bar.h() * 0.3);
        double y = cell ? bar.y() - bandH - 2 : bar.y();
        double w = bar.w() / jobs.size();
        for (int k = 0; k < jobs.size(); k++) {
            gc.setFill(shade(p.jobColour(st.counts().occupancy(), jobs.get(k)), dim, p));
            Painting.fillSnapped(gc, bar.x() + k * w, y, w, bandH);
        }
    }

    /** The host's GPUs side by side, each in its job's colour or the free colour; runs of one job in one rectangle when gapless. */
    private void gpuRun(GraphicsContext gc, FabricFrame st, HostBox hb, HostBar bar, boolean dim) {
        Palette p = st.palette();
        int n = hb.gpus();
        Occupancy occ = st.counts().occupancy();
        if (n == 0) {
            gc.setFill(shade(p.token("-tp-host-fill"), dim, p));
            Painting.fillSnapped(gc, bar.x(), bar.y(), bar.w(), bar.h());
            return;
        }
        double cell = bar.cell();
        double gap = bar.gap();
        int g = 0;
        while (g < n) {
            String job = occ.jobOn(hb.name(), g);
            int end = g + 1;
            if (gap == 0) {
                while (end < n && java.util.Objects.equals(occ.jobOn(hb.name(), end), job)) {
                    end++;
                }
            }
            Color c = job == null ? p.token("-tp-gpu-free") : p.jobColour(occ, job);
            gc.setFill(shade(c, dim, p));
            double runW = (end - g) * cell + (end - g - 1) * gap;
            Painting.fillSnapped(gc, bar.cellX(g), bar.y(), runW, bar.h());
            if (st.leaving(hb.index(), job)) {
                Painting.leaving(gc, bar.cellX(g), bar.y(), runW, bar.h(), p.bg(), c);
            }
            g = end;
        }
    }

    /** The drag ghost: state-coloured outlines and GPU fills over hosts, or badges over rack blocks. */
    void drawGhost(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod, int[] racks, int count) {
        if (!st.hasGhost()) {
            return;
        }
        Color c = st.palette().ghost(st.ghost().state());
        Color fill = Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.78);
        for (int k = 0; k < count; k++) {
            RackBox r = layout.racks().get(racks[k]);
            int ghosts = st.ghost().inRack(r.index());
            if (ghosts == 0) {
                continue;
            }
            double rx = vp.toScreenX(r.x());
            double ry = vp.toScreenY(r.y());
            double rw = Math.max(2, r.w() * vp.sx());
            double rh = r.h() * vp.sy();
            if (!lod.tiles()) {
                gc.setStroke(c);
                gc.setLineWidth(2);
                gc.strokeRect(rx - 1, ry - 1, rw + 2, rh + 2);
                double share = ghosts / (double) r.hostCount();
                gc.setFill(Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.35));
                gc.fillRect(rx, ry + rh * (1 - share), rw, rh * share);
                if (rw >= 22) {
                    Painting.centred(gc, "+" + ghosts, rx + rw / 2, ry - 8, 10, true, c, rw + 20);
                }
                continue;
            }
            for (int i = r.firstHost(); i < r.firstHost() + r.hostCount(); i++) {
                if (!st.ghost().covers(i)) {
                    continue;
                }
                HostBox hb = layout.hosts().get(i);
                double x = vp.toScreenX(hb.x());
                double y = vp.toScreenY(hb.y());
                double w = hb.w() * vp.sx();
                double h = hb.h() * vp.sy();
                List<Integer> gpus = st.ghost().gpusOn(i);
                if (hb.gpus() > 0) {
                    HostBar bar = HostBar.of(hb, vp, lod.hosts());
                    gc.setFill(fill);
                    for (int g = 0; g < hb.gpus(); g++) {
                        if (gpus == null || gpus.contains(g)) {
                            gc.fillRect(bar.cellX(g), bar.y(), bar.cell(), bar.h());
                        }
                    }
                }
                gc.setStroke(c);
                gc.setLineWidth(2);
                gc.strokeRect(x - 1, y - 1, w + 2, h + 2);
            }
        }
    }

    private static Color shade(Color c, boolean dim, Palette p) {
        return dim ? p.dim(c) : c;
    }
}
