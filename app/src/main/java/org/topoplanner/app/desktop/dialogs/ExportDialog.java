package org.topoplanner.app.desktop.dialogs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.importers.export.ExportBundle;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.importers.export.HandEdit;
import org.topoplanner.model.diag.Diagnostic;

/**
 * "Export…": choose targets, preview each file with its validation and its difference to the file
 * already on disk, then write. Errors block; warnings need "Write anyway".
 */
public final class ExportDialog {
    private ExportDialog() {
    }

    public static void show(Window owner, Plan plan) {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Export to folder");
        var dirFile = dc.showDialog(owner);
        if (dirFile == null) {
            return;
        }
        Path dir = dirFile.toPath();
        // as on the command line: dra only when ticked, a cluster without DRA drivers cannot use it
        Set<ExportTarget> targets = EnumSet.copyOf(ExportTarget.all());
        ListView<ExportFile> files = new ListView<>();
        files.setId("exportFiles");
        TextArea preview = new TextArea();
        preview.setEditable(false);
        preview.setStyle("-fx-font-family: monospace;");
        Label verdict = new Label();
        Runnable rebuild = () -> {
            List<ExportFile> built = ExportBundle.build(plan.toDocument(), targets);
            files.setItems(FXCollections.observableArrayList(built));
            long errors = built.stream().filter(ExportFile::hasErrors).count();
            long warnings = built.stream().filter(ExportFile::hasWarnings).count();
            verdict.setText(built.size() + " files, " + errors + " with errors, " + warnings + " with warnings");
            files.getSelectionModel().select(0);
        };
        files.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ExportFile f, boolean empty) {
                super.updateItem(f, empty);
                setText(empty || f == null ? null : (f.hasErrors() ? "\u2716 " : f.hasWarnings() ? "\u26a0 " : "\u2714 ")
                        + f.relativePath());
            }
        });
        files.getSelectionModel().selectedItemProperty().addListener((o, a, f) -> preview.setText(f == null ? ""
                : describe(f, dir.resolve(f.relativePath()))));
        HBox checks = new HBox(12);
        for (ExportTarget t : ExportTarget.values()) {
            CheckBox c = new CheckBox(t.id());
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
        rebuild.run();
        SplitPane split = new SplitPane(files, preview);
        split.setDividerPositions(0.32);
        split.setPrefSize(1000, 560);
        VBox content = new VBox(8, new Label("Export to " + dir), checks, split, verdict);
        content.setPadding(new Insets(8));
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Export");
        d.getDialogPane().setContent(content);
        ButtonType write = new ButtonType("Write", ButtonBar.ButtonData.OK_DONE);
        ButtonType force = new ButtonType("Write anyway", ButtonBar.ButtonData.OTHER);
        d.getDialogPane().getButtonTypes().setAll(write, force, ButtonType.CANCEL);
        d.showAndWait().filter(b -> b != ButtonType.CANCEL).ifPresent(b -> {
            ExportWriter.Result r = ExportWriter.write(dir, files.getItems(), b == force);
            Alert a = new Alert(r.written() ? Alert.AlertType.INFORMATION : Alert.AlertType.ERROR);
            a.initOwner(owner);
            a.setHeaderText(r.summary());
            a.setContentText(String.join("\n", java.util.stream.Stream.concat(r.blocking().stream().limit(12)
                    .map(Diagnostic::toString), r.handEdits().stream().limit(3).map(HandEdit::diff)).toList()));
            a.showAndWait();
        });
    }

    /** Validation first, then the text, then a line diff against the file on disk. */
    private static String describe(ExportFile f, Path onDisk) {
        StringBuilder sb = new StringBuilder();
        f.validation().forEach(d -> sb.append("# ").append(d.severity().word()).append(": ").append(d.message()).append('\n'));
        if (!f.validation().isEmpty()) {
            sb.append('\n');
        }
        sb.append(f.text());
        if (Files.exists(onDisk)) {
            try {
                List<String> old = Files.readAllLines(onDisk);
                List<String> now = f.text().lines().toList();
                sb.append("\n# --- against ").append(onDisk).append(" ---\n");
                if (old.equals(now)) {
                    sb.append("# unchanged\n");
                } else {
                    old.stream().filter(l -> !now.contains(l)).forEach(l -> sb.append("- ").append(l).append('\n'));
                    now.stream().filter(l -> !old.contains(l)).forEach(l -> sb.append("+ ").append(l).append('\n'));
                }
            } catch (IOException e) {
                sb.append("\n# cannot read ").append(onDisk).append(": ").append(e.getMessage()).append('\n');
            }
        }
        return sb.toString();
    }
}
