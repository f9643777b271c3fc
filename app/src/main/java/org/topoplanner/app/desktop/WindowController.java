package org.topoplanner.app.desktop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.topoplanner.allocator.PolicyCatalog;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.SlurmVersion;
import org.topoplanner.app.desktop.fabric.Theme;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;
import org.topoplanner.model.project.ViewState;

/**
 * The window's commands: menus, toolbar and shortcuts for every action, project files (open, save,
 * autosave, recovery, recent files), import (chooser or files dropped on the window) and themes.
 */
final class WindowController {
    private static final FileChooser.ExtensionFilter PROJECTS =
            new FileChooser.ExtensionFilter("TopoPlanner projects", "*.topoplanner.json", "*.json");
    private final Stage stage;
    private final PlanViewModel vm;
    private final MainWindow window;
    private final ProjectSession session;
    private final BorderPane root = new BorderPane();
    private final Menu recent = new Menu("Open Recent");
    private Theme theme = Theme.LIGHT;

    WindowController(Stage stage, PlanViewModel vm, MainWindow window, ProjectSession session, CrashRecovery recovery) {
        this.stage = stage;
        this.vm = vm;
        this.window = window;
        this.session = session;
        root.setTop(new VBox(menus(), toolbar()));
        root.setCenter(window.root());
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                e.consume();
            }
        });
        root.setOnDragDropped(e -> {
            if (e.getDragboard().hasFiles()) {
                importFiles(e.getDragboard().getFiles().stream().map(f -> f.toPath()).toList());
                e.setDropCompleted(true);
                e.consume();
            }
        });
        vm.dirtyProperty().addListener((o, a, d) -> updateTitle());
        Timeline autosave = new Timeline(new KeyFrame(Duration.seconds(30), e -> autosave()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        if (recovery == CrashRecovery.ON) {
            autosave.play();
        }
        stage.setOnHidden(e -> {
            autosave.stop();
            if (!vm.dirtyProperty().get()) {
                deleteAutosaveQuietly();
            }
        });
    }

    Parent root() {
        return root;
    }

    MainWindow window() {
        return window;
    }

    PlanViewModel viewModel() {
        return vm;
    }

    ProjectSession session() {
        return session;
    }

    void updateTitle() {
        String name = session.file().map(p -> p.getFileName().toString()).orElse(vm.plan().cluster().name());
        stage.setTitle(TopoPlannerApp.TITLE + " \u2014 " + name + (vm.dirtyProperty().get() ? " *" : ""));
    }

    private MenuBar menus() {
        Menu file = new Menu("File");
        file.getItems().setAll(
                item("New cluster\u2026", "Shortcut+N", this::newCluster),
                item("Open\u2026", "Shortcut+O", this::openChooser),
                recent,
                item("Save", "Shortcut+S", this::save),
                item("Save As\u2026", "Shortcut+Shift+S", this::saveAs),
                new javafx.scene.control.SeparatorMenuItem(),
                item("Import\u2026", "Shortcut+I", this::importChooser),
                item("Export\u2026", "Shortcut+E", this::export),
                new javafx.scene.control.SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", stage::close));
        file.setOnShowing(e -> fillRecent());
        MenuItem undo = item("Undo", "Shortcut+Z", vm::undo);
        undo.textProperty().bind(vm.undoTextProperty());
        undo.disableProperty().bind(vm.canUndoProperty().not());
        MenuItem redo = item("Redo", "Shortcut+Shift+Z", vm::redo);
        redo.textProperty().bind(vm.redoTextProperty());
        redo.disableProperty().bind(vm.canRedoProperty().not());
        MenuItem apply = item("Apply suggestion", "Shortcut+Enter", () -> {
            if (vm.selectedJobProperty().get() != null) {
                vm.applySuggestion(vm.selectedJobProperty().get());
            }
        });
        MenuItem delete = item("Delete job", "Delete", () -> {
            if (vm.selectedJobProperty().get() != null) {
                vm.delete(vm.selectedJobProperty().get());
            }
        });
        apply.disableProperty().bind(vm.selectedJobProperty().isNull());
        delete.disableProperty().bind(vm.selectedJobProperty().isNull());
        Menu edit = new Menu("Edit");
        edit.getItems().setAll(undo, redo, new javafx.scene.control.SeparatorMenuItem(), apply, delete);
        Menu view = new Menu("View");
        view.getItems().setAll(
                item("Zoom to fit", "Shortcut+0", () -> window.fabricView().zoomToFit()),
                item("Zoom to selection", "Shortcut+PERIOD", () -> window.fabricView().zoomToSelection()),
                item("Fabric", "Shortcut+1", () -> window.centre().getSelectionModel().select(0)),
                item("Node", "Shortcut+2", () -> window.centre().getSelectionModel().select(1)),
                item("Topology matrix", "Shortcut+M", () -> window.nodeView().matrixShownProperty()
                        .set(!window.nodeView().matrixShownProperty().get())),
                item("Light / dark theme", "Shortcut+T", this::toggleTheme));
        Menu help = new Menu("Help");
        help.getItems().setAll(item("About TopoPlanner", null, this::about));
        MenuBar bar = new MenuBar(file, edit, view, help);
        bar.setId("menuBar");
        return bar;
    }

    private ToolBar toolbar() {
        ComboBox<String> policy = new ComboBox<>();
        policy.setId("policySelector");
        policy.getItems().setAll(PolicyCatalog.ids());
        policy.valueProperty().bindBidirectional(vm.policyProperty());
        ComboBox<String> slurm = new ComboBox<>();
        slurm.getItems().setAll("24.11", "22.05");
        slurm.setValue("24.11");
        ComboBox<String> tm = new ComboBox<>();
        tm.setId("tmPolicy");
        tm.getItems().setAll("none", "best-effort", "restricted", "single-numa-node");
        tm.setValue(vm.optionsProperty().get().topologyManager());
        ComboBox<String> scope = new ComboBox<>();
        scope.getItems().setAll("container", "pod");
        scope.setValue(vm.optionsProperty().get().topologyScope());
        // the job's Volcano / Kueue topology is set in its own pop-over and kept when these change
        Runnable options = () -> vm.optionsProperty().set(new PolicyOptions(
                SlurmVersion.parse(slurm.getValue()).orElse(SlurmVersion.V24_11), tm.getValue(), scope.getValue(),
                vm.optionsProperty().get().topology()));
        JobTopologySettings jobTopology = new JobTopologySettings(vm);
        slurm.setOnAction(e -> options.run());
        tm.setOnAction(e -> options.run());
        scope.setOnAction(e -> options.run());
        Button undo = button("\u21b6 Undo", vm::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not());
        Button redo = button("\u21b7 Redo", vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        ToggleButton dark = new ToggleButton("Dark");
        dark.setOnAction(e -> toggleTheme());
        ToolBar t = new ToolBar(button("New\u2026", this::newCluster), button("Open\u2026", this::openChooser),
                button("Save", this::save), button("Import\u2026", this::importChooser),
                button("Export\u2026", this::export), new Separator(), undo, redo, new Separator(),
                new Label("Policy"), policy, new Label("Slurm"), slurm, new Label("Topology Manager"), tm, scope,
                jobTopology.button(), new Separator(), button("Zoom to fit", () -> window.fabricView().zoomToFit()), dark);
        t.setId("toolbar");
        return t;
    }

    private void newCluster() {
        NewClusterDialog.show(stage).ifPresent(c -> {
            vm.reset(Plan.of(c));
            session.detach();
            vm.dirtyProperty().set(true);
            updateTitle();
        });
    }

    private void openChooser() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open project");
        fc.getExtensionFilters().setAll(PROJECTS);
        var f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    /** Opens a project; a file that cannot be read leaves the open project as it is. */
    void open(Path path) {
        try {
            ProjectDocument doc = session.open(path);
            vm.reset(Plan.of(doc));
            updateTitle();
            window.status().setText("opened " + path);
        } catch (IOException e) {
            error("Cannot open " + path, e.getMessage());
        } catch (ProjectFormatException e) {
            DiagnosticsDialog.show(stage, "Cannot open " + path.getFileName(), e.diagnostics());
        }
    }

    void save() {
        if (session.file().isEmpty()) {
            saveAs();
            return;
        }
        try {
            session.save(document());
            vm.markSaved();
            updateTitle();
            window.status().setText("saved " + session.file().get());
        } catch (IOException e) {
            error("Cannot save", e.getMessage());
        }
    }

    private void saveAs() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save project");
        fc.getExtensionFilters().setAll(PROJECTS);
        fc.setInitialFileName(vm.plan().cluster().name() + ".topoplanner.json");
        var f = fc.showSaveDialog(stage);
        if (f != null) {
            saveAs(f.toPath());
        }
    }

    void saveAs(Path path) {
        try {
            session.saveAs(document(), path);
            vm.markSaved();
            updateTitle();
            window.status().setText("saved " + path);
        } catch (IOException e) {
            error("Cannot save " + path, e.getMessage());
        }
    }

    private ProjectDocument document() {
        var v = window.fabricView().viewport();
        double zoom = v.fitScale() > 0 ? v.sx() / v.fitScale() : 1.0;
        ViewState view = new ViewState(vm.selectionProperty().get(), zoom > 0 ? zoom : 1.0,
                v.toWorldX(v.width() / 2), v.toWorldY(v.height() / 2),
                vm.policyProperty().get(), theme == Theme.DARK ? "dark" : "light");
        return vm.plan().withView(view).toDocument();
    }

    private void importChooser() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Import files");
        var files = fc.showOpenMultipleDialog(stage);
        if (files != null && !files.isEmpty()) {
            importFiles(files.stream().map(f -> f.toPath()).toList());
        }
    }

    /** Imports in the background; the result replaces the cluster only when it has one and the user agrees. */
    void importFiles(List<Path> files) {
        ImportTask task = new ImportTask(files);
        window.progress(task);
        task.setOnSucceeded(e -> takeImport(task.getValue()));
        task.setOnCancelled(e -> window.status().setText("import cancelled; nothing changed"));
        task.setOnFailed(e -> error("Import failed", String.valueOf(task.getException())));
        Thread t = new Thread(task, "import");
        t.setDaemon(true);
        t.start();
    }

    /** Takes a clean import at once; otherwise the review decides, with the conflicts as the user resolved them. */
    private void takeImport(ImportDraft draft) {
        ImportOutcome outcome = draft.outcome();
        boolean usable = outcome.cluster() != null && !outcome.hasErrors();
        Optional<ImportOutcome> taken = outcome.diagnostics().isEmpty() && usable ? Optional.of(outcome)
                : DiagnosticsDialog.review(stage, "Import", outcome, draft::remerge);
        taken.ifPresent(o -> {
            vm.perform(PlanEdits.replaceCluster(o.cluster(), "Import " + o.cluster().name()));
            window.status().setText("imported " + o.cluster().name() + " from " + o.sources().size() + " source(s)");
        });
    }

    private void export() {
        ExportDialog.show(stage, vm.plan());
    }

    void offerRecovery() {
        session.recoverable().ifPresent(p -> {
            Alert a = new Alert(Alert.AlertType.CONFIRMATION, "TopoPlanner did not close cleanly. Recover the unsaved work from "
                    + p + "?", ButtonType.YES, ButtonType.NO);
            a.initOwner(stage);
            a.setHeaderText("Recover unsaved work?");
            if (a.showAndWait().filter(b -> b == ButtonType.YES).isPresent()) {
                try {
                    vm.reset(Plan.of(session.recover(p)));
                    vm.dirtyProperty().set(true);
                    updateTitle();
                } catch (IOException | ProjectFormatException e) {
                    error("Cannot recover", e.getMessage());
                }
            }
        });
    }

    private void autosave() {
        if (vm.dirtyProperty().get()) {
            try {
                session.autosave(document());
            } catch (IOException e) {
                window.status().setText("autosave failed: " + e.getMessage());
            }
        }
    }

    private void deleteAutosaveQuietly() {
        try {
            session.deleteAutosave();
        } catch (IOException e) {
            // Nothing to tell anyone at exit; the next start may offer a stale recovery, which is harmless.
        }
    }

    private void fillRecent() {
        recent.getItems().clear();
        for (Path p : session.recent()) {
            MenuItem m = new MenuItem(p.toString());
            m.setOnAction(e -> open(p));
            recent.getItems().add(m);
        }
        recent.setDisable(recent.getItems().isEmpty());
    }

    private void toggleTheme() {
        theme = theme == Theme.LIGHT ? Theme.DARK : Theme.LIGHT;
        window.setTheme(theme);
        root.getScene().getStylesheets().setAll(WindowStyles.of(theme));
    }

    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "TopoPlanner " + org.topoplanner.app.cli.Version.current()
                + "\nPlan GPU jobs on InfiniBand/RoCE fabrics.", ButtonType.OK);
        a.initOwner(stage);
        a.showAndWait();
    }

    private void error(String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.initOwner(stage);
        a.setHeaderText(title);
        a.show();
    }

    private static MenuItem item(String text, String shortcut, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (shortcut != null) {
            m.setAccelerator(KeyCombination.keyCombination(shortcut));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    private static Button button(String text, Runnable action) {
        Button b = new Button(text);
        b.setOnAction(e -> action.run());
        return b;
    }
}
