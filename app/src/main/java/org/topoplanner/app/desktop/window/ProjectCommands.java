package org.topoplanner.app.desktop.window;

import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.topoplanner.app.desktop.dialogs.DiagnosticsDialog;
import org.topoplanner.app.desktop.dialogs.UnsavedChangesPrompt;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PlanEdit;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;
import org.topoplanner.model.project.ViewState;

/**
 * The project file's commands: open, save, save as, the 30 s autosave, the crash-recovery offer,
 * recent files, and the Save / Discard / Cancel question every command that leaves unsaved work asks
 * first. It also keeps which file each side of a New or an Import belongs to, so Undo and Redo across
 * one bring the file back with the plan. The window's other commands live in {@link WindowController}.
 */
public final class ProjectCommands {
    private static final FileChooser.ExtensionFilter PROJECTS =
            new FileChooser.ExtensionFilter("TopoPlanner projects", "*.topoplanner.json", "*.json");
    private final Stage stage;
    private final PlanViewModel vm;
    private final MainWindow window;
    private final ProjectSession session;
    private final Supplier<Theme> theme;
    /** Sets the window title again (the file or its state changed). */
    private final Runnable retitle;
    private final Menu recent = new Menu("Open Recent");
    /**
     * The file each side of a New or an Import belongs to (the plan before it: the open file; after it:
     * none), so Undo and Redo across one bring back the file as well as the plan.
     */
    private final Map<Plan, Optional<Path>> documents = new IdentityHashMap<>();
    private final RecoveryOffer recovery;
    private final boolean autosaving;
    private final Timeline autosaveTimer = new Timeline(new KeyFrame(Duration.seconds(30), e -> autosave()));

    ProjectCommands(Stage stage, PlanViewModel vm, MainWindow window, ProjectSession session, CrashRecovery recovery,
            Supplier<Theme> theme, Runnable retitle) {
        this.stage = stage;
        this.vm = vm;
        this.window = window;
        this.session = session;
        this.theme = theme;
        this.retitle = retitle;
        this.autosaving = recovery == CrashRecovery.ON;
        this.recovery = new RecoveryOffer(stage, vm, session, window.status(), () -> {
            documents.clear();
            retitle.run();
        });
        vm.planProperty().addListener((o, a, p) -> planChanged(p));
        autosaveTimer.setCycleCount(Timeline.INDEFINITE);
        if (autosaving) {
            autosaveTimer.play();
        }
    }

    ProjectSession session() {
        return session;
    }

    /** File > Open Recent; {@link #fillRecent} fills it each time the File menu opens. */
    Menu recentMenu() {
        return recent;
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
        retitle.run();
    }

    /** Performs an edit that starts a new, untitled document on the plan (New cluster, Import); undoable. */
    void performAsNewDocument(PlanEdit edit) {
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

    /** File > Open…: asks about unsaved work, then for the file. */
    void openChooser() {
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

    /** Opens a project (unsaved work is settled before); a file that cannot be read leaves the open project as it is. */
    public void open(Path path) {
        try {
            ProjectDocument doc = session.open(path);
            documents.clear();
            vm.reset(Plan.of(doc));
            retitle.run();
            window.status().setText("opened " + path);
            recovery.afterOpening(doc);
        } catch (IOException e) {
            ErrorAlert.show(stage, "Cannot open " + path, e.getMessage());
        } catch (ProjectFormatException e) {
            DiagnosticsDialog.show(stage, "Cannot open " + path.getFileName(), e.diagnostics());
        }
    }

    /** File > Save: to the project's file, or Save As… for an untitled project. */
    public void save() {
        if (session.file().isEmpty()) {
            saveAs();
            return;
        }
        try {
            session.save(document());
            vm.markSaved();
            retitle.run();
            window.status().setText("saved " + session.file().get());
        } catch (IOException e) {
            ErrorAlert.show(stage, "Cannot save", e.getMessage());
        }
    }

    /** File > Save As…: asks where. */
    void saveAs() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save project");
        fc.getExtensionFilters().setAll(PROJECTS);
        fc.setInitialFileName(vm.plan().cluster().name() + ".topoplanner.json");
        var f = fc.showSaveDialog(stage);
        if (f != null) {
            saveAs(f.toPath());
        }
    }

    /** Saves to {@code path}, which becomes the project's file. */
    public void saveAs(Path path) {
        try {
            session.saveAs(document(), path);
            vm.markSaved();
            retitle.run();
            window.status().setText("saved " + path);
        } catch (IOException e) {
            ErrorAlert.show(stage, "Cannot save " + path, e.getMessage());
        }
    }

    /** The plan with what the window shows (selection, zoom, centre, policy, theme), as it is saved. */
    private ProjectDocument document() {
        var v = window.fabricView().viewport();
        double zoom = v.fitScale() > 0 ? v.sx() / v.fitScale() : 1.0;
        ViewState view = new ViewState(vm.selectionProperty().get(), zoom > 0 ? zoom : 1.0,
                v.toWorldX(v.width() / 2), v.toWorldY(v.height() / 2),
                vm.choice().id(), theme.get() == Theme.DARK ? "dark" : "light", vm.choice().toSaved());
        return vm.plan().withView(view).toDocument();
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
    public void autosaveNow() {
        if (vm.dirtyProperty().get()) {
            try {
                session.autosave(document());
            } catch (IOException e) {
                window.status().setText("autosave failed: " + e.getMessage());
            }
        }
    }

    /** The window is gone: no more autosaves; work that is not dirty needs its autosave no longer. */
    void windowClosed() {
        autosaveTimer.stop();
        // Unsaved work reaches here only when the user discarded it, which deleted its autosave already.
        if (!vm.dirtyProperty().get()) {
            deleteAutosaveQuietly();
        }
    }

    private void deleteAutosaveQuietly() {
        try {
            session.deleteAutosave();
        } catch (IOException e) {
            // Nothing to tell anyone at exit; the next start may offer a stale recovery, which is harmless.
        }
    }

    /** Fills File > Open Recent from the session's list; each entry asks about unsaved work first. */
    void fillRecent() {
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
}
