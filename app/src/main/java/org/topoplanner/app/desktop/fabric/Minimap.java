package org.topoplanner.app.desktop.fabric;

import java.util.function.BiConsumer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
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
    private FabricLayout layout;
    private BiConsumer<Double, Double> onJump = (x, y) -> { };

    public Minimap() {
        getStyleClass().add("minimap");
        setId("minimap");
        viewport.getStyleClass().add("minimap-viewport");
        viewport.setMouseTransparent(true);
        viewport.setOpacity(0.85);
        getChildren().addAll(canvas, viewport);
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
    }
}
