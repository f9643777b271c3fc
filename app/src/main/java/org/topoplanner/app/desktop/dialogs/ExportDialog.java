package org.topoplanner.app.desktop.dialogs;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.event.ActionEvent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.importers.export.ExportOptions;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.importers.export.HandEdit;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * "Export…": shows every file the export would write, its exact text and what the export check found,
 * and only then asks for a folder ("Write to folder…"). The files written are the ones shown
 * ({@link ExportPreview}), swapped in as one unit. Errors block; warnings and files in the folder that
 * the previous export did not write (shown with their diff) need "Write anyway".
 */
public final class ExportDialog {
    static final ButtonType WRITE = new ButtonType("Write to folder\u2026", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType WRITE_ANYWAY = new ButtonType("Write anyway", ButtonBar.ButtonData.OK_DONE);

    private ExportDialog() {
    }

    /**
     * Export from the window, whose jobs were validated under the Topology Manager {@code policy} and
     * {@code scope} and the window's Slurm {@code release} (the Slurm files are written and checked for it);
     * {@code previous} holds the folder this window last exported to (each file's changes
     * against it are shown before a folder is asked for, and the chooser opens there) and is set on a write.
     */
    public static void show(Window owner, Plan plan, TopologyManagerPolicy policy, TopologyManagerScope scope,
            SlurmVersion release, PreviousExport previous) {
        show(owner, plan, optionsFor(policy, scope, release), w -> chooseFolder(w, previous.folder()), previous);
    }

    /**
     * The export options of a window set to Topology Manager {@code policy} and {@code scope}: the kubelet
     * configuration carries the setting the window validated the jobs under (as the command line's
     * {@code export --tm-policy/--tm-scope} does), not a per-node recommendation.
     */
    static ExportOptions optionsFor(TopologyManagerPolicy policy, TopologyManagerScope scope) {
        return optionsFor(policy, scope, SlurmVersion.DEFAULT);
    }

    /** As above, with the Slurm files for the window's Slurm {@code release} (as {@code export --slurm-version}). */
    static ExportOptions optionsFor(TopologyManagerPolicy policy, TopologyManagerScope scope, SlurmVersion release) {
        return ExportOptions.DEFAULT.withTopologyManager(policy, scope).withSlurmVersion(release);
    }

    /**
     * @param chooseFolder asks where to write (a folder chooser in the window; a fixed folder in tests)
     */
    public static void show(Window owner, Plan plan, ExportOptions options, Function<Window, Optional<Path>> chooseFolder) {
        show(owner, plan, options, chooseFolder, new PreviousExport());
    }

    /** As above, comparing with and remembering the folder of the previous export in {@code previous}. */
    public static void show(Window owner, Plan plan, ExportOptions options, Function<Window, Optional<Path>> chooseFolder,
            PreviousExport previous) {
        var doc = plan.toDocument();
        ExportPreviewPane pane = new ExportPreviewPane(choice ->
                ExportPreview.of(doc, choice.targets(), options.withTopologyYaml(choice.topologyYaml())), previous.folder());
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        // the Slurm files are written and checked for the window's release: the title says which
        d.setTitle("Export (Slurm files for Slurm " + options.slurmVersion().label() + ")");
        d.setResizable(true);
        d.getDialogPane().setId("exportPreview");
        d.getDialogPane().setContent(pane);
        d.getDialogPane().getButtonTypes().setAll(WRITE, ButtonType.CANCEL);
        Button write = (Button) d.getDialogPane().lookupButton(WRITE);
        // an export with errors writes nothing anywhere: say so before a folder is asked for
        write.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> pane.preview() == null || pane.preview().errors() > 0, pane.previewProperty()));
        write.addEventFilter(ActionEvent.ACTION, e -> {
            Optional<Path> dir = chooseFolder.apply(d.getDialogPane().getScene().getWindow());
            if (dir.isEmpty() || !writeTo(d.getDialogPane().getScene().getWindow(), pane.preview(), dir.get())) {
                e.consume();
            } else {
                previous.wrote(dir.get());
            }
        });
        d.showAndWait();
    }

    /** Writes, offers "Write anyway" when only warnings or foreign files stood in the way, and reports; true when written. */
    private static boolean writeTo(Window owner, ExportPreview preview, Path dir) {
        ExportWriter.Result r = preview.writeTo(dir, false);
        if (!r.written() && r.blocking().stream().noneMatch(Diagnostic::isError)) {
            Alert ask = new Alert(Alert.AlertType.WARNING);
            ask.initOwner(owner);
            ask.getDialogPane().setId("exportWriteAnyway");
            ask.setHeaderText(r.summary());
            ask.setContentText(details(r));
            ask.getButtonTypes().setAll(WRITE_ANYWAY, ButtonType.CANCEL);
            if (ask.showAndWait().orElse(ButtonType.CANCEL) != WRITE_ANYWAY) {
                return false;
            }
            r = preview.writeTo(dir, true);
        }
        Alert done = new Alert(r.written() ? Alert.AlertType.INFORMATION : Alert.AlertType.ERROR);
        done.initOwner(owner);
        done.getDialogPane().setId("exportResult");
        done.setHeaderText(r.summary());
        done.setContentText(details(r));
        done.showAndWait();
        return r.written();
    }

    private static String details(ExportWriter.Result r) {
        List<String> lines = Stream.concat(r.blocking().stream().limit(12).map(Diagnostic::toString),
                r.handEdits().stream().limit(3).map(HandEdit::diff)).toList();
        return String.join("\n", lines);
    }

    private static Optional<Path> chooseFolder(Window owner, Optional<Path> previous) {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Write the export to folder");
        previous.map(Path::toFile).filter(java.io.File::isDirectory).ifPresent(dc::setInitialDirectory);
        return Optional.ofNullable(dc.showDialog(owner)).map(java.io.File::toPath);
    }
}
