package org.topoplanner.app.desktop.diagnostics;

import java.util.List;
import java.util.function.BiConsumer;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.topoplanner.importers.merge.ConflictOption;
import org.topoplanner.importers.merge.SourceConflict;

/**
 * The conflicts of an import as a table: what the sources disagree on, what each says (the one in
 * use marked), and a choice box to use another. A choice is handed to {@code onChoice}; the caller
 * merges again and calls {@link #show} with the new conflicts, which carry the new choice, so the
 * table never shows a choice the cluster does not follow.
 */
public final class ConflictsPane {
    private final TableView<SourceConflict> table;
    private final BiConsumer<SourceConflict, ConflictOption> onChoice;

    public ConflictsPane(List<SourceConflict> conflicts, BiConsumer<SourceConflict, ConflictOption> onChoice) {
        this.onChoice = onChoice;
        table = new TableView<>(FXCollections.observableArrayList(conflicts));
        table.setId("conflictsTable");
        table.getStyleClass().add("conflicts-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("The sources agree: nothing to decide."));
        table.getColumns().setAll(List.of(subjectColumn(), choiceColumn(), saysColumn()));
    }

    public Node node() {
        return table;
    }

    public TableView<SourceConflict> table() {
        return table;
    }

    /** Shows the conflicts of the latest merge. */
    public void show(List<SourceConflict> conflicts) {
        table.getItems().setAll(conflicts);
    }

    /** Lets choices be made or not, e.g. while a merge runs. */
    public void setChoosable(boolean choosable) {
        table.setDisable(!choosable);
    }

    private static TableColumn<SourceConflict, String> subjectColumn() {
        TableColumn<SourceConflict, String> c = new TableColumn<>("Conflict");
        c.setCellValueFactory(d -> new SimpleStringProperty(d.getValue().subject()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                setTooltip(empty || s == null ? null : new Tooltip(s));
                setWrapText(true);
            }
        });
        c.setPrefWidth(220);
        return c;
    }

    private TableColumn<SourceConflict, SourceConflict> choiceColumn() {
        TableColumn<SourceConflict, SourceConflict> c = new TableColumn<>("Use");
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(d.getValue()));
        c.setCellFactory(col -> new ChoiceCell());
        c.setSortable(false);
        c.setPrefWidth(190);
        c.setMinWidth(150);
        return c;
    }

    private static TableColumn<SourceConflict, SourceConflict> saysColumn() {
        TableColumn<SourceConflict, SourceConflict> c = new TableColumn<>("What each source says");
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(d.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(SourceConflict conflict, boolean empty) {
                super.updateItem(conflict, empty);
                setText(null);
                setGraphic(empty || conflict == null ? null : says(conflict));
            }
        });
        c.setSortable(false);
        c.setPrefWidth(480);
        return c;
    }

    /**
     * Per option its name, then what it says beneath, the one in use marked: two short lines each
     * rather than one wrapped line, because a table row sizes itself before it knows its width.
     */
    private static Node says(SourceConflict conflict) {
        VBox lines = new VBox(0);
        for (ConflictOption o : conflict.options()) {
            boolean inUse = o.id().equals(conflict.chosen());
            Label name = new Label((inUse ? "\u25CF " : "\u25CB ") + o.label());
            name.getStyleClass().add(inUse ? "conflict-in-use" : "conflict-other");
            Label says = new Label(o.says());
            says.getStyleClass().add("conflict-says");
            Tooltip full = new Tooltip(o.id() + "\n" + o.says());
            name.setTooltip(full);
            says.setTooltip(full);
            lines.getChildren().addAll(name, says);
        }
        return lines;
    }

    /** A choice box of the conflict's options showing the one in use; picking another asks for a merge. */
    private final class ChoiceCell extends TableCell<SourceConflict, SourceConflict> {
        private final ComboBox<ConflictOption> box = new ComboBox<>();
        private boolean filling;

        ChoiceCell() {
            box.getStyleClass().add("conflict-choice");
            box.setMaxWidth(Double.MAX_VALUE);
            box.setConverter(new StringConverter<>() {
                @Override
                public String toString(ConflictOption o) {
                    return o == null ? "" : o.label();
                }

                @Override
                public ConflictOption fromString(String s) {
                    throw new UnsupportedOperationException("the choice box is not editable");
                }
            });
            box.valueProperty().addListener((o, was, now) -> {
                SourceConflict conflict = getItem();
                if (!filling && now != null && conflict != null && !now.id().equals(conflict.chosen())) {
                    onChoice.accept(conflict, now);
                }
            });
        }

        @Override
        protected void updateItem(SourceConflict conflict, boolean empty) {
            super.updateItem(conflict, empty);
            setText(null);
            if (empty || conflict == null) {
                setGraphic(null);
                return;
            }
            filling = true;
            box.getItems().setAll(conflict.options());
            box.setValue(conflict.chosenOption());
            box.setId("conflictChoice-" + getIndex());
            filling = false;
            setGraphic(box);
        }
    }
}
