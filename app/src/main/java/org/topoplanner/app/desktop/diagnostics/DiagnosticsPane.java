package org.topoplanner.app.desktop.diagnostics;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * The findings of an import as a table (severity, file, line:column, message) over a
 * {@link SourceExcerptView} that jumps to the selected finding's file and line. Selecting a row,
 * by click, arrow keys or Enter on the focused row (the table's own key map selects it), shows its
 * place; the first finding is shown at once.
 */
public final class DiagnosticsPane {
    private final TableView<Diagnostic> table;
    private final SplitPane root;

    public DiagnosticsPane(List<Diagnostic> diagnostics, SourceExcerptView source) {
        table = new TableView<>(FXCollections.observableArrayList(diagnostics));
        table.setPlaceholder(new javafx.scene.control.Label("No findings: every file was read without a warning."));
        table.setId("diagnosticsTable");
        table.getStyleClass().add("diagnostics-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(List.of(severityColumn(), fileColumn(), placeColumn(),
                text("Message", d -> ShortPaths.of(d.message()), 520)));
        table.setRowFactory(t -> new SeverityRow());
        table.getSelectionModel().selectedItemProperty().addListener((o, was, d) -> {
            if (d == null) {
                source.clear();
            } else {
                source.show(d);
            }
        });
        root = new SplitPane(table, source.node());
        root.setOrientation(Orientation.VERTICAL);
        root.setDividerPositions(0.42);
        root.getStyleClass().add("diagnostics-pane");
        if (!diagnostics.isEmpty()) {
            table.getSelectionModel().select(0);
        }
    }

    public Node node() {
        return root;
    }

    public TableView<Diagnostic> table() {
        return table;
    }

    /**
     * Shows the findings of a new merge of the same sources (after a conflict was answered): the
     * selected finding stays selected when it is still there, else the first is shown.
     */
    public void show(List<Diagnostic> diagnostics) {
        Diagnostic selected = table.getSelectionModel().getSelectedItem();
        table.getItems().setAll(diagnostics);
        int again = selected == null ? -1 : diagnostics.indexOf(selected);
        if (again >= 0) {
            table.getSelectionModel().select(again);
        } else if (!diagnostics.isEmpty()) {
            table.getSelectionModel().select(0);
        }
    }

    private static TableColumn<Diagnostic, Severity> severityColumn() {
        TableColumn<Diagnostic, Severity> c = new TableColumn<>("Severity");
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(d.getValue().severity()));
        c.setComparator(Comparator.naturalOrder());
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Severity s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : s.word());
                setGraphic(empty || s == null ? null : icon(s));
            }
        });
        c.setPrefWidth(96);
        c.setMinWidth(86);
        return c;
    }

    /** A round badge with a glyph, coloured by severity in the theme's danger, warning and accent colours. */
    static Node icon(Severity s) {
        Label glyph = new Label(switch (s) {
            case ERROR -> "\u2715";
            case WARNING -> "!";
            case INFO -> "i";
        });
        glyph.getStyleClass().add("severity-glyph");
        StackPane badge = new StackPane(glyph);
        badge.getStyleClass().addAll("severity-icon", "severity-" + s.word());
        badge.setAlignment(Pos.CENTER);
        return badge;
    }

    private static TableColumn<Diagnostic, String> fileColumn() {
        TableColumn<Diagnostic, String> c = text("File", d -> d.path().isBlank() ? "\u2014"
                : SourceExcerptView.fileName(d.path()), 150);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String name, boolean empty) {
                super.updateItem(name, empty);
                setText(empty ? null : name);
                Diagnostic d = empty || getTableRow() == null ? null : getTableRow().getItem();
                setTooltip(d == null || d.path().isBlank() ? null : new Tooltip(d.path()));
            }
        });
        return c;
    }

    private static TableColumn<Diagnostic, Diagnostic> placeColumn() {
        TableColumn<Diagnostic, Diagnostic> c = new TableColumn<>("Line:Col");
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(d.getValue()));
        c.setComparator(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Diagnostic d, boolean empty) {
                super.updateItem(d, empty);
                setText(empty || d == null ? null : d.line() == 0 ? "\u2014"
                        : d.line() + (d.column() > 0 ? ":" + d.column() : ""));
            }
        });
        c.getStyleClass().add("place-column");
        c.setPrefWidth(76);
        c.setMinWidth(64);
        return c;
    }

    private static TableColumn<Diagnostic, String> text(String name, Function<Diagnostic, String> f, double width) {
        TableColumn<Diagnostic, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** Marks the row with its severity, so the theme can tint errors. */
    private static final class SeverityRow extends TableRow<Diagnostic> {
        @Override
        protected void updateItem(Diagnostic d, boolean empty) {
            super.updateItem(d, empty);
            for (Severity s : Severity.values()) {
                pseudoClassStateChanged(SourceExcerptView.severity(s), !empty && d != null && d.severity() == s);
            }
            // the Message column cuts paths to file names; the whole message stays one hover away
            setTooltip(empty || d == null ? null : new Tooltip(d.message()));
        }
    }
}
