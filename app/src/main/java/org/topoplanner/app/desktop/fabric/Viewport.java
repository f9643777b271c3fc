package org.topoplanner.app.desktop.fabric;

import org.topoplanner.app.desktop.fabric.layout.FabricLayout;

/**
 * The mapping between world units of a {@link FabricLayout} and pixels of the view.
 *
 * <p>A fabric is far wider than tall (16,384 hosts side by side), so the vertical scale never
 * drops below what fits the layout's height: zooming out squeezes the picture sideways while the
 * tiers keep the whole height, and once the horizontal scale reaches the vertical one both grow
 * together. {@code sy = max(sx, height / worldH)}.
 *
 * @param width  view width in pixels
 * @param height view height in pixels
 * @param worldW layout width in world units
 * @param worldH layout height in world units
 * @param sx     horizontal pixels per world unit
 * @param ox     world x at the left edge of the view
 * @param oy     world y at the top edge of the view
 */
public record Viewport(double width, double height, double worldW, double worldH, double sx, double ox, double oy) {
    /** The largest magnification: a host cell then spans about 300 pixels. */
    public static final double MAX_SCALE = 4.0;

    /** The whole layout in the view, centred. */
    public static Viewport fit(double width, double height, double worldW, double worldH) {
        return fit(width, height, worldW, worldH, 0, 0);
    }

    /** The whole layout in the view between reserved strips (row labels, legend), centred there. */
    public static Viewport fit(double width, double height, double worldW, double worldH, double reservedLeft,
                               double reservedRight) {
        double w = Math.max(1, width);
        double h = Math.max(1, height);
        double ww = Math.max(1, worldW);
        double wh = Math.max(1, worldH);
        double usable = Math.max(w * 0.5, w - reservedLeft - reservedRight);
        double left = Math.min(reservedLeft, w - usable);
        double sx = Math.min(usable / ww, h / wh);
        Viewport v = new Viewport(w, h, ww, wh, sx, 0, 0);
        return new Viewport(w, h, ww, wh, sx, (ww - usable / sx) / 2 - left / sx, (wh - h / v.sy()) / 2);
    }

    /** The vertical scale. */
    public double sy() {
        return Math.max(sx, height / worldH);
    }

    /** The horizontal scale at which the layout just fits. */
    public double fitScale() {
        return Math.min(width / worldW, height / worldH);
    }

    public double minScale() {
        return fitScale() * 0.8;
    }

    public double toScreenX(double wx) {
        return (wx - ox) * sx;
    }

    public double toScreenY(double wy) {
        return (wy - oy) * sy();
    }

    public double toWorldX(double px) {
        return ox + px / sx;
    }

    public double toWorldY(double py) {
        return oy + py / sy();
    }

    /** The visible world rectangle {x0, y0, x1, y1}. */
    public double[] visibleWorld() {
        return new double[] {ox, oy, ox + width / sx, oy + height / sy()};
    }

    /** True when the whole layout is in view. */
    public boolean showsAll() {
        double[] v = visibleWorld();
        return v[0] <= 0.5 && v[1] <= 0.5 && v[2] >= worldW - 0.5 && v[3] >= worldH - 0.5;
    }

    /** Zooms by {@code factor} keeping the world point under the pixel {@code (px, py)} in place. */
    public Viewport zoomAt(double factor, double px, double py) {
        double wx = toWorldX(px);
        double wy = toWorldY(py);
        double nsx = Math.max(minScale(), Math.min(MAX_SCALE, sx * factor));
        Viewport v = new Viewport(width, height, worldW, worldH, nsx, 0, 0);
        return new Viewport(width, height, worldW, worldH, nsx, wx - px / nsx, wy - py / v.sy()).clamped();
    }

    /** Moves the picture by a pixel offset (a drag of the background). */
    public Viewport panBy(double dxPixels, double dyPixels) {
        return new Viewport(width, height, worldW, worldH, sx, ox - dxPixels / sx, oy - dyPixels / sy()).clamped();
    }

    /** The same centre and zoom in a view of another size. */
    public Viewport resized(double newWidth, double newHeight) {
        double cx = toWorldX(width / 2);
        double cy = toWorldY(height / 2);
        Viewport v = new Viewport(Math.max(1, newWidth), Math.max(1, newHeight), worldW, worldH, sx, 0, 0);
        double nsx = Math.max(v.minScale(), Math.min(MAX_SCALE, sx));
        v = new Viewport(v.width, v.height, worldW, worldH, nsx, 0, 0);
        return new Viewport(v.width, v.height, worldW, worldH, nsx, cx - v.width / 2 / nsx, cy - v.height / 2 / v.sy())
                .clamped();
    }

    /** Zooms to show a world rectangle with a margin, at most at {@code maxScale}. */
    public Viewport showing(double x0, double y0, double x1, double y1, double maxScale) {
        double rw = Math.max(1, x1 - x0);
        double rh = Math.max(1, y1 - y0);
        double nsx = Math.min(width / (rw * 1.15), height / (rh * 1.15));
        nsx = Math.max(minScale(), Math.min(Math.min(MAX_SCALE, maxScale), nsx));
        Viewport v = new Viewport(width, height, worldW, worldH, nsx, 0, 0);
        double cx = (x0 + x1) / 2;
        double cy = (y0 + y1) / 2;
        return new Viewport(width, height, worldW, worldH, nsx, cx - width / 2 / nsx, cy - height / 2 / v.sy())
                .clamped();
    }

    /** Centres the view on a world point at the current zoom. */
    public Viewport centredOn(double wx, double wy) {
        return new Viewport(width, height, worldW, worldH, sx, wx - width / 2 / sx, wy - height / 2 / sy()).clamped();
    }

    /** Keeps part of the layout in view: a dimension that fits is centred, a larger one may not leave the view. */
    Viewport clamped() {
        double vw = width / sx;
        double vh = height / sy();
        double nox = vw >= worldW ? Math.max(worldW - vw, Math.min(0, ox))
                : Math.max(-vw * 0.3, Math.min(worldW - vw * 0.7, ox));
        double noy = vh >= worldH ? Math.max(worldH - vh, Math.min(0, oy))
                : Math.max(-vh * 0.3, Math.min(worldH - vh * 0.7, oy));
        return new Viewport(width, height, worldW, worldH, sx, nox, noy);
    }
}
