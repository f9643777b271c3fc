package org.topoplanner.app.desktop.dialogs;

import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * "Save changes before …?" with Save, Discard and Cancel. No button is the default and Cancel has
 * the focus, so a reflexive Enter never throws work away; Escape cancels.
 */
public final class UnsavedChangesPrompt {
    public enum Answer { SAVE, DISCARD, CANCEL }

    static final ButtonType SAVE = new ButtonType("Save", ButtonBar.ButtonData.YES);
    static final ButtonType DISCARD = new ButtonType("Discard changes", ButtonBar.ButtonData.OTHER);
    static final ButtonType CANCEL = new ButtonType("Cancel", ButtonBar.ButtonData.CANCEL_CLOSE);

    private UnsavedChangesPrompt() {
    }

    /**
     * Asks about {@code project}'s unsaved changes before {@code action} ("opening another project");
     * {@code undoable} when the action is an edit that Undo takes back (New cluster, Import).
     */
    public static Answer ask(Window owner, String project, String action, boolean undoable) {
        Alert a = new Alert(Alert.AlertType.WARNING, "", SAVE, DISCARD, CANCEL);
        a.initOwner(owner);
        a.setTitle("Unsaved changes");
        a.setHeaderText("Save the changes to " + project + " before " + action + "?");
        a.setContentText(undoable
                ? "Without saving, the changes stay only in this window's undo history; their autosave is deleted."
                : "Discarding throws away every change since the last save, and its autosave.");
        a.getDialogPane().setId("unsavedChanges");
        for (ButtonType t : a.getButtonTypes()) {
            ((Button) a.getDialogPane().lookupButton(t)).setDefaultButton(false);
        }
        Button cancel = (Button) a.getDialogPane().lookupButton(CANCEL);
        a.setOnShown(e -> Platform.runLater(cancel::requestFocus));
        ButtonType answer = a.showAndWait().orElse(CANCEL);
        return answer == SAVE ? Answer.SAVE : answer == DISCARD ? Answer.DISCARD : Answer.CANCEL;
    }
}
