package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.importers.merge.ConflictOption;
import org.topoplanner.importers.merge.FabricConflict;
import org.topoplanner.importers.merge.HostPresenceConflict;
import org.topoplanner.importers.merge.NodeInsideConflict;
import org.topoplanner.importers.merge.SourceConflict;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Importing two sources that disagree in the real window: the review lists the conflicts, a choice
 * merges again (the result line and the findings follow), Import takes the cluster as resolved and
 * Cancel leaves the open one. Writes {@code target/ui-views-shots/import-conflicts-light.png} and
 * {@code -dark.png} to look at.
 */
@ExtendWith(ApplicationExtension.class)
class ImportConflictsTest {
    @TempDir
    Path home;
    private WindowController controller;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        controller = ExampleWindow.open(stage, home);
    }

    private static Path input(String name) throws Exception {
        return Path.of(ImportConflictsTest.class.getResource("/inputs/" + name).toURI());
    }

    @Test
    void choosingTheTopologyConfAndDroppingTheHostItLacksGivesTheClusterAsChosen(FxRobot robot) throws Exception {
        Path ibnet = input("example-32.ibnetdiscover");
        Path topology = input("conflicts/example-32-topology-node009-moved-node032-missing.conf");
        TableView<SourceConflict> table = importAndWaitForConflicts(robot, ibnet, topology);
        assertThat(table.getItems()).hasSize(2);
        FabricConflict fabric = conflict(table, FabricConflict.class);
        assertThat(fabric.chosen()).isEqualTo(ibnet.toString());
        assertThat(fabric.options()).extracting(ConflictOption::label)
                .containsExactly("example-32.ibnetdiscover", topology.getFileName().toString());
        assertThat(conflict(table, HostPresenceConflict.class).hosts()).containsExactly("node032");
        assertThat(result(robot)).isEqualTo("Result: 32 hosts, 7 switches, 0 GPUs");
        shoot(robot, "import-conflicts-light");

        pick(robot, table, HostPresenceConflict.class, "drop");
        Eventually.until("the merged result of the import", () -> result(robot).startsWith("Result: 31 hosts"));
        assertThat(conflict(table, HostPresenceConflict.class).kept()).isFalse();
        assertThat(findings(robot)).anyMatch(m -> m.contains("left out, as chosen: node032"));

        pick(robot, table, FabricConflict.class, topology.getFileName().toString());
        Eventually.until("the re-merged result", 
                () -> conflict(table, FabricConflict.class).chosen().equals(topology.toString()));
        assertThat(findings(robot)).anyMatch(m -> m.endsWith("is taken from this source, as chosen"));
        shoot(robot, "import-conflicts-chosen-light");

        Window dialog = table.getScene().getWindow();
        robot.clickOn(robot.from(table.getScene().getRoot()).lookup((Node n) -> n instanceof Button b
                && "Import".equals(b.getText())).queryAs(Button.class));
        Eventually.until("the dialog to close", () -> !dialog.isShowing());
        WaitForAsyncUtils.waitForFxEvents();
        Cluster c = controller.viewModel().plan().cluster();
        assertThat(c.hostNames()).hasSize(31).doesNotContain("node032");
        assertThat(c.fabric().switchesOf("node009")).as("the topology.conf's leaf").containsExactly("leaf1");
    }

    @Test
    void choosingSlurmsGpuCountShowsItAndCancelKeepsTheOpenCluster(FxRobot robot) throws Exception {
        Cluster before = controller.viewModel().plan().cluster();
        ToggleButton dark = robot.lookup((Node n) -> n instanceof ToggleButton b && "Dark".equals(b.getText()))
                .queryAs(ToggleButton.class);
        robot.interact(dark::fire);
        Path smi = input("a100-sxm4-epyc7742-nps4-10nic.txt");
        Path slurm = input("conflicts/slurm-a100n-4gpu.conf");
        TableView<SourceConflict> table = importAndWaitForConflicts(robot, smi, slurm);
        NodeInsideConflict inside = conflict(table, NodeInsideConflict.class);
        assertThat(inside.hosts()).containsExactly("a100n1", "a100n2");
        assertThat(inside.chosen()).isEqualTo(smi.toString());
        assertThat(result(robot)).isEqualTo("Result: 2 hosts, 0 switches, 16 GPUs");
        assertThat(findings(robot)).anyMatch(m -> m.equals("a100n1: 4 GPUs here, 8 in " + smi + " (kept 8)"));

        pick(robot, table, NodeInsideConflict.class, "slurm-a100n-4gpu.conf");
        Eventually.until("the merged result of the import", () -> result(robot).equals("Result: 2 hosts, 0 switches, 8 GPUs"));
        assertThat(findings(robot)).anyMatch(m -> m.equals("a100n1: 8 GPUs here, 4 in " + slurm + " (kept 4)"));
        shoot(robot, "import-conflicts-dark");

        Window dialog = table.getScene().getWindow();
        // The dialog's Cancel, not the status bar's (which cancels a running import).
        robot.clickOn(robot.from(table.getScene().getRoot()).lookup((Node n) -> n instanceof Button b
                && "Cancel".equals(b.getText())).queryAs(Button.class));
        Eventually.until("the dialog to close", () -> !dialog.isShowing());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(controller.viewModel().plan().cluster()).as("Cancel leaves the open project").isSameAs(before);
    }

    private TableView<SourceConflict> importAndWaitForConflicts(FxRobot robot, Path... files) throws Exception {
        robot.interact(() -> controller.importFiles(List.of(files)));
        Eventually.until("the import's conflicts dialog", () -> robot.lookup("#conflictsTable").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#conflictsTable").queryAs(TableView.class);
    }

    private static <T extends SourceConflict> T conflict(TableView<SourceConflict> table, Class<T> type) {
        return table.getItems().stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
    }

    /** Opens the choice box of the conflict's row and clicks the option, as a user does. */
    @SuppressWarnings("unchecked")
    private static void pick(FxRobot robot, TableView<SourceConflict> table, Class<? extends SourceConflict> type,
                             String label) throws Exception {
        SourceConflict c = conflict(table, type);
        Node row = robot.lookup((Node n) -> n instanceof TableRow<?> r && c.equals(r.getItem())).query();
        ComboBox<ConflictOption> box = robot.from(row).lookup(".conflict-choice").queryAs(ComboBox.class);
        robot.clickOn(box);
        Eventually.until("the message box", box::isShowing);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.lookup((Node n) -> n instanceof javafx.scene.control.ListCell<?> cell
                && cell.getItem() instanceof ConflictOption o && o.label().equals(label)).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String result(FxRobot robot) {
        return robot.lookup("#importResult").queryAs(Label.class).getText();
    }

    @SuppressWarnings("unchecked")
    private static List<String> findings(FxRobot robot) {
        TableView<Diagnostic> t = robot.lookup("#diagnosticsTable").queryAs(TableView.class);
        return t.getItems().stream().map(Diagnostic::message).toList();
    }

    /** Snapshots the dialog's scene, where the conflicts table lives. */
    private static void shoot(FxRobot robot, String name) {
        Node table = robot.lookup("#conflictsTable").query();
        robot.interact(() -> ViewShots.save(table.getScene(), name));
    }
}
