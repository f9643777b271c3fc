package org.topoplanner.app.desktop.canvas;

import java.util.HashMap;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Text primitives shared by the fabric and node painters: cached fonts, an estimate of text width
 * that needs no scene graph (measuring with a Text node per label would cost more than the
 * frame), and labels that are drawn only where they fit.
 */
public final class Painting {
    /** Average advance of digits and lower-case letters in the UI font, in ems. */
    public static final double CHAR_EM = 0.58;
    private static final Map<Integer, Font> REGULAR = new HashMap<>();
    private static final Map<Integer, Font> BOLD = new HashMap<>();

    private Painting() {
    }

    public static Font font(double size, boolean bold) {
        int key = (int) Math.round(size * 2);
        return (bold ? BOLD : REGULAR).computeIfAbsent(key,
                k -> Font.font("System", bold ? FontWeight.BOLD : FontWeight.NORMAL, k / 2.0));
    }

    private static final javafx.scene.text.Text PROBE = new javafx.scene.text.Text();

    /** The exact advance of a string in the UI font (FX thread only; for the few labels that need it). */
    public static double measure(String s, double size, boolean bold) {
        PROBE.setFont(font(size, bold));
        PROBE.setText(s);
        return PROBE.getLayoutBounds().getWidth();
    }

    public static double textWidth(String s, double size) {
        return s.length() * size * CHAR_EM;
    }

    /** Draws centred text if it fits in {@code maxWidth}; returns whether it did. */
    public static boolean centred(GraphicsContext gc, String s, double cx, double cy, double size, boolean bold,
                           Color colour, double maxWidth) {
        if (size < 6.5 || textWidth(s, size) > maxWidth) {
            return false;
        }
        gc.setFont(font(size, bold));
        gc.setFill(colour);
        gc.setTextAlign(TextAlignment.CENTER);
        gc.setTextBaseline(VPos.CENTER);
        gc.fillText(s, cx, cy);
        return true;
    }

    /** Draws left-aligned text if it fits in {@code maxWidth}; returns whether it did. */
    public static boolean left(GraphicsContext gc, String s, double x, double cy, double size, boolean bold, Color colour,
                        double maxWidth) {
        if (size < 6.5 || textWidth(s, size) > maxWidth) {
            return false;
        }
        gc.setFont(font(size, bold));
        gc.setFill(colour);
        gc.setTextAlign(TextAlignment.LEFT);
        gc.setTextBaseline(VPos.CENTER);
        gc.fillText(s, x, cy);
        return true;
    }

    /** The trailing digits of a name ({@code gpu00017} gives {@code 00017}), for cells too small for all of it. */
    public static String shortName(String name) {
        int i = name.length();
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        return i == name.length() || i == 0 ? name : name.substring(i);
    }

    /** "1,234" with a thin grouping, as engineers read counts. */
    public static String count(int n) {
        return String.format("%,d", n);
    }

    /**
     * Fills a rectangle snapped to whole pixels: axis-aligned fills on pixel edges skip the
     * anti-aliasing work of the software pipeline and keep neighbouring tiles crisp.
     */
    public static void fillSnapped(GraphicsContext gc, double x, double y, double w, double h) {
        double x0 = Math.round(x);
        double y0 = Math.round(y);
        double x1 = Math.max(x0 + 1, Math.round(x + w));
        double y1 = Math.max(y0 + 1, Math.round(y + h));
        gc.fillRect(x0, y0, x1 - x0, y1 - y0);
    }

    /** A 1-pixel frame drawn as four snapped fills (no anti-aliased stroke). */
    public static void frameSnapped(GraphicsContext gc, double x, double y, double w, double h) {
        double x0 = Math.round(x);
        double y0 = Math.round(y);
        double x1 = Math.max(x0 + 2, Math.round(x + w));
        double y1 = Math.max(y0 + 2, Math.round(y + h));
        gc.fillRect(x0, y0, x1 - x0, 1);
        gc.fillRect(x0, y1 - 1, x1 - x0, 1);
        gc.fillRect(x0, y0 + 1, 1, y1 - y0 - 2);
        gc.fillRect(x1 - 1, y0 + 1, 1, y1 - y0 - 2);
    }

    /**
     * Marks a rectangle as leaving: its fill washed towards {@code background} and crossed by diagonal
     * stripes of {@code stripe}, the way drawing tools show the source of a move. The stripes keep the
     * job's colour readable, so one still sees whose GPUs are about to go.
     */
    public static void leaving(GraphicsContext gc, double x, double y, double w, double h, Color background,
                               Color stripe) {
        if (w <= 0 || h <= 0) {
            return;
        }
        gc.save();
        gc.setFill(Color.color(background.getRed(), background.getGreen(), background.getBlue(), 0.62));
        gc.fillRect(x, y, w, h);
        gc.beginPath();
        gc.rect(x, y, w, h);
        gc.clip();
        gc.setStroke(Color.color(stripe.getRed(), stripe.getGreen(), stripe.getBlue(), 0.75));
        gc.setLineWidth(h < 8 ? 1 : 1.4);
        double step = Math.max(3.5, Math.min(6, h / 2));
        for (double d = -h; d < w; d += step) {
            gc.strokeLine(x + d, y + h, x + d + h, y);
        }
        gc.restore();
    }

    public static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
