package org.topoplanner.app.desktop.fabric;

import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * The small card shown next to the pointer: name, kind, free/total and the jobs present. A
 * scene-graph overlay (not a popup window), so it works the same headless and on any platform.
 */
public final class HoverCard extends VBox {
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final GridPane facts = new GridPane();
    private final VBox jobs = new VBox(2);

    public HoverCard() {
        getStyleClass().add("hover-card");
        setId("hoverCard");
        title.getStyleClass().add("title");
        facts.setHgap(10);
        facts.setVgap(1);
        VBox.setMargin(facts, new Insets(4, 0, 0, 0));
        getChildren().addAll(title, subtitle, facts, jobs);
        setMouseTransparent(true);
        setManaged(false);
        setVisible(false);
    }

    /**
     * @param rows   label/value pairs; a value starting with "!" is shown as a warning
     * @param jobGpu job name to GPUs held there, largest first
     */
    public void show(String name, String kind, List<String[]> rows, Map<String, Integer> jobGpu,
                     java.util.function.Function<String, Color> colourOf, Palette palette) {
        title.setText(name);
        subtitle.setText(kind);
        facts.getChildren().clear();
        int r = 0;
        for (String[] row : rows) {
            Label k = new Label(row[0]);
            boolean warn = row[1].startsWith("!");
            Label v = new Label(warn ? row[1].substring(1) : row[1]);
            v.getStyleClass().add("value");
            if (warn) {
                v.setTextFill(palette.warning());
            }
            facts.addRow(r++, k, v);
        }
        jobs.getChildren().clear();
        int shown = 0;
        for (Map.Entry<String, Integer> e : jobGpu.entrySet()) {
            if (shown++ == 5) {
                jobs.getChildren().add(new Label("\u2026 and " + (jobGpu.size() - 5) + " more jobs"));
                break;
            }
            Rectangle swatch = new Rectangle(10, 10, colourOf.apply(e.getKey()));
            swatch.setArcWidth(3);
            swatch.setArcHeight(3);
            Label l = new Label(e.getKey() + "  \u00b7  " + e.getValue() + " GPU" + (e.getValue() == 1 ? "" : "s"));
            l.getStyleClass().add("value");
            HBox line = new HBox(6, swatch, l);
            line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            jobs.getChildren().add(line);
        }
        if (!jobGpu.isEmpty()) {
            VBox.setMargin(jobs, new Insets(4, 0, 0, 0));
        }
        applyCss();
        autosize();
        setVisible(true);
    }

    /** Places the card near the pointer, inside the owner's bounds. */
    void place(double px, double py, double ownerW, double ownerH) {
        autosize();
        double w = getWidth();
        double h = getHeight();
        double x = px + 16 + w > ownerW ? px - 16 - w : px + 16;
        double y = py + 16 + h > ownerH ? py - 16 - h : py + 16;
        relocate(Math.max(4, x), Math.max(4, y));
    }
}
