package org.topoplanner.app.desktop.fabric;

import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.input.DragEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.desktop.canvas.MoveGesture;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;

/**
 * The fabric view's mouse and keys: the wheel zooms around the pointer; dragging the background pans;
 * a click selects a switch or host (a double click also zooms to it) and opens up a rack block; a
 * press on a placed job's GPUs grabs it for a move ({@link MoveGesture}); hovering shows the card
 * ({@link FabricHover}); F, Z, +/- zoom, the arrows walk the selection through the fabric
 * ({@link FabricKeyboard}) and Escape gives up a move, else clears selection and search.
 */
final class FabricPointer {
    /** How far (in pixels, x plus y) a press travels before it is a drag rather than a click. */
    private static final double CLICK_SLOP = 3;
    private final FabricView view;
    private final FabricHover hover;
    private final MoveGesture<JobGrab, Point2D> move;
    private double pressX;
    private double pressY;
    private boolean panning;
    private boolean dragged;

    FabricPointer(FabricView view, FabricHover hover, MoveGesture<JobGrab, Point2D> move) {
        this.view = view;
        this.hover = hover;
        this.move = move;
    }

    /** Listens to the view's pointer and keys. */
    void install() {
        view.setOnScroll(this::onScroll);
        view.setOnMousePressed(this::onPressed);
        view.setOnMouseDragged(this::onDragged);
        view.setOnMouseReleased(this::onReleased);
        view.setOnMouseClicked(this::onClicked);
        view.setOnMouseMoved(this::onMoved);
        view.setOnMouseExited(e -> hover.hide());
        // No cards while something is dragged over the view: the ghost and the status bar speak then.
        view.addEventHandler(DragEvent.DRAG_OVER, e -> hover.hide());
        view.setOnKeyPressed(this::onKey);
    }

    private void onKey(KeyEvent e) {
        if (e.getCode() == KeyCode.F) {
            view.zoomToFit();
        } else if (e.getCode() == KeyCode.Z) {
            view.zoomToSelection();
        } else if (e.getCode() == KeyCode.PLUS || e.getCode() == KeyCode.EQUALS || e.getCode() == KeyCode.ADD) {
            view.zoomAt(1.25, view.getWidth() / 2, view.getHeight() / 2);
        } else if (e.getCode() == KeyCode.MINUS || e.getCode() == KeyCode.SUBTRACT) {
            view.zoomAt(0.8, view.getWidth() / 2, view.getHeight() / 2);
        } else if (arrow(e.getCode()) != null) {
            // the arrows walk the fabric (FabricKeyboard) instead of moving the focus out of the view
            FabricKeyboard.step(view.getLayout(), view.selectionProperty().get(), arrow(e.getCode())).ifPresent(name -> {
                view.selectionProperty().set(name);
                view.revealSelection();
            });
            e.consume();
        } else if (e.getCode() == KeyCode.ESCAPE) {
            if (move.cancel()) {
                e.consume();
                return;
            }
            view.selectionProperty().set(null);
            view.highlight("");
        }
    }

    private static FabricKeyboard.Step arrow(KeyCode k) {
        return switch (k) {
            case LEFT, KP_LEFT -> FabricKeyboard.Step.LEFT;
            case RIGHT, KP_RIGHT -> FabricKeyboard.Step.RIGHT;
            case UP, KP_UP -> FabricKeyboard.Step.UP;
            case DOWN, KP_DOWN -> FabricKeyboard.Step.DOWN;
            default -> null;
        };
    }

    private void onScroll(ScrollEvent e) {
        double factor = Math.pow(1.0018, e.getDeltaY());
        view.zoomAt(factor, e.getX(), e.getY());
        hover.hide();
        e.consume();
    }

    private void onPressed(MouseEvent e) {
        view.requestFocus();
        // Kept from the parents: a TabPane around the view would take the focus back on this press,
        // and the view's keys (Escape to cancel a move, F, Z, +/-) would go to the tabs.
        e.consume();
        hover.hide();
        pressX = e.getX();
        pressY = e.getY();
        dragged = false;
        FabricHits hits = view.hits();
        boolean primary = e.getButton() == MouseButton.PRIMARY;
        move.arm(primary && move.enabled() ? hits.jobAt(e.getX(), e.getY()) : null);
        panning = primary && !move.armed() && hits.switchIndexAt(e.getX(), e.getY()) < 0
                && (!view.levelOfDetail().hosts() || hits.hostIndexAt(e.getX(), e.getY()) < 0);
    }

    private void onDragged(MouseEvent e) {
        if (Math.abs(e.getX() - pressX) + Math.abs(e.getY() - pressY) > CLICK_SLOP) {
            dragged = true;
        }
        if (move.armed() && dragged) {
            move.dragTo(e.getX(), e.getY(), new Point2D(e.getX(), e.getY()));
        } else if (panning) {
            view.setViewport(view.viewport().panBy(e.getX() - pressX, e.getY() - pressY));
            pressX = e.getX();
            pressY = e.getY();
            hover.hide();
        }
    }

    private void onReleased(MouseEvent e) {
        panning = false;
        move.release(new Point2D(e.getX(), e.getY()));
    }

    private void onClicked(MouseEvent e) {
        if (dragged || e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        FabricLayout l = view.getLayout();
        FabricHits hits = view.hits();
        int s = hits.switchIndexAt(e.getX(), e.getY());
        int h = s < 0 ? hits.hostIndexAt(e.getX(), e.getY()) : -1;
        if (s >= 0) {
            view.selectionProperty().set(l.switches().get(s).name());
        } else if (h >= 0) {
            view.selectionProperty().set(l.hosts().get(h).name());
        } else {
            int r = hits.rackAt(e.getX(), e.getY());
            if (r >= 0) {
                // A rack block stands for hosts too small to click: open it up.
                view.zoomToRack(r);
                return;
            }
            view.selectionProperty().set(null);
        }
        if (e.getClickCount() == 2) {
            view.zoomToSelection();
        }
    }

    private void onMoved(MouseEvent e) {
        if (move.moving() != null) {
            return;
        }
        view.setCursor(move.enabled() && view.hits().jobAt(e.getX(), e.getY()) != null ? Cursor.OPEN_HAND : null);
        hover.pointerAt(e.getX(), e.getY());
    }
}
