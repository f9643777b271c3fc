package org.topoplanner.app.desktop.dialogs;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.topoplanner.app.plan.Autosave;
import org.topoplanner.app.plan.ProjectDiff;

/**
 * Offers a crash's autosave with what it holds beyond the saved project: recover it, keep it for
 * later (it stays on disk and is offered again), or discard it.
 */
public final class RecoveryPrompt {
    public enum Answer { RECOVER, LATER, DISCARD }

    static final ButtonType RECOVER = new ButtonType("Recover", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType LATER = new ButtonType("Not now", ButtonBar.ButtonData.CANCEL_CLOSE);
    static final ButtonType DISCARD = new ButtonType("Discard autosave", ButtonBar.ButtonData.OTHER);
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    private RecoveryPrompt() {
    }

    /** {@code against} names what the diff compares with ("the saved file", "the example cluster"). */
    public static Answer ask(Window owner, Autosave autosave, ProjectDiff diff, String against) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", RECOVER, LATER, DISCARD);
        a.initOwner(owner);
        a.setTitle("Recover unsaved work");
        a.setHeaderText("TopoPlanner did not close cleanly. Recover the unsaved work on " + autosave.projectLabel() + "?");
        VBox body = new VBox(4);
        body.getChildren().add(new Label("The autosave of " + WHEN.format(autosave.written().toInstant())
                + " differs from " + against + ":"));
        for (String line : diff.lines()) {
            Label l = new Label("\u2022 " + line);
            l.setWrapText(true);
            l.getStyleClass().add("recovery-change");
            body.getChildren().add(l);
        }
        Label later = new Label("\u201cNot now\u201d keeps the autosave; it is offered again next time.");
        later.getStyleClass().add("hint");
        body.getChildren().add(later);
        body.setId("recoveryChanges");
        a.getDialogPane().setContent(body);
        a.getDialogPane().setId("recoveryPrompt");
        a.getDialogPane().setPrefWidth(560);
        ButtonType answer = a.showAndWait().orElse(LATER);
        return answer == RECOVER ? Answer.RECOVER : answer == DISCARD ? Answer.DISCARD : Answer.LATER;
    }
}
