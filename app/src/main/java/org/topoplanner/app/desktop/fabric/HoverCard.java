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
import javafx.stage.WindowEvent;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;
import org.controlsfx.control.PopOver.ArrowLocation;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.canvas.Theme;

/**
 * The card about the switch, host or rack under the pointer: a ControlsFX {@link PopOver} whose
 * arrow points at the item, shown once the pointer rests on it for {@link #DELAY} and kept up (only
 * re-aimed) while the pointer goes from item to item, as tooltips do.
 *
 * <p>The popover is a popup window: it never takes the keyboard focus from the view, and it neither
 * detaches nor eats the click that hides it, so pressing on the fabric under a card still selects,
 * pans or grabs a job with that same press.
 *
 * <p>One popover is reused and only its content is swapped, but ControlsFX's {@code PopOver} adds a
 * new click handler to its own scene every time its window is shown (in its on-shown handler,
 * ControlsFX 11.2): a long session of hovering, one card after another, would pile up thousands of
 * them, each run on every click on the card's margin. There is no way to remove them from outside, so
 * after {@link #SHOWS_PER_POPOVER} shows the card moves its content to a fresh popover and lets the
 * old one, handlers and all, be collected.
 */
public final class HoverCard {
    /** How long the pointer rests on an item before its card shows. */
    public static final Duration DELAY = Duration.millis(350);
    private static final double WIDE_ITEM_PX = 120;
    /** Shows after which the card moves to a fresh popover (see above). */
    static final int SHOWS_PER_POPOVER = 32;

    /** Made when the first card is aimed: the window's start shows none (issue 15). */
    private PopOver popOver;
    private int shows;
    private Theme theme = Theme.LIGHT;
    private final VBox content = new VBox(2);
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final GridPane facts = new GridPane();
    private final VBox jobs = new VBox(2);
    private final PauseTransition delay;
    private Node owner;
    private double anchorX;
    private double anchorY;
    private String subject;
    private boolean enabled = true;

    HoverCard() {
        this(DELAY);
    }

    /** A card that shows after resting for {@code rest} (tests use a short one). */
    HoverCard(Duration rest) {
        delay = new PauseTransition(rest);
        content.getStyleClass().add("hover-card");
        content.setId("hoverCard");
        title.getStyleClass().add("title");
        subtitle.getStyleClass().add("subtitle");
        facts.setHgap(12);
        facts.setVgap(1);
        VBox.setMargin(facts, new Insets(5, 0, 0, 0));
        content.getChildren().addAll(title, subtitle, facts, jobs);
        content.setMinWidth(Region.USE_PREF_SIZE);
        delay.setOnFinished(e -> showNow());
    }

    private PopOver newPopOver() {
        PopOver p = new PopOver();
        p.setContentNode(content);
        p.getStyleClass().add("tp-themed");
        p.setDetachable(false);
        p.setAutoHide(true);
        p.setConsumeAutoHidingEvents(false);
        p.setHideOnEscape(true);
        p.setAnimated(true);
        p.setFadeInDuration(Duration.millis(120));
        p.setFadeOutDuration(Duration.millis(80));
        p.setArrowSize(8);
        p.setArrowIndent(10);
        p.setCornerRadius(6);
        p.setOnHidden(e -> subject = null);
        // Counted as ControlsFX does it: each time the window shows, it adds a handler.
        p.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> shows++);
        p.getRoot().getStylesheets().setAll(stylesheets(theme));
        return p;
    }

    /** Styles the card for a theme: the theme's tokens and the views' styles on the popup's own scene. */
    void setTheme(Theme t) {
        theme = t;
        if (popOver != null) {
            popOver.getRoot().getStylesheets().setAll(stylesheets(t));
        }
    }

    private static List<String> stylesheets(Theme t) {
        List<String> sheets = new ArrayList<>();
        sheets.add(PopOver.class.getResource("popover.css").toExternalForm());
        sheets.addAll(t.stylesheets());
        return sheets;
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
        if (!enabled) {
            return;
        }
        if (subjectKey.equals(subject) && (isShowing() || delay.getStatus() == PauseTransition.Status.RUNNING)) {
            return;
        }
        if (popOver == null) {
            popOver = newPopOver();
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
            renewIfWorn();
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
            renewIfWorn();
            popOver.show(owner, anchorX, anchorY);
        }
    }

    /**
     * Moves the card to a fresh popover once the current one has been shown {@link #SHOWS_PER_POPOVER}
     * times. Called just before a show, so a card that is up is shown again at once by the new popover
     * in the same pulse and does not blink.
     */
    private void renewIfWorn() {
        if (shows < SHOWS_PER_POPOVER) {
            return;
        }
        PopOver worn = popOver;
        if (worn.isShowing()) {
            worn.setAnimated(false);
            worn.hide();
        }
        // Let go of the content, or the worn popover's skin would keep it (and fight the new one for it).
        worn.setContentNode(new Region());
        popOver = newPopOver();
        shows = 0;
    }

    /** Hides the card, and forgets a card that was about to show. */
    void hide() {
        delay.stop();
        if (isShowing()) {
            // At once, not faded: a fade-out still running would hide the next card shown meanwhile.
            popOver.setAnimated(false);
            popOver.hide();
            popOver.setAnimated(true);
        }
        subject = null;
    }

    /** True while the card is up. */
    public boolean isShowing() {
        return popOver != null && popOver.isShowing();
    }

    /**
     * Turns the cards off (and hides one that is up) or on again. The window tests that press on the
     * fabric turn them off: TestFX moves the pointer in steps, and on a loaded machine it can rest on a
     * host long enough for that host's card to open over the point it is heading for, which then takes
     * the press.
     */
    public void setEnabled(boolean on) {
        enabled = on;
        if (!on) {
            hide();
        }
    }

    /** True while a card waits out its {@link #DELAY} and will then show (tests check that none is coming). */
    public boolean isPending() {
        return delay.getStatus() == PauseTransition.Status.RUNNING;
    }

    /** The card's content (title, facts, jobs), for tests and lookups. */
    public Node content() {
        return content;
    }

    /** The popover now carrying the card (its window), for screenshots and tests; made if no card was aimed yet. */
    PopOver popOver() {
        if (popOver == null) {
            popOver = newPopOver();
        }
        return popOver;
    }
}
