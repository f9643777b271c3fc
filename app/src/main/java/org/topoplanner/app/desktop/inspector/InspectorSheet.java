package org.topoplanner.app.desktop.inspector;

import java.util.Comparator;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Accordion;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TitledPane;
import org.controlsfx.control.PropertySheet;
import org.controlsfx.property.editor.AbstractPropertyEditor;

/**
 * A ControlsFX {@link PropertySheet} set up for the inspector: read-only {@link InspectorProperty}
 * items in categories of a fixed order, values as wrapping text rather than greyed-out fields, no
 * search box or mode switch.
 *
 * <p>The sheet shows its categories as an accordion and rebuilds it, with the first category open,
 * whenever its items change. The inspector's items change on every edit, so the category the user
 * opened is remembered and opened again after each rebuild.
 */
final class InspectorSheet {
    private final PropertySheet sheet = new MeasuredSheet();
    private String openCategory;

    /**
     * @param id         the sheet's node id
     * @param categories the categories in the order shown; others follow alphabetically
     * @param open       the category open at first, or null for the first one
     */
    InspectorSheet(String id, List<String> categories, String open) {
        this.openCategory = open;
        sheet.setId(id);
        sheet.getStyleClass().add("inspector-sheet");
        sheet.setMode(PropertySheet.Mode.CATEGORY);
        sheet.setModeSwitcherVisible(false);
        sheet.setSearchBoxVisible(false);
        sheet.setCategoryComparator(Comparator.<String>comparingInt(c -> {
            int i = categories.indexOf(c);
            return i < 0 ? categories.size() : i;
        }).thenComparing(Comparator.naturalOrder()));
        sheet.setPropertyEditorFactory(ValueText::new);
        sheet.managedProperty().bind(sheet.visibleProperty());
        sheet.setVisible(false);
        sheet.skinProperty().addListener((o, was, skin) -> reopen());
    }

    Node node() {
        return sheet;
    }

    /** Shows {@code items}; the sheet is hidden when there are none. */
    void show(List<InspectorProperty> items) {
        sheet.setVisible(!items.isEmpty());
        if (!sheet.getItems().equals(items)) {
            sheet.getItems().setAll(items);
            reopen();
        }
    }

    private void reopen() {
        if (!(sheet.lookup(".scroll-pane") instanceof ScrollPane scroller)
                || !(scroller.getContent() instanceof Accordion accordion)) {
            return;
        }
        // Rebuilt on every edit: sliding panes open and shut each time would flicker.
        accordion.getPanes().forEach(p -> p.setAnimated(false));
        accordion.getPanes().stream().filter(p -> p.getText().equals(openCategory)).findFirst()
                .ifPresent(accordion::setExpandedPane);
        accordion.expandedPaneProperty().addListener((o, was, now) -> remember(now));
    }

    private void remember(TitledPane now) {
        if (now != null) {
            openCategory = now.getText();
        }
    }

    /**
     * A sheet as tall as its rows at the width it is given. The sheet's skin measures its rows
     * unwrapped, so wrapped values (hostlists, sentences) would make it scroll inside the already
     * scrolling inspector; declaring the height to depend on the width lets the inspector's box
     * ask for the height at the real width.
     */
    private static final class MeasuredSheet extends PropertySheet {
        @Override
        public Orientation getContentBias() {
            return Orientation.HORIZONTAL;
        }

        @Override
        protected double computePrefHeight(double width) {
            if (width > 0 && lookup(".scroll-pane") instanceof ScrollPane scroller && scroller.getContent() != null) {
                Insets in = scroller.getInsets();
                return snappedTopInset() + in.getTop() + scroller.getContent().prefHeight(
                        width - snappedLeftInset() - snappedRightInset() - in.getLeft() - in.getRight())
                        + in.getBottom() + snappedBottomInset();
            }
            return super.computePrefHeight(width);
        }
    }

    /** A read-only value as text that wraps, so a long hostlist or sentence stays readable. */
    private static final class ValueText extends AbstractPropertyEditor<Object, Label> {
        ValueText(PropertySheet.Item item) {
            super(item, new Label(), true);
            getEditor().setWrapText(true);
            getEditor().getStyleClass().add("property-value");
        }

        @Override
        @SuppressWarnings("unchecked")
        protected ObservableValue<Object> getObservableValue() {
            return (ObservableValue<Object>) (ObservableValue<?>) getEditor().textProperty();
        }

        @Override
        public void setValue(Object value) {
            String text = value == null ? "" : value.toString();
            getEditor().setText(text.isEmpty() ? "\u2014" : text);
        }
    }
}
