package org.topoplanner.app.desktop.fabric;

import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.fabric.layout.HostBox;

/**
 * Where a host's GPUs land on screen: a strip of cells along the bottom of a host cell, or the whole
 * tile when hosts are drawn as tiles. The painter draws from it and the view hit-tests with it, so a
 * press lands on the GPU that is drawn under the pointer.
 *
 * @param gap   space between GPU cells (0 on tiles)
 * @param gpus  how many GPUs the host has
 */
record HostBar(double x, double y, double w, double h, double gap, int gpus) {

    /** The bar of a host at a zoom; {@code cells} when hosts are drawn one by one with names. */
    static HostBar of(HostBox hb, Viewport vp, boolean cells) {
        double x = vp.toScreenX(hb.x());
        double y = vp.toScreenY(hb.y());
        double w = hb.w() * vp.sx();
        double h = hb.h() * vp.sy();
        if (!cells) {
            double inset = Math.min(1, w * 0.08);
            return new HostBar(x + inset, y + inset, w - 2 * inset, h - 2 * inset, 0, hb.gpus());
        }
        double pad = Painting.clamp(w * 0.05, 2, 5);
        double barH = Painting.clamp(h * 0.34, 3, 16);
        return new HostBar(x + pad, y + h - pad - barH, w - 2 * pad, barH, Painting.clamp(w * 0.012, 0.5, 2),
                hb.gpus());
    }

    /** Width of one GPU cell. */
    double cell() {
        return gpus == 0 ? w : (w - (gpus - 1) * gap) / gpus;
    }

    /** Left edge of GPU {@code g}'s cell. */
    double cellX(int g) {
        return x + g * (cell() + gap);
    }

    /** The GPU whose cell (or the gap after it) holds a screen point, or -1 off the bar. */
    int gpuAt(double px, double py) {
        if (gpus == 0 || px < x || px > x + w || py < y || py > y + h) {
            return -1;
        }
        return Math.min(gpus - 1, (int) ((px - x) / (cell() + gap)));
    }
}
