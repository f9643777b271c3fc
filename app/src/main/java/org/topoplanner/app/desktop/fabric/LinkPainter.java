package org.topoplanner.app.desktop.fabric;

import java.util.Arrays;
import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.LinkBundle;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.model.fabric.LinkSpeed;

/**
 * Draws cable bundles: culled to the view, one stroked path per class (colour and width by IB
 * generation, rate and oversubscription) so a frame issues a handful of strokes, not thousands.
 * When more bundles are visible than the screen can resolve, they are accumulated into a
 * {@link DensityRaster} instead: a density plot, cheap to draw.
 */
final class LinkPainter {
    private static final int CLASSES = 16;

    private final FabricLayout layout;
    private final double[] x1;
    private final double[] y1;
    private final double[] x2;
    private final double[] y2;
    private final int[] visible;
    private final PathBatch[] batches = new PathBatch[CLASSES * 2];
    private final DensityRaster raster = new DensityRaster();
    /** What the density image was last drawn for; hover and selection redraws reuse it. */
    private Object rasterKey;
    private int visibleCount;

    LinkPainter(FabricLayout layout) {
        this.layout = layout;
        int n = layout.links().size();
        x1 = new double[n];
        y1 = new double[n];
        x2 = new double[n];
        y2 = new double[n];
        visible = new int[n];
        for (int i = 0; i < batches.length; i++) {
            batches[i] = new PathBatch();
        }
    }

    /** Projects and culls every bundle; returns how many are on screen. */
    int project(Viewport vp, SwitchGeometry geo) {
        List<LinkBundle> links = layout.links();
        List<SwitchBox> switches = layout.switches();
        List<RackBox> racks = layout.racks();
        double w = vp.width();
        double h = vp.height();
        visibleCount = 0;
        for (int i = 0; i < links.size(); i++) {
            LinkBundle l = links.get(i);
            SwitchBox up = switches.get(l.upper());
            double ax = vp.toScreenX(up.centerX());
            double ay;
            double bx;
            double by;
            if (l.toRack()) {
                RackBox r = racks.get(l.lower());
                ay = geo.bottom(up);
                bx = vp.toScreenX(r.centerX());
                by = vp.toScreenY(r.y());
            } else if (l.lateral()) {
                SwitchBox lo = switches.get(l.lower());
                ay = geo.top(up);
                bx = vp.toScreenX(lo.centerX());
                by = geo.top(lo);
            } else {
                SwitchBox lo = switches.get(l.lower());
                ay = geo.bottom(up);
                bx = vp.toScreenX(lo.centerX());
                by = geo.top(lo);
            }
            if (Math.max(ax, bx) < -2 || Math.min(ax, bx) > w + 2 || Math.max(ay, by) < -2 || Math.min(ay, by) > h + 2) {
                continue;
            }
            x1[i] = ax;
            y1[i] = ay;
            x2[i] = bx;
            y2[i] = by;
            visible[visibleCount++] = i;
        }
        return visibleCount;
    }

