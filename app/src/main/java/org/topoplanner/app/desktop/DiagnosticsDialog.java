package org.topoplanner.app.desktop;

import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Window;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * The diagnostics of an import as a table (severity, file:line:column, message), with the choice
 * to take the imported cluster or keep the open one. Conflicts between sources are the merge's
 * warnings and appear here.
 */
final class DiagnosticsDialog {
    private DiagnosticsDialog() {
    }

    /** Shows the list; true when the user takes the import. */
    static boolean confirm(Window owner, String title, List<Diagnostic> diagnostics, boolean canTake) {
        TableView<Diagnostic> table = new TableView<>(FXCollections.observableArrayList(diagnostics));
        table.setId("diagnosticsTable");
        table.setPrefSize(900, 360);
        table.getColumns().setAll(List.of(
                col("Severity", d -> d.severity().word(), 80),
                col("Where", d -> d.path() + ":" + d.line() + ":" + d.column(), 300),
                col("Message", Diagnostic::message, 500)));
        long errors = diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count();
        long warnings = diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count();
        Alert a = new Alert(canTake ? Alert.AlertType.CONFIRMATION : Alert.AlertType.ERROR);
        a.initOwner(owner);
        a.setTitle(title);
        a.setHeaderText(errors + " errors, " + warnings + " warnings" + (canTake
                ? ". Use the imported cluster? (Undo brings the current one back.)"
                : ". Nothing was imported; the open project is unchanged."));
        a.getDialogPane().setContent(table);
        a.getButtonTypes().setAll(canTake ? List.of(ButtonType.OK, ButtonType.CANCEL) : List.of(ButtonType.CLOSE));
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private static TableColumn<Diagnostic, String> col(String name, java.util.function.Function<Diagnostic, String> f,
                                                       double width) {
        TableColumn<Diagnostic, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
