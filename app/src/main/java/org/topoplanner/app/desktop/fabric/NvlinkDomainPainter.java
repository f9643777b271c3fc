package org.topoplanner.app.desktop.fabric;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.NvlinkEnclosures;

/**
 * The NVLink domain layer of the fabric view: each multi-node NVLink domain drawn as an enclosure
 * around its trays' cells (the jobs stay coloured inside, since the cells are drawn first), its name
 * and tray count on a tab above. Adjacent domains alternate between the accent colour and the success
 * colour of the theme, so two racks side by side read as two. At rack-block detail a rack wholly in one
 * domain gets the enclosure around its block; racks shared by several domains are left to the
 * detailed views.
 */
final class NvlinkDomainPainter {
    private static final double PAD = 3;
    private static final double LABEL_SIZE = 10;

    private final NvlinkEnclosures enclosures;

    NvlinkDomainPainter(FabricLayout layout) {
        this.enclosures = layout.nvlink();
    }

    void draw(GraphicsContext gc, Viewport vp, FabricFrame st, LevelOfDetail lod, FabricLayout layout) {
        if (enclosures.isEmpty()) {
            return;
        }
        Palette p = st.palette();
        double[] v = vp.visibleWorld();
        gc.save();
        gc.setLineCap(StrokeLineCap.BUTT);
        for (NvlinkEnclosures.Enclosure e : enclosures.enclosures()) {
            double wx0 = e.x();
            double wy0 = e.y();
            double wx1 = e.x() + e.w();
            double wy1 = e.y() + e.h();
            if (!lod.tiles()) {
                if (!e.wholeRack()) {
                    continue;
                }
                var r = layout.racks().get(e.rack());
                wx0 = r.x();
                wy0 = r.y();
                wx1 = r.x() + r.w();
                wy1 = r.y() + r.h();
            }
            if (wx1 < v[0] || wx0 > v[2] || wy1 < v[1] || wy0 > v[3]) {
                continue;
            }
            double x = vp.toScreenX(wx0) - PAD;
            double y = vp.toScreenY(wy0) - PAD;
            double w = (wx1 - wx0) * vp.sx() + 2 * PAD;
            double h = (wy1 - wy0) * vp.sy() + 2 * PAD;
            Color c = e.domain() % 2 == 0 ? p.accent() : p.success();
            gc.setFill(Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.07));
            gc.fillRoundRect(x, y, w, h, 8, 8);
            gc.setStroke(c);
            gc.setLineWidth(w > 60 ? 2 : 1.2);
            gc.setLineDashes(w > 60 ? new double[] {7, 4} : null);
            gc.strokeRoundRect(x, y, w, h, 8, 8);
            gc.setLineDashes((double[]) null);
            if (w > 70) {
                tab(gc, p, c, e, x, y, w);
            }
        }
        gc.restore();
    }

    /** A clique's name without its 36-character cluster UUID ({@code clique 4026}); other names as they are. */
    static String shortName(String name) {
        int dot = name.lastIndexOf('.');
        return dot == 36 && name.charAt(8) == '-' ? "clique " + name.substring(dot + 1) : name;
    }

    /**
     * The domain's name, tray count and design on a tab at the right of the enclosure's top edge (the
     * rack's own label keeps the left), shortened until it fits: without the design, then the name alone.
     */
    private static void tab(GraphicsContext gc, Palette p, Color c, NvlinkEnclosures.Enclosure e, double x, double y,
                            double w) {
        String name = "NVLink " + shortName(e.name());
        String trays = name + " \u00b7 " + e.hosts() + " trays";
        List<String> tries = e.design() == null ? List.of(trays, name) : List.of(trays + " \u00b7 " + e.design(), trays, name);
        double room = w * 0.6;
        for (String text : tries) {
            double tw = Painting.measure(text, LABEL_SIZE, true) + 12;
            if (tw <= room) {
                double tx = x + w - tw - 6;
                double ty = y - LABEL_SIZE - 5;
                gc.setFill(c);
                gc.fillRoundRect(tx, ty, tw, LABEL_SIZE + 6, 6, 6);
                Painting.left(gc, text, tx + 6, ty + (LABEL_SIZE + 6) / 2, LABEL_SIZE, true, Palette.textOn(c), tw);
                return;
            }
        }
    }
}
