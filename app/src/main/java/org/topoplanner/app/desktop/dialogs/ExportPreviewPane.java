package org.topoplanner.app.desktop.dialogs;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The export preview: target check boxes, the files they give (marked by the worst finding of the
 * export check), the selected file's exact text in a read-only viewer, and that file's findings beside
 * it with their line and column. The viewer shows {@link ExportFile#text()} untouched: findings live in
 * their own list so that what is read is what would be written.
 */
public final class ExportPreviewPane extends VBox {
    private final ReadOnlyObjectWrapper<ExportPreview> preview = new ReadOnlyObjectWrapper<>();
    private final ListView<ExportFile> files = new ListView<>();
    private final TextArea text = new TextArea();
    private final ListView<Diagnostic> findings = new ListView<>();
    private final Label verdict = new Label();
    /** What writing the shown preview into the previous export's folder would change; null without one. */
    private ExportChanges changes;
    private final TextArea diff = new TextArea();

    /**
     * @param build the bundle for a set of targets (and whether topology.yaml is wanted), built as the
     *              command line builds it; called on a background thread
     */
    public ExportPreviewPane(Function<Choice, ExportPreview> build) {
        this(build, java.util.Optional.empty());
    }

    /**
     * @param build    as above
     * @param previous the folder the previous export wrote to: each file's changes against it are shown
     *                 beside its text, before any folder is chosen
     */
    public ExportPreviewPane(Function<Choice, ExportPreview> build, java.util.Optional<java.nio.file.Path> previous) {
        super(8);
        setPadding(new Insets(8));
        Set<ExportTarget> targets = EnumSet.copyOf(ExportTarget.all());
        boolean[] yaml = {false};
        files.setId("exportFiles");
        text.setId("exportText");
        text.setEditable(false);
        text.setStyle("-fx-font-family: monospace;");
        findings.setId("exportFindings");
        findings.setPlaceholder(new Label("The export check found nothing in this file"));
        verdict.setId("exportVerdict");
        files.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ExportFile f, boolean empty) {
                super.updateItem(f, empty);
                setText(empty || f == null ? null
                        : (f.hasErrors() ? "\u2716 " : f.hasWarnings() ? "\u26a0 " : "\u2714 ") + f.relativePath()
                        + (changes == null ? "" : "  \u00b7 " + changes.of(f.relativePath()).word()));
            }
        });
        findings.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Diagnostic d, boolean empty) {
                super.updateItem(d, empty);
                setWrapText(true);
                setPrefWidth(0);
                // coloured by the theme's tokens (window.css): the dialog takes the window's theme
                getStyleClass().removeAll("finding-error", "finding-warning");
                if (d != null && d.isError()) {
                    getStyleClass().add("finding-error");
                } else if (d != null && d.severity() == org.topoplanner.model.diag.Severity.WARNING) {
                    getStyleClass().add("finding-warning");
                }
                setText(empty || d == null ? null : d.severity().word()
                        + (d.line() > 0 ? " at line " + d.line() + (d.column() > 0 ? ", column " + d.column() : "") : "")
                        + ": " + d.message());
            }
        });
        files.getSelectionModel().selectedItemProperty().addListener((o, a, f) -> show(f));
        // Built off the FX thread: a 16,384-host bundle takes seconds. Until the new build lands the
        // preview is empty, so "Write to folder…" (bound to it) cannot write a bundle no longer shown.
        long[] generation = {0};
        Runnable rebuild = () -> {
            long mine = ++generation[0];
            Choice choice = new Choice(Set.copyOf(targets), yaml[0]);
            preview.set(null);
            verdict.setText("building the export\u2026");
            Thread t = new Thread(() -> {
                ExportPreview p;
                ExportChanges c;
                try {
                    p = build.apply(choice);
                    c = previous.map(dir -> ExportChanges.against(dir, p.files())).orElse(null);
                } catch (RuntimeException e) {
                    javafx.application.Platform.runLater(() -> {
                        if (mine == generation[0]) {
                            verdict.setText("cannot build the export: " + e.getMessage());
                        }
                    });
                    return;
                }
                javafx.application.Platform.runLater(() -> {
                    if (mine == generation[0]) {
                        changes = c;
                        show(p);
                    }
                });
            }, "export-preview");
            t.setDaemon(true);
            t.start();
        };
        HBox checks = new HBox(12);
        for (ExportTarget t : ExportTarget.values()) {
            CheckBox c = new CheckBox(t.id());
            c.setId("target-" + t.id());
            c.setSelected(targets.contains(t));
            c.setOnAction(e -> {
                if (c.isSelected()) {
                    targets.add(t);
                } else {
                    targets.remove(t);
                }
                rebuild.run();
            });
            checks.getChildren().add(c);
        }
        CheckBox topologyYaml = new CheckBox("slurm/topology.yaml (Slurm 25.05+)");
        topologyYaml.setId("target-topology-yaml");
        topologyYaml.setOnAction(e -> {
            yaml[0] = topologyYaml.isSelected();
            rebuild.run();
        });
        checks.getChildren().add(topologyYaml);
        Label findingsTitle = new Label("Export check");
        findingsTitle.getStyleClass().add("section-title");
        findingsTitle.setPadding(new Insets(2, 4, 0, 4));
        VBox side = new VBox(4, findingsTitle, findings);
        VBox.setVgrow(findings, Priority.ALWAYS);
        diff.setId("exportDiff");
        diff.setEditable(false);
        diff.setStyle("-fx-font-family: monospace;");
        javafx.scene.Node middle = text;
        if (previous.isPresent()) {
            // the diff against the folder last written, before a folder is asked for
            javafx.scene.control.Tab file = new javafx.scene.control.Tab("File", text);
            // a short title: a folder's path would crowd the File tab out; the line above names it
            javafx.scene.control.Tab since = new javafx.scene.control.Tab("Changes since the last export", diff);
            since.setTooltip(new javafx.scene.control.Tooltip(previous.get().toString()));
            since.setId("exportChangesTab");
            javafx.scene.control.TabPane tabs = new javafx.scene.control.TabPane(file, since);
            tabs.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
            middle = tabs;
        }
        SplitPane split = new SplitPane(files, middle, side);
        split.setDividerPositions(0.24, 0.74);
        split.setPrefSize(1100, 560);
        VBox.setVgrow(split, Priority.ALWAYS);
        Label what = new Label("What Export would write; nothing is written until you choose a folder"
                + previous.map(d -> ". Compared with the last export, in " + d).orElse(""));
        what.setWrapText(true);
        getChildren().addAll(what,
                checks, split, verdict);
        rebuild.run();
    }

    /** The targets ticked and whether Slurm's topology.yaml is wanted besides topology.conf. */
    public record Choice(Set<ExportTarget> targets, boolean topologyYaml) {
        public Choice {
            targets = Set.copyOf(targets);
        }
    }

    public ReadOnlyObjectProperty<ExportPreview> previewProperty() {
        return preview.getReadOnlyProperty();
    }

    public ExportPreview preview() {
        return preview.get();
    }

    private void show(ExportPreview p) {
        String selected = files.getSelectionModel().getSelectedItem() == null ? null
                : files.getSelectionModel().getSelectedItem().relativePath();
        files.setItems(FXCollections.observableArrayList(p.files()));
        verdict.setText(p.verdict());
        int keep = selected == null ? -1 : p.files().indexOf(p.file(selected).orElse(null));
        files.getSelectionModel().select(Math.max(keep, 0));
        preview.set(p);
    }

    private void show(ExportFile f) {
        text.setText(f == null ? "" : f.text());
        text.positionCaret(0);
        diff.setText(f == null || changes == null ? "" : changes.of(f.relativePath()).text());
        diff.positionCaret(0);
        findings.setItems(FXCollections.observableArrayList(f == null ? java.util.List.of() : f.validation()));
    }
}
