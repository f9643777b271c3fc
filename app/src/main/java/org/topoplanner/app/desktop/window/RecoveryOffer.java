package org.topoplanner.app.desktop.window;

import java.io.IOException;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.topoplanner.app.desktop.dialogs.RecoveryPrompt;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Autosave;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.ProjectDiff;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;

/**
 * Offers back the unsaved work a crash left in an autosave: at a start without a file (the newest
 * leftover, of a saved or an untitled project) and after opening a project whose autosave is newer
 * than the file, with what differs ({@link ProjectDiff}). Recover, Not now (kept for next time) or
 * Discard; nothing is deleted without the user's word.
 */
final class RecoveryOffer {
    private final Stage stage;
    private final PlanViewModel vm;
    private final ProjectSession session;
    private final Label status;
    /** What the window does once the autosave became the plan (forget file history, retitle). */
    private final Runnable adopted;

    RecoveryOffer(Stage stage, PlanViewModel vm, ProjectSession session, Label status, Runnable adopted) {
        this.stage = stage;
        this.vm = vm;
        this.session = session;
        this.status = status;
        this.adopted = adopted;
    }

    /**
     * At a start without a file: offers the newest autosave a crash left (of an untitled project or
     * of a saved one), compared with its saved file or with what the window shows now.
     */
    void atStart() {
        List<Autosave> left = session.leftovers();
        if (left.isEmpty()) {
            return;
        }
        Autosave a = left.get(0);
        ProjectDocument saved = vm.plan().toDocument();
        String against = "the " + vm.plan().cluster().name() + " cluster shown now";
        if (a.project().isPresent()) {
            try {
                saved = session.read(a.project().get());
                against = "the saved " + a.projectLabel();
            } catch (IOException | ProjectFormatException e) {
                against = "the window (the saved " + a.projectLabel() + " cannot be read: " + e.getMessage() + ")";
            }
        }
        offer(a, saved, against);
    }

    /** After opening a project: its own autosave, if a crash left one newer than the file. */
    void afterOpening(ProjectDocument saved) {
        session.recoverable().ifPresent(a -> offer(a, saved, "the saved " + a.projectLabel()));
    }

    private void offer(Autosave a, ProjectDocument saved, String against) {
        ProjectDocument autosaved;
        try {
            autosaved = session.recover(a);
        } catch (IOException | ProjectFormatException e) {
            status.setText("an autosave of " + a.projectLabel() + " cannot be read (" + a.path() + "): " + e.getMessage());
            return;
        }
        switch (RecoveryPrompt.ask(stage, a, ProjectDiff.between(saved, autosaved), against)) {
            case RECOVER -> {
                try {
                    session.adopt(a);
                } catch (IOException e) {
                    status.setText("recovered, but the old autosave stays: " + e.getMessage());
                }
                vm.reset(Plan.of(autosaved));
                vm.dirtyProperty().set(true);
                adopted.run();
                status.setText("recovered the unsaved work on " + a.projectLabel() + "; save to keep it");
            }
            case DISCARD -> {
                try {
                    session.discard(a);
                } catch (IOException e) {
                    Alert alert = new Alert(Alert.AlertType.ERROR, e.getMessage(), ButtonType.OK);
                    alert.initOwner(stage);
                    alert.setHeaderText("Cannot delete the autosave " + a.path());
                    alert.show();
                }
            }
            case LATER -> status.setText("the autosave of " + a.projectLabel() + " is kept: " + a.path());
        }
    }
}
