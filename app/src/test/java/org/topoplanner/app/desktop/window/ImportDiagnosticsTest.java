package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.diagnostics.SourceLine;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * Importing a malformed topology.conf in the real window: the diagnostics list opens, and selecting
 * a finding shows its file with the offending line highlighted. Writes
 * {@code target/ui-views-shots/diagnostics-light.png} and {@code -dark.png} to look at.
 */
class ImportDiagnosticsTest extends ExampleWindowTest {
    private static final PseudoClass TARGET = PseudoClass.getPseudoClass("target");

    @Test
    void aFindingJumpsToItsLineInTheFile(FxRobot robot) throws Exception {
        Path broken = Path.of(ImportDiagnosticsTest.class.getResource("/inputs/broken/topology.conf").toURI());
        List<String> fileLines = Files.readAllLines(broken);
        TableView<Diagnostic> table = importAndWaitForTheList(robot, broken);
        List<Diagnostic> errors = table.getItems().stream().filter(d -> d.severity() == Severity.ERROR
                && d.line() > 0).toList();
        assertThat(errors).extracting(Diagnostic::line).contains(4, 7);
        assertThat(table.getSelectionModel().getSelectedIndex()).as("the first finding is shown at once").isZero();

        Diagnostic second = errors.stream().filter(d -> d.line() == 7).findFirst().orElseThrow();
        robot.clickOn(rowOf(robot, second));
        Eventually.until("the finding's line highlighted in the source", () -> highlighted(robot) != null
                && highlighted(robot).getItem().number() == 7);
        ListCell<SourceLine> line7 = highlighted(robot);
        assertThat(line7.getItem().text()).isEqualTo(fileLines.get(6));
        assertThat(robot.from(line7).lookup(".source-column").queryLabeled().getText())
                .isEqualTo(fileLines.get(6).substring(second.column() - 1, second.column()));
        javafx.scene.control.ListView<SourceLine> shown = robot.lookup("#sourceLines").queryAs(javafx.scene.control.ListView.class);
        assertThat(shown.getItems()).extracting(SourceLine::number).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);

        // Keyboard: the focus moved to the first error's row without selecting it; Enter shows line 4.
        Diagnostic first = errors.stream().filter(d -> d.line() == 4).findFirst().orElseThrow();
        assertThat(table.isFocused()).isTrue();
        robot.interact(() -> table.getFocusModel().focus(table.getItems().indexOf(first)));
        assertThat(table.getSelectionModel().getSelectedItem()).isEqualTo(second);
        robot.type(KeyCode.ENTER);
        Eventually.until("the finding's line highlighted in the source", () -> highlighted(robot) != null
                && highlighted(robot).getItem().number() == 4);
        shoot(robot, "diagnostics-light");
        close(robot);

        // The same list in the dark theme, for the eye.
        var dark = robot.lookup((Node n) -> n instanceof javafx.scene.control.ToggleButton b && "Dark".equals(b.getText()))
                .queryAs(javafx.scene.control.ToggleButton.class);
        robot.interact(dark::fire);
        assertThat(stage.getScene().getStylesheets()).anyMatch(s -> s.endsWith("dark.css"));
        importAndWaitForTheList(robot, broken);
        Eventually.until("a line highlighted in the source", () -> highlighted(robot) != null);
        shoot(robot, "diagnostics-dark");
        close(robot);
        assertThat(controller.viewModel().plan().cluster().name()).as("nothing imported").isNotEqualTo("topology");
    }

    private TableView<Diagnostic> importAndWaitForTheList(FxRobot robot, Path file) throws Exception {
        robot.interact(() -> controller.importFiles(List.of(file)));
        Eventually.until("the import's findings dialog", () -> robot.lookup("#diagnosticsTable").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#diagnosticsTable").queryAs(TableView.class);
    }

    private static Node rowOf(FxRobot robot, Diagnostic d) {
        return robot.lookup((Node n) -> n instanceof TableRow<?> r && d.equals(r.getItem())).query();
    }

    @SuppressWarnings("unchecked")
    private static ListCell<SourceLine> highlighted(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getStyleClass().contains("source-line")
                && c.getItem() != null && c.getPseudoClassStates().contains(TARGET)).tryQueryAs(ListCell.class).orElse(null);
    }

    private static void shoot(FxRobot robot, String name) {
        Node table = robot.lookup("#diagnosticsTable").query();
        robot.interact(() -> ViewShots.save(table.getScene(), name));
    }

    private static void close(FxRobot robot) throws Exception {
        Node table = robot.lookup("#diagnosticsTable").query();
        Button close = robot.from(table.getScene().getRoot()).lookup((Node n) -> n instanceof Button b
                && ("Close".equals(b.getText()) || "Cancel".equals(b.getText()))).queryButton();
        javafx.stage.Window dialog = table.getScene().getWindow();
        robot.interact(close::fire);
        Eventually.until("the dialog to close", () -> !dialog.isShowing());
    }
}
