package org.topoplanner.app.desktop.window;

import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.topoplanner.app.desktop.dialogs.AssignHardwareDialog;
import org.topoplanner.app.desktop.dialogs.DiagnosticsDialog;
import org.topoplanner.app.desktop.dialogs.DesignPresets;
import org.topoplanner.app.desktop.dialogs.ExportDialog;
import org.topoplanner.app.desktop.dialogs.NewClusterDialog;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.app.plan.ProjectFiles;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.hardware.HardwareTotals;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Wires the window: menus, toolbar and shortcuts for every action, files dropped on the window,
 * import (chooser, background read, review), Assign hardware…, export and themes. The project file's
 * commands (open, save, autosave, recovery, recent files, the unsaved-work question) are
 * {@link ProjectCommands}; the title is set here because it names both the file and the cluster's origin.
 */
public final class WindowController {
    private final Stage stage;
    private final PlanViewModel vm;
    private final MainWindow window;
    private final ProjectCommands projects;
    private final BorderPane root = new BorderPane();
    /** Names of imported clusters by where they came from, for the title (clusters are immutable values). */
    private final Map<Cluster, String> origins = new IdentityHashMap<>();
    private Theme theme = Theme.LIGHT;
    /** Where this window last exported to: the next Export… shows the changes against it first. */
    private final org.topoplanner.app.desktop.dialogs.PreviousExport previousExport =
            new org.topoplanner.app.desktop.dialogs.PreviousExport();
    private final DesignPresets designs;
    /** The toolbar's theme switch; follows the theme however it was changed (menu, shortcut, button). */
    private final ToggleButton dark = new ToggleButton("Dark");

    WindowController(Stage stage, PlanViewModel vm, MainWindow window, ProjectSession session, CrashRecovery recovery) {
        this.stage = stage;
        this.vm = vm;
        this.window = window;
        this.projects = new ProjectCommands(stage, vm, window, session, recovery, () -> theme, this::updateTitle);
        this.designs = new DesignPresets(session.home().resolve(DesignPresets.FILE));
        root.setTop(new VBox(menus(), toolbar()));
        root.setCenter(window.root());
        window.onAssignHardware(this::assignHardware);
        DialogThemes.follow(stage, () -> theme);
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
        stage.setOnCloseRequest(e -> {
            if (!projects.settleUnsaved("closing the window")) {
                e.consume();
            }
        });
        stage.setOnHidden(e -> projects.windowClosed());
    }

    Parent root() {
        return root;
    }

    public MainWindow window() {
        return window;
    }

    public PlanViewModel viewModel() {
        return vm;
    }

    /** Open, save, autosave, recovery and recent files, and the unsaved-work question. */
    public ProjectCommands projects() {
        return projects;
    }

    /** "TopoPlanner — ft3-4096 from ft3-4096.ibnetdiscover (untitled) *": the cluster, where it came from, the file. */
    void updateTitle() {
        Cluster c = vm.plan().cluster();
        String from = origins.containsKey(c) ? " from " + origins.get(c) : "";
        String file = projects.session().file().map(p -> p.getFileName().toString()).orElse("untitled");
        stage.setTitle(TopoPlannerApp.TITLE + " \u2014 " + c.name() + from + " (" + file + ")"
                + (vm.dirtyProperty().get() ? " *" : ""));
    }

    /** File > Quit: like closing the window, asks first when there is unsaved work. */
    void quit() {
        if (projects.settleUnsaved("quitting")) {
            stage.close();
        }
    }

    private MenuBar menus() {
        Menu file = new Menu("File");
        file.getItems().setAll(
                item("New cluster\u2026", "Shortcut+N", this::newCluster),
                item("Open\u2026", "Shortcut+O", projects::openChooser),
                projects.recentMenu(),
                item("Save", "Shortcut+S", projects::save),
                item("Save As\u2026", "Shortcut+Shift+S", projects::saveAs),
                new javafx.scene.control.SeparatorMenuItem(),
                item("Import\u2026", "Shortcut+I", this::importChooser),
                item("Export\u2026", "Shortcut+E", this::export),
                new javafx.scene.control.SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", this::quit));
        file.setOnShowing(e -> projects.fillRecent());
        MenuItem undo = item("Undo", "Shortcut+Z", this::undo);
        undo.textProperty().bind(vm.undoTextProperty());
        undo.disableProperty().bind(vm.canUndoProperty().not());
        MenuItem redo = item("Redo", "Shortcut+Shift+Z", this::redo);
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
                item("Light / dark theme", "Shortcut+T", this::toggleTheme), colourBlindSafe());
        Menu tools = new Menu("Tools");
        tools.getItems().setAll(item("What-if\u2026", null, () -> new org.topoplanner.app.desktop.whatif.WhatIfWindow(
                stage, vm.plan().cluster(), vm.choice()).show()));
        Menu help = new Menu("Help");
        help.getItems().setAll(item("About TopoPlanner", null, this::about));
        MenuBar bar = new MenuBar(file, edit, view, tools, help);
        bar.setId("menuBar");
        return bar;
    }

