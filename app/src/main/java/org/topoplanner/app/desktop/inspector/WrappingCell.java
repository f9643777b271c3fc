package org.topoplanner.app.desktop.inspector;

import javafx.scene.control.Control;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;

/**
 * A table cell whose text wraps to its column's width (the row grows) and whose tooltip holds the
 * whole text: a violation's sentence or a policy's reason in the narrow inspector is read whole
 * instead of cut to "…".
 *
 * @param <T> the row type
 */
class WrappingCell<T> extends TableCell<T, String> {
    private final Text text = new Text();
    /**
     * The whole text, made once per cell and given each new item's text: a new tooltip per update (its
     * popup window, its CSS) was most of what the every-policy table's rows cost the FX thread (issue 15).
     */
    private Tooltip whole;

    WrappingCell() {
        text.getStyleClass().add("wrapping-cell-text");
        // the cell's own text colour, so selection and the themes apply to the wrapped text too
        text.fillProperty().bind(textFillProperty());
        text.fontProperty().bind(fontProperty());
        setPrefHeight(Control.USE_COMPUTED_SIZE);
        tableColumnProperty().addListener((o, was, column) -> {
            text.wrappingWidthProperty().unbind();
            if (column != null) {
                text.wrappingWidthProperty().bind(column.widthProperty().subtract(12));
            }
        });
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            text.setText(null);
            setGraphic(null);
            setTooltip(null);
            return;
        }
        text.setText(item);
        setGraphic(text);
        setText(null);
        if (item.isBlank()) {
            setTooltip(null);
            return;
        }
        if (whole == null) {
            whole = new Tooltip();
        }
        whole.setText(item);
        setTooltip(whole);
    }

    /** The text as laid out in the cell, for tests. */
    Text wrapped() {
        return text;
    }
}
