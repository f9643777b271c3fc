package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.LinkBundle;
import org.topoplanner.model.fabric.LinkSpeed;

/**
 * The key to the fabric picture: which colour is which job, and which line is which cable class. Zoomed
 * in, it folds to one line ("Key ▸", a click opens it) so that it does not cover the switches and racks
 * the view now names; at fit it has its own strip and is open.
 */
public final class FabricLegend extends VBox {
    private static final int MAX_JOBS = 8;
    private final List<Node> key = new ArrayList<>();
    private final Label folded = new Label("Key \u25b8");
    private boolean zoomedIn;
    private boolean openedByHand;

    public FabricLegend() {
        super(3);
        getStyleClass().add("view-legend");
        setId("fabricLegend");
        setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        folded.setId("legendFolded");
        folded.getStyleClass().add("legend-title");
        setOnMouseClicked(e -> {
            openedByHand = !openedByHand;
            show();
        });
    }

    /** Whether the view shows less than the whole fabric (the key folds then, unless opened by hand). */
    void zoomedIn(boolean in) {
        if (in != zoomedIn) {
            zoomedIn = in;
            openedByHand = false;
            show();
        }
    }

    /** True while only the "Key ▸" line is shown. */
    public boolean isFolded() {
        return zoomedIn && !openedByHand && !key.isEmpty();
    }

    private void show() {
        if (isFolded()) {
            getChildren().setAll(folded);
        } else {
            getChildren().setAll(key);
        }
        setVisible(!key.isEmpty());
    }

    void update(FabricLayout layout, Occupancy occupancy, Palette p) {
        getChildren().clear();
        if (!occupancy.jobs().isEmpty()) {
            getChildren().add(title("Jobs"));
            int n = 0;
            for (String job : occupancy.jobs()) {
                if (occupancy.gpusHeld(job) == 0) {
                    continue;
                }
                if (n++ == MAX_JOBS) {
                    getChildren().add(new Label("\u2026 " + (occupancy.jobs().size() - MAX_JOBS) + " more"));
                    break;
                }
                getChildren().add(swatch(p.jobColour(occupancy, job), job + "  " + occupancy.gpusHeld(job) + " GPUs"));
            }
            getChildren().add(swatch(p.token("-tp-gpu-free"), "free GPU"));
        }
        Map<Integer, String> classes = new LinkedHashMap<>();
        for (LinkBundle b : layout.links()) {
            int cls = LinkPainter.classOf(b);
            // the words once per class, not per bundle: formatting them for each of 21,000 bundles of a
            // 16,384-host fabric cost the FX thread a tenth of a second per import
            if (cls != 15 && !classes.containsKey(cls)) {
                classes.put(cls, b.speed() == LinkSpeed.UNKNOWN ? "speed unknown" : b.speed().label(b.width()) + rate(b));
            }
        }
        boolean over = layout.links().stream().anyMatch(LinkBundle::oversubscribed);
        if (!classes.isEmpty()) {
            getChildren().add(title("Cables"));
            classes.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> getChildren().add(line(LinkPainter.colourOf(e.getKey(), p),
                            LinkPainter.widthOf(e.getKey()), e.getValue())));
            if (over) {
                getChildren().add(line(LinkPainter.colourOf(15, p), LinkPainter.widthOf(15),
                        "uplink of oversubscribed switch"));
            }
            getChildren().add(new Label("\u00d7n  parallel cables"));
        }
        if (!layout.nvlink().isEmpty()) {
            // the enclosures alternate two colours so that neighbours part; the key names what they are
            getChildren().add(title("NVLink domains"));
            getChildren().add(dashed(p.accent(), layout.nvlink().domainCount() + " multi-node NVLink "
                    + (layout.nvlink().domainCount() == 1 ? "domain" : "domains") + " (GPUs at NVLink speed)"));
        }
        key.clear();
        key.addAll(getChildren());
        show();
    }

    private static String rate(LinkBundle b) {
        double per = b.width().lanes() * b.speed().dataGbpsPerLane();
        return per > 0 ? String.format(java.util.Locale.ROOT, "  %.0f Gb/s", per) : "";
    }

    private static Label title(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("legend-title");
        return l;
    }

    private static HBox swatch(javafx.scene.paint.Color c, String text) {
        Rectangle r = new Rectangle(12, 10, c);
        r.setArcWidth(3);
        r.setArcHeight(3);
        HBox box = new HBox(6, r, new Label(text));
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static HBox dashed(javafx.scene.paint.Color c, String text) {
        Rectangle r = new Rectangle(16, 10, javafx.scene.paint.Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.07));
        r.setStroke(c);
        r.getStrokeDashArray().setAll(4.0, 2.0);
        r.setArcWidth(4);
        r.setArcHeight(4);
        HBox box = new HBox(6, r, new Label(text));
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static HBox line(javafx.scene.paint.Color c, double width, String text) {
        Line l = new Line(0, 0, 18, 0);
        l.setStroke(c);
        l.setStrokeWidth(width);
        HBox box = new HBox(6, l, new Label(text));
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
