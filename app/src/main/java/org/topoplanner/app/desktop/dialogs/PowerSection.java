package org.topoplanner.app.desktop.dialogs;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.topoplanner.app.plan.PowerBill;
import org.topoplanner.app.plan.PowerLine;

/**
 * The power part of New cluster…'s bill: a line per host kind and switch tier and the total, each line's
 * tooltip saying whether its figure is a maximum, a typical draw or an estimate, and which document it is from.
 */
final class PowerSection {
    private final VBox lines = new VBox(2);
    private final Label total = new Label();
    private final VBox box;

    PowerSection() {
        Label title = new Label("Power");
        title.getStyleClass().add("section-title");
        lines.setId("powerLines");
        total.setId("powerTotal");
        total.setWrapText(true);
        total.setMinHeight(Region.USE_PREF_SIZE);
        total.setStyle("-fx-font-weight: bold");
        box = new VBox(4, title, lines, total);
    }

    Node node() {
        return box;
    }

    void show(PowerBill bill) {
        lines.getChildren().clear();
        for (PowerLine l : bill.lines()) {
            Label label = new Label(l.text());
            label.setWrapText(true);
            label.setMinHeight(Region.USE_PREF_SIZE);
            label.setTooltip(sourceTip(l.detail()));
            lines.getChildren().add(label);
        }
        total.setText(bill.totalText());
        total.setTooltip(sourceTip("Each line is sized with the maximum where the data sheet gives one, else an "
                + "estimate, else the typical draw; hover a line for its figure's kind and source."));
    }

    void clear() {
        lines.getChildren().clear();
        total.setText("");
        total.setTooltip(null);
    }

    private static Tooltip sourceTip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(460);
        t.setShowDelay(Duration.millis(300));
        t.setShowDuration(Duration.INDEFINITE);
        return t;
    }
}
