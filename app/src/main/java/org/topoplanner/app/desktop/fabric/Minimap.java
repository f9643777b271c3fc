package org.topoplanner.app.desktop.fabric;

import java.util.function.BiConsumer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * An overview of the whole fabric (rack occupancy and switch rows) with the visible part as a
 * rectangle; a click or drag recentres the main view there. The overview is drawn once per
 * layout, occupancy or theme change; moving the view only moves the rectangle.
 */
public final class Minimap extends Region {
    static final double WIDTH = 240;
    static final double HEIGHT = 72;
    private final Canvas canvas = new Canvas(WIDTH, HEIGHT);
    private final Rectangle viewport = new Rectangle();
    /** Where the selected job runs and where a drag's ghost would land, over the overview. */
    private final Canvas marks = new Canvas(WIDTH, HEIGHT);
    private FabricLayout layout;
    private BiConsumer<Double, Double> onJump = (x, y) -> { };

    public Minimap() {
        getStyleClass().add("minimap");
        setId("minimap");
        viewport.getStyleClass().add("minimap-viewport");
        viewport.setMouseTransparent(true);
        viewport.setOpacity(0.85);
        marks.setMouseTransparent(true);
        marks.setId("minimapMarks");
        getChildren().addAll(canvas, marks, viewport);
        setPrefSize(WIDTH, HEIGHT);
        setMinSize(WIDTH, HEIGHT);
        setMaxSize(WIDTH, HEIGHT);
        setOnMousePressed(e -> jump(e.getX(), e.getY()));
        setOnMouseDragged(e -> jump(e.getX(), e.getY()));
    }

    /** Called with the world point to centre on. */
    void setOnJump(BiConsumer<Double, Double> onJump) {
        this.onJump = onJump;
    }

    private void jump(double x, double y) {
        if (layout != null) {
            onJump.accept(x / WIDTH * layout.width(), y / HEIGHT * layout.height());
        }
    }

    void paint(FabricLayout l, FabricCounts counts, Palette p) {
        this.layout = l;
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setFill(p.token("-color-bg-overlay"));
        gc.fillRect(0, 0, WIDTH, HEIGHT);
        double mx = WIDTH / l.width();
        double my = HEIGHT / l.height();
        for (RackBox r : l.racks()) {
            double x = r.x() * mx;
            double y = r.y() * my;
            double w = Math.max(1, r.w() * mx);
            double h = r.h() * my;
            int total = counts.rackGpus(r.index());
            gc.setFill(p.token("-tp-gpu-free"));
            gc.fillRect(x, y, w, h);
            if (total > 0) {
                double cursor = y + h;
                int[] jobs = counts.rackJobOrdinals(r.index());
                int[] gpus = counts.rackJobGpus(r.index());
                for (int j = 0; j < jobs.length; j++) {
                    double seg = h * gpus[j] / total;
                    gc.setFill(p.jobColour(counts.occupancy(), counts.occupancy().job(jobs[j])));
                    gc.fillRect(x, cursor - seg, w, seg);
                    cursor -= seg;
                }
            }
        }
        gc.setFill(p.token("-tp-switch-border"));
        for (SwitchBox s : l.switches()) {
            gc.fillRect(s.x() * mx, s.y() * my, Math.max(1, s.w() * mx), Math.max(2, s.h() * my));
        }
    }

    /**
     * Marks the racks holding the selected job's hosts ({@code job}, in its colour) and the drag's
     * ghost ({@code ghost}, in the verdict's colour) with outlines at least 3 px wide, so either can be
     * found on a fabric bigger than the screen; empty sets clear.
     */
    void showMarks(java.util.BitSet job, Color jobColour, java.util.BitSet ghost, Color ghostColour) {
        GraphicsContext gc = marks.getGraphicsContext2D();
        gc.clearRect(0, 0, WIDTH, HEIGHT);
        if (layout == null) {
            return;
        }
        mark(gc, job, jobColour);
        mark(gc, ghost, ghostColour);
    }

    private void mark(GraphicsContext gc, java.util.BitSet hosts, Color colour) {
        if (hosts == null || hosts.isEmpty() || colour == null) {
            return;
        }
        double mx = WIDTH / layout.width();
        double my = HEIGHT / layout.height();
        gc.setStroke(colour);
        gc.setLineWidth(1.5);
        java.util.BitSet racks = new java.util.BitSet();
        for (int h = hosts.nextSetBit(0); h >= 0; h = hosts.nextSetBit(h + 1)) {
            racks.set(layout.hosts().get(h).rack());
        }
        for (int r = racks.nextSetBit(0); r >= 0; r = racks.nextSetBit(r + 1)) {
            RackBox rb = layout.racks().get(r);
            double w = Math.max(3, rb.w() * mx);
            double x = rb.x() * mx + rb.w() * mx / 2 - w / 2;
            gc.strokeRect(x - 0.75, rb.y() * my - 0.75, w + 1.5, rb.h() * my + 1.5);
        }
    }

    void showViewport(Viewport vp) {
        if (layout == null) {
            return;
        }
        double[] v = vp.visibleWorld();
        double mx = WIDTH / layout.width();
        double my = HEIGHT / layout.height();
        double x0 = Math.max(0, v[0] * mx);
        double y0 = Math.max(0, v[1] * my);
        double x1 = Math.min(WIDTH, v[2] * mx);
        double y1 = Math.min(HEIGHT, v[3] * my);
        viewport.setX(x0);
        viewport.setY(y0);
        viewport.setWidth(Math.max(3, x1 - x0));
        viewport.setHeight(Math.max(3, y1 - y0));
    }

    @Override
    protected void layoutChildren() {
        canvas.relocate(0, 0);
        marks.relocate(0, 0);
    }
}
