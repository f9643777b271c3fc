package org.topoplanner.app.desktop;

import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.topoplanner.app.desktop.diagnostics.DiagnosticsPane;
import org.topoplanner.app.desktop.diagnostics.SourceExcerptReader;
import org.topoplanner.app.desktop.diagnostics.SourceExcerptView;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * The diagnostics of an import as a table over the source viewer that jumps to each finding's file
 * and line, with the choice to take the imported cluster or keep the open one. Conflicts between
 * sources are the merge's warnings and appear here.
 */
final class DiagnosticsDialog {
    private DiagnosticsDialog() {
    }

    /** Shows the list; true when the user takes the import. */
    static boolean confirm(Window owner, String title, List<Diagnostic> diagnostics, boolean canTake) {
        SourceExcerptView source = new SourceExcerptView(BackgroundRefresh.onDaemonThread("source-excerpt"),
                new SourceExcerptReader());
        DiagnosticsPane pane = new DiagnosticsPane(diagnostics, source);
        long errors = diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count();
        long warnings = diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count();
        Alert a = new Alert(canTake ? Alert.AlertType.CONFIRMATION : Alert.AlertType.ERROR);
        a.initOwner(owner);
        a.setTitle(title);
        a.setResizable(true);
        a.setHeaderText(count(errors, "error") + ", " + count(warnings, "warning") + (canTake
                ? ". Use the imported cluster? (Undo brings the current one back.)"
                : ". Nothing was imported; the open project is unchanged."));
        a.getDialogPane().setContent(pane.node());
        a.getDialogPane().setPrefSize(980, 640);
        a.getDialogPane().getStyleClass().add("diagnostics-dialog");
        // The dialog is a scene of its own: give it the window's theme and styles.
        if (owner != null && owner.getScene() != null) {
            a.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        a.getButtonTypes().setAll(canTake ? List.of(ButtonType.OK, ButtonType.CANCEL) : List.of(ButtonType.CLOSE));
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private static String count(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
