package org.topoplanner.app.desktop.fabric;

import java.nio.IntBuffer;
import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;

/**
 * Draws many thin lines as a density image: each line adds its weight to the pixels it crosses
 * (Bresenham), and the counts become opacity. Thousands of anti-aliased strokes cost the software
 * pipeline hundreds of milliseconds; this costs a few, and where lines pile up the picture darkens
 * the way a density plot does, which is the honest picture of a fabric too dense to resolve.
 */
final class DensityRaster {
    private int width;
    private int height;
    private int[] counts = new int[0];
    private byte[] classes = new byte[0];
    private IntBuffer pixels;
    private PixelBuffer<IntBuffer> buffer;
    private WritableImage image;
    private int minY;
    private int maxY;
    private int minX;
    private int maxX;
    private double scale = 1;

    /**
     * Starts a frame for a view of {@code viewW x viewH} pixels rastered at {@code scale} (0.5
     * halves the work for very dense frames; the image is drawn back at full size, smoothed).
     */
    void begin(double viewW, double viewH, double rasterScale) {
        this.scale = rasterScale;
        int w = (int) Math.ceil(viewW * rasterScale);
        int h = (int) Math.ceil(viewH * rasterScale);
        if (w != width || h != height) {
            width = Math.max(1, w);
            height = Math.max(1, h);
            counts = new int[width * height];
            classes = new byte[width * height];
            pixels = IntBuffer.allocate(width * height);
            buffer = new PixelBuffer<>(width, height, pixels, PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(buffer);
        } else if (maxY >= minY) {
            Arrays.fill(counts, minY * width, Math.min(counts.length, (maxY + 1) * width), 0);
        }
        minY = height;
        maxY = -1;
        minX = width;
        maxX = -1;
    }

    /** Adds a line of weight {@code weight} in class {@code cls}. */
    void line(double ax, double ay, double bx, double by, int weight, int cls) {
        ax *= scale;
        ay *= scale;
        bx *= scale;
        by *= scale;
        // Clip to the buffer first (Liang-Barsky): a line to a switch far off screen would
        // otherwise cost tens of thousands of steps outside it.
        double t0 = 0;
        double t1 = 1;
        double dxf = bx - ax;
        double dyf = by - ay;
        double[] p = {-dxf, dxf, -dyf, dyf};
        double[] q = {ax, width - 1 - ax, ay, height - 1 - ay};
        for (int k = 0; k < 4; k++) {
            if (p[k] == 0) {
                if (q[k] < 0) {
                    return;
                }
            } else {
                double r = q[k] / p[k];
                if (p[k] < 0) {
                    t0 = Math.max(t0, r);
                } else {
                    t1 = Math.min(t1, r);
                }
            }
        }
        if (t0 > t1) {
            return;
        }
        double cx0 = ax + t0 * dxf;
        double cy0 = ay + t0 * dyf;
        bx = ax + t1 * dxf;
        by = ay + t1 * dyf;
        ax = cx0;
        ay = cy0;
        int x0 = clampInt((int) Math.round(ax), width - 1);
        int y0 = clampInt((int) Math.round(ay), height - 1);
        int x1 = clampInt((int) Math.round(bx), width - 1);
        int y1 = clampInt((int) Math.round(by), height - 1);
        minY = Math.min(minY, Math.min(y0, y1));
        maxY = Math.max(maxY, Math.max(y0, y1));
        minX = Math.min(minX, Math.min(x0, x1));
        maxX = Math.max(maxX, Math.max(x0, x1));
        int dx = Math.abs(x1 - x0);
        int dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1;
        int sy = (y0 < y1 ? 1 : -1) * width;
        int err = dx + dy;
        byte c = (byte) cls;
        int i = y0 * width + x0;
        int end = y1 * width + x1;
        int[] cnt = counts;
        byte[] cl = classes;
        while (true) {
            cnt[i] += weight;
            cl[i] = c;
            if (i == end) {
                break;
            }
            int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                i += sx;
            }
            if (e2 <= dx) {
                err += dx;
                i += sy;
            }
        }
    }

    private static int clampInt(int v, int max) {
        return v < 0 ? 0 : Math.min(v, max);
    }

    /**
     * Turns counts into premultiplied pixels (opacity {@code 1 - (1 - alpha)^count}) and draws the
     * touched band onto the canvas.
     */
    void draw(GraphicsContext gc, Color[] classColours, double alpha) {
        if (maxY < minY) {
            return;
        }
        // Premultiplied ARGB per class and count, so the pixel loop is a table lookup.
        int[][] lut = new int[classColours.length][33];
        for (int c = 0; c < classColours.length; c++) {
            Color col = classColours[c];
            for (int k = 1; k < 33; k++) {
                int ai = (int) Math.round((1 - Math.pow(1 - alpha, k)) * 255);
                lut[c][k] = (ai << 24) | ((int) Math.round(col.getRed() * ai) << 16)
                        | ((int) Math.round(col.getGreen() * ai) << 8) | (int) Math.round(col.getBlue() * ai);
            }
        }
        int[] px = pixels.array();
        int y0 = minY;
        int y1 = maxY;
        for (int y = y0; y <= y1; y++) {
            int row = y * width;
            Arrays.fill(px, row, row + width, 0);
            for (int x = minX; x <= maxX; x++) {
                int n = counts[row + x];
                if (n > 0) {
                    px[row + x] = lut[classes[row + x] & 0xff][Math.min(32, n)];
                }
            }
        }
        javafx.geometry.Rectangle2D dirty = new javafx.geometry.Rectangle2D(0, y0, width, y1 - y0 + 1);
        buffer.updateBuffer(b -> dirty);
        drawAgain(gc);
    }

    /** Draws the last rastered band again (nothing about the links changed since). */
    void drawAgain(GraphicsContext gc) {
        if (maxY < minY) {
            return;
        }
        int h = maxY - minY + 1;
        gc.setImageSmoothing(scale != 1);
        gc.drawImage(image, 0, minY, width, h, 0, minY / scale, width / scale, h / scale);
        gc.setImageSmoothing(true);
    }
}
