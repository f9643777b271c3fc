package org.topoplanner.app.desktop.diagnostics;

import java.util.List;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * A read-only viewer of the lines around a diagnostic: line numbers in a gutter, the diagnostic's
 * line highlighted in its severity's colour and scrolled into view, its column marked. The lines
 * are read off the FX thread by a {@link SourceExcerptReader}, and only the newest selection's lines
 * are shown, so clicking down a long list of findings in a big file stays responsive.
 */
public final class SourceExcerptView {
    static final PseudoClass TARGET = PseudoClass.getPseudoClass("target");

    private final BackgroundRefresh<SourceExcerpt> reading;
    private final SourceExcerptReader reader;
    private final VBox root = new VBox();
    private final Label where = new Label();
    private final Label note = new Label();
    private final ListView<SourceLine> lines = new ListView<>();
    private final Label placeholder = new Label("Select a finding to see its place in the file.");
    private int target;
    private int column;
    private int gutterDigits = 1;

    public SourceExcerptView(BackgroundRefresh<SourceExcerpt> reading, SourceExcerptReader reader) {
        this.reading = reading;
        this.reader = reader;
        root.getStyleClass().add("source-excerpt");
        where.getStyleClass().add("source-where");
        where.setMaxWidth(Double.MAX_VALUE);
        note.getStyleClass().add("source-note");
        note.managedProperty().bind(note.visibleProperty());
        note.setVisible(false);
        placeholder.getStyleClass().add("source-placeholder");
        placeholder.setWrapText(true);
        lines.setId("sourceLines");
        lines.getStyleClass().add("source-lines");
        lines.setPlaceholder(placeholder);
        lines.setCellFactory(l -> new LineCell());
        VBox.setVgrow(lines, Priority.ALWAYS);
        root.getChildren().addAll(where, note, lines);
    }

    public Node node() {
        return root;
    }

    /** Reads and shows the place of {@code d}; what an earlier call was still reading is dropped. */
    public void show(Diagnostic d) {
        where.setText(d.path().isBlank() ? "(no file)" : fileName(d.path()) + place(d));
        where.setTooltip(d.path().isBlank() ? null : new Tooltip(d.path()));
        for (Severity s : Severity.values()) {
            lines.pseudoClassStateChanged(severity(s), s == d.severity());
        }
        showPlaceholder(d.path().isBlank() ? "" : "Reading " + fileName(d.path()) + "\u2026");
        reading.request(() -> reader.read(d), this::render,
                e -> showPlaceholder("Cannot read " + d.path() + ": " + e.getMessage()));
    }

    /** Shows nothing, and forgets any read still under way. */
    public void clear() {
        reading.cancel();
        where.setText("");
        showPlaceholder("Select a finding to see its place in the file.");
    }

    private void render(SourceExcerpt excerpt) {
        if (excerpt instanceof SourceExcerpt.Unavailable u) {
            showPlaceholder(u.reason());
            return;
        }
        SourceExcerpt.Lines l = (SourceExcerpt.Lines) excerpt;
        if (l.lines().isEmpty()) {
            showPlaceholder(l.note().isEmpty() ? "The file is empty." : l.note());
            return;
        }
        note.setText(l.note());
        note.setVisible(!l.note().isEmpty());
        target = l.target();
        column = l.column();
        gutterDigits = String.valueOf(l.lines().get(l.lines().size() - 1).number()).length();
        placeholder.getStyleClass().remove("source-unavailable");
        lines.getItems().setAll(l.lines());
        int at = l.targetIndex();
        lines.getSelectionModel().clearSelection();
        if (at >= 0) {
            lines.getFocusModel().focus(at);
            // A few lines of context above the highlighted one, as an editor shows it.
            lines.scrollTo(Math.max(0, at - 4));
        } else {
            lines.scrollTo(0);
        }
    }

    private void showPlaceholder(String text) {
        lines.getItems().clear();
        note.setVisible(false);
        placeholder.setText(text);
        if (!placeholder.getStyleClass().contains("source-unavailable")) {
            placeholder.getStyleClass().add("source-unavailable");
        }
    }

    static PseudoClass severity(Severity s) {
        return PseudoClass.getPseudoClass(s.word());
    }

    private static String place(Diagnostic d) {
        if (d.line() == 0) {
            return "  \u2014  the whole file";
        }
        return "  \u2014  line " + d.line() + (d.column() > 0 ? ", column " + d.column() : "");
    }

    static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    /** A numbered line; on the diagnostic's line the character at its column is marked. */
    private final class LineCell extends ListCell<SourceLine> {
        private final Label number = new Label();
        private final Label before = new Label();
        private final Label at = new Label();
        private final Label after = new Label();
        private final HBox box = new HBox(number, before, at, after);

        LineCell() {
            getStyleClass().add("source-line");
            number.getStyleClass().add("source-gutter");
            before.getStyleClass().add("source-text-start");
            at.getStyleClass().add("source-column");
            for (Label l : List.of(number, before, at, after)) {
                // Long lines scroll sideways instead of ending in an ellipsis.
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
            at.managedProperty().bind(at.visibleProperty());
            box.setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        protected void updateItem(SourceLine line, boolean empty) {
            super.updateItem(line, empty);
            setText(null);
            if (empty || line == null) {
                setGraphic(null);
                pseudoClassStateChanged(TARGET, false);
                return;
            }
            boolean isTarget = line.number() == target;
            pseudoClassStateChanged(TARGET, isTarget);
            number.setText(String.format(Locale.ROOT, "%" + gutterDigits + "d", line.number()));
            String text = line.text();
            String lead = line.clippedStart() ? "\u2026" : "";
            String tail = line.clippedEnd() ? "\u2026" : "";
            int i = isTarget ? line.indexOfColumn(column) : -1;
            if (i < 0) {
                before.setText(lead + text + tail);
                at.setVisible(false);
                after.setText("");
            } else {
                before.setText(lead + text.substring(0, i));
                // A column just past the end (a missing value) marks the space where it should be.
                at.setText(i < text.length() ? text.substring(i, i + 1) : " ");
                at.setVisible(true);
                after.setText(i < text.length() ? text.substring(i + 1) + tail : "");
            }
            setGraphic(box);
        }
    }
}