    void draw(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod) {
        Palette p = st.palette();
        for (PathBatch b : batches) {
            b.clear();
        }
        List<LinkBundle> links = layout.links();
        if (lod.denseLinks()) {
            drawDense(gc, vp, st);
            drawSelected(gc, vp, st);
            return;
        }
        double zoomWidth = Painting.clamp(vp.sx(), 0.55, 1.6);
        for (int k = 0; k < visibleCount; k++) {
            int i = visible[k];
            LinkBundle l = links.get(i);
            int cls = classOf(l);
            boolean dim = st.highlight().active() && !touchesMatch(l, st);
            batches[cls * 2 + (dim ? 1 : 0)].add(x1[i], y1[i], x2[i], y2[i]);
        }
        gc.setLineCap(StrokeLineCap.BUTT);
        for (int cls = 0; cls < CLASSES; cls++) {
            for (int d = 1; d >= 0; d--) {
                PathBatch b = batches[cls * 2 + d];
                if (b.size == 0) {
                    continue;
                }
                Color c = colourOf(cls, p);
                double width;
                if (visibleCount > 250) {
                    // Fans of many uplinks: thinner and translucent, so they read as a fan, not a wall.
                    c = Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.55);
                    width = widthOf(cls) * zoomWidth * 0.6;
                } else {
                    width = widthOf(cls) * zoomWidth;
                }
                if (d == 1) {
                    c = p.dim(c);
                }
                gc.setStroke(c);
                gc.setLineWidth(width);
                b.stroke(gc);
            }
        }
        drawSelected(gc, vp, st);
        if (lod.linkCounts()) {
            drawCounts(gc, st);
        }
    }

    /** Too many bundles to resolve: accumulate them into a density image, dimmed ones in their own class. */
    private void drawDense(GraphicsContext gc, Viewport vp, FabricFrame st) {
        Palette p = st.palette();
        Object key = java.util.List.of(vp, p.theme(), st.highlight().active(), st.highlight().hosts(), st.highlight().switches());
        if (key.equals(rasterKey)) {
            raster.drawAgain(gc);
            return;
        }
        rasterKey = key;
        List<LinkBundle> links = layout.links();
        boolean half = visibleCount > 6000;
        raster.begin(vp.width(), vp.height(), half ? 0.5 : 1);
        for (int k = 0; k < visibleCount; k++) {
            int i = visible[k];
            LinkBundle l = links.get(i);
            int cls = classOf(l);
            boolean dim = st.highlight().active() && !touchesMatch(l, st);
            raster.line(x1[i], y1[i], x2[i], y2[i], 1, cls + (dim ? CLASSES : 0));
        }
        Color[] colours = new Color[CLASSES * 2];
        for (int c = 0; c < CLASSES; c++) {
            colours[c] = colourOf(c, p);
            colours[c + CLASSES] = p.dim(colours[c]);
        }
        // A half-resolution pixel takes about four lines' worth of a full one.
        raster.draw(gc, colours, half ? 0.09 : 0.2);
    }

    private boolean touchesMatch(LinkBundle l, FabricFrame st) {
        if (st.highlight().matchesSwitch(l.upper())) {
            return true;
        }
        return l.toRack() ? st.highlight().inRack(l.lower()) > 0 : st.highlight().matchesSwitch(l.lower());
    }

    /** Bundles touching the selected switch, or the selected host's rack, drawn over the rest in the accent colour. */
    private void drawSelected(GraphicsContext gc, Viewport vp, FabricFrame st) {
        int[] chosen;
        if (st.selectedSwitch() >= 0) {
            chosen = layout.linksOfSwitchShared(st.selectedSwitch());
        } else if (st.selectedHost() >= 0) {
            chosen = layout.linksOfRackShared(layout.hosts().get(st.selectedHost()).rack());
        } else {
            return;
        }
        PathBatch b = new PathBatch();
        for (int i : chosen) {
            if (isVisible(i)) {
                b.add(x1[i], y1[i], x2[i], y2[i]);
            }
        }
        gc.setStroke(st.palette().accent());
        gc.setLineWidth(Painting.clamp(vp.sx() * 2.2, 1.6, 3.2));
        b.stroke(gc);
    }

    private boolean isVisible(int link) {
        // visible[] is sorted ascending (filled in index order).
        return Arrays.binarySearch(visible, 0, visibleCount, link) >= 0;
    }

    /** "×4" on bundles of parallel cables, near their lower end so labels of a fan do not collide. */
    private void drawCounts(GraphicsContext gc, FabricFrame st) {
        List<LinkBundle> links = layout.links();
        int drawn = 0;
        for (int k = 0; k < visibleCount && drawn < 400; k++) {
            int i = visible[k];
            LinkBundle l = links.get(i);
            if (l.cables() < 2) {
                continue;
            }
            double len = Math.hypot(x2[i] - x1[i], y2[i] - y1[i]);
            if (len < 60) {
                continue;
            }
            double t = l.toRack() ? 0.5 : 0.72;
            double cx = x1[i] + (x2[i] - x1[i]) * t;
            double cy = y1[i] + (y2[i] - y1[i]) * t;
            String s = "\u00d7" + l.cables();
            double size = 10;
            double tw = Painting.textWidth(s, size) + 6;
            gc.setFill(st.palette().bg());
            gc.fillRoundRect(cx - tw / 2, cy - 7, tw, 14, 6, 6);
            Painting.centred(gc, s, cx, cy, size, true, st.palette().fgMuted(), tw + 2);
            drawn++;
        }
    }

    /** Class index: 0..9 by IB generation, 15 = uplink of an oversubscribed switch. */
    static int classOf(LinkBundle l) {
        if (l.oversubscribed()) {
            return 15;
        }
        return switch (l.speed()) {
            case XDR -> 1;
            case NDR -> 2;
            case HDR -> 3;
            case EDR -> 4;
            case SDR, DDR, QDR, FDR10, FDR -> 5;
            case ETHERNET, UNKNOWN -> 0;
        };
    }

    static Color colourOf(int cls, Palette p) {
        return switch (cls) {
            case 1 -> p.link(LinkSpeed.XDR);
            case 2 -> p.link(LinkSpeed.NDR);
            case 3 -> p.link(LinkSpeed.HDR);
            case 4 -> p.link(LinkSpeed.EDR);
            case 5 -> p.link(LinkSpeed.FDR);
            case 15 -> p.token("-tp-link-oversubscribed");
            default -> p.link(LinkSpeed.UNKNOWN);
        };
    }

    /** Faster generations draw wider, so the eye finds the fat pipes. */
    static double widthOf(int cls) {
        return switch (cls) {
            case 1 -> 2.4;
            case 2 -> 2.0;
            case 3 -> 1.6;
            case 4 -> 1.3;
            case 15 -> 1.6;
            default -> 1.0;
        };
    }

    /** Line segments of one stroke style, stroked as a single path. */
    private static final class PathBatch {
        double[] xy = new double[256];
        int size;

        void clear() {
            size = 0;
        }

        void add(double ax, double ay, double bx, double by) {
            if (size + 4 > xy.length) {
                xy = Arrays.copyOf(xy, xy.length * 2);
            }
            xy[size++] = ax;
            xy[size++] = ay;
            xy[size++] = bx;
            xy[size++] = by;
        }

        void stroke(GraphicsContext gc) {
            if (size == 0) {
                return;
            }
            gc.beginPath();
            for (int i = 0; i < size; i += 4) {
                gc.moveTo(xy[i], xy[i + 1]);
                gc.lineTo(xy[i + 2], xy[i + 3]);
            }
            gc.stroke();
        }
    }
}
