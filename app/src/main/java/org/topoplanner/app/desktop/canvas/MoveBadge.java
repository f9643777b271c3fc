package org.topoplanner.app.desktop.canvas;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;

/**
 * The label that follows the pointer while a placed job is moved by hand (in the fabric view and in the
 * node view): which job and whose share, edged in the colour of the verdict on the spot under the pointer.
 */
public final class MoveBadge extends Label {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid");
    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("warning");
    private static final PseudoClass IMPOSSIBLE = PseudoClass.getPseudoClass("impossible");

    public MoveBadge() {
        getStyleClass().add("move-badge");
        setId("moveBadge");
        setManaged(false);
        setMouseTransparent(true);
        setVisible(false);
    }

    public void show(String text) {
        setText(text);
        verdict(null);
        setVisible(true);
    }

    /** Shows the verdict on the target under the pointer; {@code null} when there is none. */
    public void verdict(GhostState state) {
        pseudoClassStateChanged(VALID, state == GhostState.VALID);
        pseudoClassStateChanged(WARNING, state == GhostState.WARNING);
        pseudoClassStateChanged(IMPOSSIBLE, state == GhostState.IMPOSSIBLE);
    }

    /** Places the badge below-right of the pointer, flipped to stay inside a view of the given size. */
    public void follow(double px, double py, double viewW, double viewH) {
        applyCss();
        autosize();
        double w = getWidth();
        double h = getHeight();
        double x = px + 16 + w > viewW ? px - 12 - w : px + 16;
        double y = py + 18 + h > viewH ? py - 12 - h : py + 18;
        relocate(Math.max(2, x), Math.max(2, y));
    }
}