    private ToolBar toolbar() {
        // the job's Volcano / Kueue topology is set in its own pop-over and kept when these change
        PolicyControls policy = new PolicyControls(vm);
        JobTopologySettings jobTopology = new JobTopologySettings(vm);
        Button undo = button("\u21b6 Undo", this::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not());
        Button redo = button("\u21b7 Redo", this::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        dark.setId("darkTheme");
        dark.setSelected(theme == Theme.DARK);
        dark.setOnAction(e -> toggleTheme());
        ToolBar t = new ToolBar(button("New\u2026", this::newCluster), button("Open\u2026", projects::openChooser),
                button("Save", projects::save), button("Import\u2026", this::importChooser),
                button("Export\u2026", this::export), new Separator(), undo, redo, new Separator());
        t.getItems().addAll(policy.nodes());
        t.getItems().addAll(jobTopology.button(), new Separator(),
                button("Zoom to fit", () -> window.fabricView().zoomToFit()), dark);
        t.setId("toolbar");
        return t;
    }

    /** Edit > Undo: the status bar says what was taken back, so a stale sentence about it does not stay. */
    void undo() {
        vm.undo().ifPresent(what -> window.status().setText("undone: " + what));
    }

    /** Edit > Redo, saying what was done again. */
    void redo() {
        vm.redo().ifPresent(what -> window.status().setText("redone: " + what));
    }

    /** New cluster…: asks about unsaved work first, then designs; undo brings the previous project back. */
    void newCluster() {
        if (!projects.settleUnsaved("starting a new cluster", true)) {
            return;
        }
        NewClusterDialog.show(stage, designs).ifPresent(c -> {
            projects.performAsNewDocument(PlanEdits.newCluster(c));
            window.status().setText("new cluster " + c.name() + " (Undo brings the previous project back)");
        });
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
            if (projects.settleUnsaved("opening " + files.get(0).getFileName())) {
                projects.open(files.get(0));
            }
            return;
        }
        // Several projects, or projects beside other sources: all are sources of one import (a project
        // contributes its cluster), so nothing the user dropped is silently left out.
        importFiles(files);
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
    public void importFiles(List<Path> files) {
        ImportTask task = new ImportTask(files);
        window.progress(task);
        task.setOnSucceeded(e -> takeImport(task.getValue()));
        task.setOnCancelled(e -> window.status().setText("import cancelled; nothing changed"));
        task.setOnFailed(e -> ErrorAlert.show(stage, "Import failed", String.valueOf(task.getException())));
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
        taken.filter(o -> projects.settleUnsaved("importing " + o.cluster().name(), true)).ifPresent(o -> {
            List<String> lost = vm.plan().jobsLostOn(o.cluster());
            origins.put(o.cluster(), origin(o));
            projects.performAsNewDocument(PlanEdits.replaceCluster(o.cluster(), "Import " + o.cluster().name()));
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
        var settings = vm.choice().settings();
        ExportDialog.show(stage, vm.plan(), settings.topologyManager(), settings.topologyScope(),
                settings.slurmVersion(), previousExport);
    }

    /** At a start without a file: offers the newest autosave a crash left ({@link RecoveryOffer}). */
    void offerRecovery() {
        projects.offerRecovery();
    }

    private void toggleTheme() {
        theme = theme == Theme.LIGHT ? Theme.DARK : Theme.LIGHT;
        dark.setSelected(theme == Theme.DARK);
        window.setTheme(theme);
        root.getScene().getStylesheets().setAll(WindowStyles.of(theme));
        DialogThemes.restyleOpen(stage, theme);
    }

    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "TopoPlanner " + org.topoplanner.app.cli.Version.current()
                + "\nPlan GPU jobs on InfiniBand/RoCE fabrics.", ButtonType.OK);
        a.initOwner(stage);
        a.showAndWait();
    }

    /** View > Colour-blind-safe job colours: jobs in Okabe and Ito's set, which colour-blind readers tell apart. */
    private MenuItem colourBlindSafe() {
        javafx.scene.control.CheckMenuItem safe = new javafx.scene.control.CheckMenuItem("Colour-blind-safe job colours");
        safe.setId("colourBlindSafe");
        safe.selectedProperty().addListener((o, a, on) -> window.setColourBlindSafe(on));
        return safe;
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
