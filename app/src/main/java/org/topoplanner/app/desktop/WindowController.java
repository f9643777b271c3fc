package org.topoplanner.app.desktop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.topoplanner.app.desktop.fabric.Theme;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PlanEdit;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.app.plan.ProjectFiles;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.importers.hardware.HardwareTotals;
import org.topoplanner.model.cluster.Cluster;
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
    /** Names of imported clusters by where they came from, for the title (clusters are immutable values). */
    private final Map<Cluster, String> origins = new IdentityHashMap<>();
    /**
     * The file each side of a New or an Import belongs to (the plan before it: the open file; after it:
     * none), so Undo and Redo across one bring back the file as well as the plan.
     */
    private final Map<Plan, Optional<Path>> documents = new IdentityHashMap<>();
    private final RecoveryOffer recovery;
    private final boolean autosaving;
    private Theme theme = Theme.LIGHT;

    WindowController(Stage stage, PlanViewModel vm, MainWindow window, ProjectSession session, CrashRecovery recovery) {
        this.stage = stage;
        this.vm = vm;
        this.window = window;
        this.session = session;
        this.autosaving = recovery == CrashRecovery.ON;
        this.recovery = new RecoveryOffer(stage, vm, session, window.status(), () -> {
            documents.clear();
            updateTitle();
        });
        root.setTop(new VBox(menus(), toolbar()));
        root.setCenter(window.root());
        window.onAssignHardware(this::assignHardware);
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                e.consume();
            }
        });
        root.setOnDragDropped(e -> {
            if (e.getDragboard().hasFiles()) {
                List<Path> dropped = e.getDragboard().getFiles().stream().map(f -> f.toPath()).toList();
                // after the drop has completed: opening may ask questions, which a drop handler must not wait for
                Platform.runLater(() -> openFiles(dropped));
                e.setDropCompleted(true);
                e.consume();
            }
        });
        vm.dirtyProperty().addListener((o, a, d) -> updateTitle());
        vm.planProperty().addListener((o, a, p) -> planChanged(p));
        Timeline autosave = new Timeline(new KeyFrame(Duration.seconds(30), e -> autosave()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        if (autosaving) {
            autosave.play();
        }
        stage.setOnCloseRequest(e -> {
            if (!settleUnsaved("closing the window")) {
                e.consume();
            }
        });
        stage.setOnHidden(e -> {
            autosave.stop();
            // Unsaved work reaches here only when the user discarded it, which deleted its autosave already.
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

    /** "TopoPlanner — ft3-4096 from ft3-4096.ibnetdiscover (untitled) *": the cluster, where it came from, the file. */
    void updateTitle() {
        Cluster c = vm.plan().cluster();
        String from = origins.containsKey(c) ? " from " + origins.get(c) : "";
        String file = session.file().map(p -> p.getFileName().toString()).orElse("untitled");
        stage.setTitle(TopoPlannerApp.TITLE + " \u2014 " + c.name() + from + " (" + file + ")"
                + (vm.dirtyProperty().get() ? " *" : ""));
    }

    /** Undo or Redo across a New or an Import: the file follows the plan; then the title. */
    private void planChanged(Plan p) {
        Optional<Path> file = documents.get(p);
        if (file != null && !file.equals(session.file())) {
            try {
                session.reattach(file);
            } catch (IOException e) {
                window.status().setText("the autosave of the other file stays: " + e.getMessage());
            }
            autosave();
        }
        updateTitle();
    }

    /** Performs an edit that starts a new, untitled document on the plan (New cluster, Import); undoable. */
    private void performAsNewDocument(PlanEdit edit) {
        documents.put(vm.plan(), session.file());
        vm.perform(edit);
        documents.put(vm.plan(), Optional.empty());
        planChanged(vm.plan());
    }

    /**
     * Asks Save / Discard / Cancel when there are unsaved changes; true when the work is safe to leave:
     * saved, discarded on purpose (its autosave goes too), or there was nothing unsaved.
     */
    boolean settleUnsaved(String action) {
        return settleUnsaved(action, false);
    }

    /** As {@link #settleUnsaved(String)}; {@code undoable} when Undo takes the action back (the prompt says so). */
    boolean settleUnsaved(String action, boolean undoable) {
        if (!vm.dirtyProperty().get()) {
            return true;
        }
        String project = session.file().map(p -> p.getFileName().toString()).orElse("the untitled project");
        return switch (UnsavedChangesPrompt.ask(stage, project, action, undoable)) {
            case SAVE -> {
                save();
                yield !vm.dirtyProperty().get();
            }
            case DISCARD -> {
                deleteAutosaveQuietly();
                yield true;
            }
            case CANCEL -> false;
        };
    }

    /** File > Quit: like closing the window, asks first when there is unsaved work. */
    void quit() {
        if (settleUnsaved("quitting")) {
            stage.close();
        }
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
                item("Quit", "Shortcut+Q", this::quit));
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
        edit.getItems().setAll(undo, redo, new javafx.scene.control.SeparatorMenuItem(), apply, delete,
                new javafx.scene.control.SeparatorMenuItem(),
                item("Assign hardware\u2026", "Shortcut+Shift+H", this::assignHardware));
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
        // the job's Volcano / Kueue topology is set in its own pop-over and kept when these change
        PolicyControls policy = new PolicyControls(vm);
        JobTopologySettings jobTopology = new JobTopologySettings(vm);
        Button undo = button("\u21b6 Undo", vm::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not());
        Button redo = button("\u21b7 Redo", vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        ToggleButton dark = new ToggleButton("Dark");
        dark.setOnAction(e -> toggleTheme());
        ToolBar t = new ToolBar(button("New\u2026", this::newCluster), button("Open\u2026", this::openChooser),
                button("Save", this::save), button("Import\u2026", this::importChooser),
                button("Export\u2026", this::export), new Separator(), undo, redo, new Separator());
        t.getItems().addAll(policy.nodes());
        t.getItems().addAll(jobTopology.button(), new Separator(),
                button("Zoom to fit", () -> window.fabricView().zoomToFit()), dark);
        t.setId("toolbar");
        return t;
    }

    /** New cluster…: asks about unsaved work first, then designs; undo brings the previous project back. */
    void newCluster() {
        if (!settleUnsaved("starting a new cluster", true)) {
            return;
        }
        NewClusterDialog.show(stage).ifPresent(c -> {
            performAsNewDocument(PlanEdits.newCluster(c));
            window.status().setText("new cluster " + c.name() + " (Undo brings the previous project back)");
        });
    }

    private void openChooser() {
        if (!settleUnsaved("opening another project")) {
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Open project");
        fc.getExtensionFilters().setAll(PROJECTS);
        var f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    /**
     * The one way in for files (command line, drop): a project opens (after asking about unsaved
     * work); anything else, or several files, goes through the import review.
     */
    void openFiles(List<Path> files) {
        if (files.isEmpty()) {
            return;
        }
        ProjectFiles sorted = ProjectFiles.sort(files);
        if (sorted.sources().isEmpty() && sorted.projects().size() == 1) {
            if (settleUnsaved("opening " + files.get(0).getFileName())) {
                open(files.get(0));
            }
            return;
        }
        // Several projects, or projects beside other sources: all are sources of one import (a project
        // contributes its cluster), so nothing the user dropped is silently left out.
        importFiles(files);
    }

    /** Opens a project (unsaved work is settled before); a file that cannot be read leaves the open project as it is. */
    void open(Path path) {
        try {
            ProjectDocument doc = session.open(path);
            documents.clear();
            vm.reset(Plan.of(doc));
            updateTitle();
            window.status().setText("opened " + path);
            recovery.afterOpening(doc);
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
                vm.choice().id(), theme == Theme.DARK ? "dark" : "light", vm.choice().toSaved());
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
        // a clean import of fully described hosts is taken at once; hosts without hardware get the hardware step
        boolean described = usable && HardwareTotals.of(outcome.cluster()).withoutHardware() == 0;
        Optional<ImportOutcome> taken = outcome.diagnostics().isEmpty() && described ? Optional.of(outcome)
                : DiagnosticsDialog.review(stage, "Import", outcome, draft::remerge);
        // Asked when the import is about to replace the project, not before: a cancelled review needs no answer.
        taken.filter(o -> settleUnsaved("importing " + o.cluster().name(), true)).ifPresent(o -> {
            List<String> lost = vm.plan().jobsLostOn(o.cluster());
            origins.put(o.cluster(), origin(o));
            performAsNewDocument(PlanEdits.replaceCluster(o.cluster(), "Import " + o.cluster().name()));
            window.status().setText("imported " + o.cluster().name() + " from " + o.sources().size() + " source(s)");
            if (!lost.isEmpty()) {
                tellDropped(o.cluster().name(), lost);
            }
        });
    }

    /**
     * Assign hardware… to the hosts selected in the cluster tree (or under a selected switch), as one
     * undoable edit; jobs whose GPUs the new hardware lacks are dropped with one message.
     */
    void assignHardware() {
        List<String> hosts = window.selectedHosts();
        if (hosts.isEmpty()) {
            window.status().setText("select hosts or a switch in the cluster tree (or the fabric) to assign hardware");
            return;
        }
        AssignHardwareDialog.show(stage, vm.plan().cluster(), hosts).ifPresent(c -> {
            List<String> lost = vm.plan().jobsLostOn(c);
            String from = origins.get(vm.plan().cluster());
            if (from != null) {
                origins.put(c, from);
            }
            String which = org.topoplanner.model.hostlist.Hostlist.compress(hosts);
            vm.perform(PlanEdits.replaceCluster(c, "Assign hardware to " + which));
            window.status().setText("assigned hardware to " + which + " (Undo takes it back)");
            if (!lost.isEmpty()) {
                tellDropped(c.name() + " with the new hardware", lost);
            }
        });
    }

    private static String origin(ImportOutcome o) {
        List<String> names = o.sources().stream().map(s -> Path.of(s.path()).getFileName().toString()).toList();
        return names.size() <= 2 ? String.join(" + ", names) : names.size() + " files";
    }

    /** One message for every job the new cluster could not hold (not modal: Undo fixes it). */
    private void tellDropped(String cluster, List<String> lost) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.OK);
        a.initOwner(stage);
        a.setTitle("Jobs dropped");
        a.setHeaderText((lost.size() == 1 ? "1 job was" : lost.size() + " jobs were") + " dropped: " + cluster
                + " lacks the hosts or GPUs they were placed on");
        a.setContentText(String.join(", ", lost) + "\n\nEdit > Undo brings back the previous cluster with these jobs.");
        a.getDialogPane().setId("droppedJobs");
        a.show();
        window.status().setText("dropped " + String.join(", ", lost) + " (not on " + cluster + "; Undo brings them back)");
    }

    private void export() {
        ExportDialog.show(stage, vm.plan());
    }

    /** At a start without a file: offers the newest autosave a crash left ({@link RecoveryOffer}). */
    void offerRecovery() {
        recovery.atStart();
    }

    /** The timer's autosave, and after the file changed under the plan (Undo across New or Import). */
    private void autosave() {
        if (autosaving) {
            autosaveNow();
        }
    }

    /** Writes this project's autosave now if there is unsaved work (also what a test calls). */
    void autosaveNow() {
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
            m.setOnAction(e -> {
                if (settleUnsaved("opening " + p.getFileName())) {
                    open(p);
                }
            });
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
