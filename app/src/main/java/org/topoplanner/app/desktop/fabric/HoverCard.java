package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;
import org.controlsfx.control.PopOver.ArrowLocation;

/**
 * The card about the switch, host or rack under the pointer: a ControlsFX {@link PopOver} whose
 * arrow points at the item, shown once the pointer rests on it for {@link #DELAY} and kept up (only
 * re-aimed) while the pointer goes from item to item, as tooltips do.
 *
 * <p>The popover is a popup window: it never takes the keyboard focus from the view, and it neither
 * detaches nor eats the click that hides it, so pressing on the fabric under a card still selects,
 * pans or grabs a job with that same press.
 */
public final class HoverCard {
    /** How long the pointer rests on an item before its card shows. */
    public static final Duration DELAY = Duration.millis(350);
    private static final double WIDE_ITEM_PX = 120;

    private final PopOver popOver = new PopOver();
    private final VBox content = new VBox(2);
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final GridPane facts = new GridPane();
    private final VBox jobs = new VBox(2);
    private final PauseTransition delay = new PauseTransition(DELAY);
    private Node owner;
    private double anchorX;
    private double anchorY;
    private String subject;

    HoverCard() {
        content.getStyleClass().add("hover-card");
        content.setId("hoverCard");
        title.getStyleClass().add("title");
        subtitle.getStyleClass().add("subtitle");
        facts.setHgap(12);
        facts.setVgap(1);
        VBox.setMargin(facts, new Insets(5, 0, 0, 0));
        content.getChildren().addAll(title, subtitle, facts, jobs);
        content.setMinWidth(Region.USE_PREF_SIZE);
        popOver.setContentNode(content);
        popOver.getStyleClass().add("tp-themed");
        popOver.setDetachable(false);
        popOver.setAutoHide(true);
        popOver.setConsumeAutoHidingEvents(false);
        popOver.setHideOnEscape(true);
        popOver.setAnimated(true);
        popOver.setFadeInDuration(Duration.millis(120));
        popOver.setFadeOutDuration(Duration.millis(80));
        popOver.setArrowSize(8);
        popOver.setArrowIndent(10);
        popOver.setCornerRadius(6);
        popOver.setOnHidden(e -> subject = null);
        setTheme(Theme.LIGHT);
        delay.setOnFinished(e -> showNow());
    }

    /** Styles the card for a theme: the theme's tokens and the views' styles on the popup's own scene. */
    void setTheme(Theme theme) {
        List<String> sheets = new ArrayList<>();
        sheets.add(PopOver.class.getResource("popover.css").toExternalForm());
        sheets.addAll(theme.stylesheets());
        popOver.getRoot().getStylesheets().setAll(sheets);
    }

    /**
     * Fills the card.
     *
     * @param rows   label/value pairs; a value starting with "!" is shown as a warning
     * @param jobGpu job name to GPUs held there, largest first
     */
    void fill(String name, String kind, List<String[]> rows, Map<String, Integer> jobGpu,
              Function<String, Color> colourOf, Palette palette) {
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
            line.setAlignment(Pos.CENTER_LEFT);
            jobs.getChildren().add(line);
        }
        VBox.setMargin(jobs, jobGpu.isEmpty() ? Insets.EMPTY : new Insets(5, 0, 0, 0));
    }

    /**
     * Aims the card at an item of {@code view}: below it when the item is in the upper half, above it
     * otherwise, so the card never covers the pointer. A new subject shows after the delay, or at once
     * when a card is already up; the same subject again changes nothing.
     *
     * @param item     the item's bounds in the view's coordinates
     * @param pointerX the pointer, for items wider than a card's arrow can usefully point at the middle of
     */
    void aim(String subjectKey, Region view, Bounds item, double pointerX) {
        if (subjectKey.equals(subject) && (popOver.isShowing() || delay.getStatus() == PauseTransition.Status.RUNNING)) {
            return;
        }
        owner = view;
        double w = view.getWidth();
        double h = view.getHeight();
        double x = item.getWidth() > WIDE_ITEM_PX ? pointerX : item.getMinX() + item.getWidth() / 2;
        x = Math.max(0, Math.min(w, x));
        boolean below = item.getMinY() + item.getHeight() / 2 < h / 2;
        double y = below ? Math.min(h, item.getMaxY()) : Math.max(0, item.getMinY());
        String side = x < w / 3 ? "LEFT" : x > 2 * w / 3 ? "RIGHT" : "CENTER";
        popOver.setArrowLocation(ArrowLocation.valueOf((below ? "TOP_" : "BOTTOM_") + side));
        Point2D screen = view.localToScreen(x, y);
        anchorX = screen.getX();
        anchorY = screen.getY();
        if (popOver.isShowing()) {
            popOver.show(owner, anchorX, anchorY, Duration.ZERO);
        } else {
            delay.playFromStart();
        }
        // After show: re-showing hides the popover first, and hiding forgets the subject.
        subject = subjectKey;
    }

    private void showNow() {
        if (owner != null && owner.getScene() != null && owner.getScene().getWindow() != null
                && owner.getScene().getWindow().isShowing()) {
            popOver.show(owner, anchorX, anchorY);
        }
    }

    /** Hides the card, and forgets a card that was about to show. */
    void hide() {
        delay.stop();
        if (popOver.isShowing()) {
            // At once, not faded: a fade-out still running would hide the next card shown meanwhile.
            popOver.setAnimated(false);
            popOver.hide();
            popOver.setAnimated(true);
        }
        subject = null;
    }

    /** True while the card is up. */
    public boolean isShowing() {
        return popOver.isShowing();
    }

    /** The card's content (title, facts, jobs), for tests and lookups. */
    public Node content() {
        return content;
    }

    /** The popover itself (its window), for screenshots. */
    PopOver popOver() {
        return popOver;
    }
}
