package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/** New, Open and Import with unsaved work in the real window: asked first, nothing lost on Enter, undoable. */
class UnsavedWorkWindowTest extends ExampleWindowTest {
    @TempDir
    Path files;

    @BeforeEach
    void layoutDone() throws Exception {
        ExampleWindow.awaitLayout(controller);
    }

    @Test
    void newWithUnsavedWorkAsksAndEnterThrowsNothingAwayAndNewIsUndoable(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        robot.interact(() -> vm.drop(JobRequest.nodesWithGpus("train", 2, 8), DropTarget.ANYWHERE));
        assertThat(vm.dirtyProperty().get()).isTrue();

        Platform.runLater(controller::newCluster);
        DialogPane prompt = Dialogs.await(robot, "unsavedChanges");
        assertThat(prompt.getHeaderText()).isEqualTo("Save the changes to the untitled project before starting a new cluster?");
        assertThat(prompt.getButtonTypes()).extracting(ButtonType::getText).containsExactlyInAnyOrder("Save", "Discard changes", "Cancel");
        assertThat(prompt.getButtonTypes()).allSatisfy(t -> assertThat(((Button) prompt.lookupButton(t)).isDefaultButton()).isFalse());
        robot.interact(() -> org.topoplanner.app.desktop.fabric.ViewShots.save(prompt.getScene(), "unsaved-changes-prompt"));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".dialog-pane").<javafx.scene.Node>queryAll()).as("Enter neither discards nor goes on to the designer")
                .noneMatch(n -> "New cluster".equals(((Stage) n.getScene().getWindow()).getTitle()));
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train");
        if (Dialogs.showing(robot, "unsavedChanges")) {
            Dialogs.click(robot, prompt, "Cancel");
        }
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train");

        // Discard goes on to the designer; its cluster replaces the project, and Undo brings it back.
        Platform.runLater(controller::newCluster);
        Dialogs.click(robot, Dialogs.await(robot, "unsavedChanges"), "Discard changes");
        Eventually.until("the dialog shown", () -> robot.lookup(".dialog-pane").queryAll().stream()
                .anyMatch(n -> "New cluster".equals(((Stage) n.getScene().getWindow()).getTitle())));
        DialogPane designer = robot.lookup(".dialog-pane").queryAll().stream()
                .filter(n -> "New cluster".equals(((Stage) n.getScene().getWindow()).getTitle()))
                .map(DialogPane.class::cast).findFirst().orElseThrow();
        Dialogs.click(robot, designer, "OK");
        Eventually.until("the new design in the window", () -> vm.plan().cluster().name().equals("design"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().jobs()).isEmpty();
        assertThat(stage.getTitle()).startsWith("TopoPlanner \u2014 design (untitled)");
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo New cluster design");
        robot.interact(vm::undo);
        assertThat(vm.plan().cluster().name()).isEqualTo(org.topoplanner.resources.ShippedData.exampleCluster().name());
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train");
    }

    @Test
    void importOverJobsDropsTheOnesItCannotHoldInOneMessageAndUndoBringsAllBack(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        Path file = files.resolve("plan.topoplanner.json");
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("train", 2, 8), new DropTarget.OnSwitch("leaf1"));
            vm.drop(JobRequest.nodesWithGpus("eval", 1, 2), new DropTarget.OnHost("node30"));
            controller.projects().saveAs(file);
            vm.drop(JobRequest.nodesWithGpus("late", 1, 1), new DropTarget.OnHost("node31"));
        });
        String before = stage.getTitle();
        assertThat(before).contains("(plan.topoplanner.json)").endsWith("*");

        // Dropped on the window as a file manager drops it: the import review, then the question about
        // the unsaved job, then the new cluster.
        Path dump = Path.of(getClass().getResource("/inputs/example-32.ibnetdiscover").toURI());
        Platform.runLater(() -> controller.openFiles(List.of(dump)));
        Eventually.until("the import review", () -> Dialogs.showing(robot, "importReview")
                || Dialogs.showing(robot, "unsavedChanges"));
        if (Dialogs.showing(robot, "importReview")) {
            Dialogs.click(robot, Dialogs.await(robot, "importReview"), "Import");
        }
        DialogPane prompt = Dialogs.await(robot, "unsavedChanges");
        assertThat(prompt.getHeaderText()).contains("plan.topoplanner.json").contains("importing example-32");
        Dialogs.click(robot, prompt, "Save");
        assertThat(Files.readString(file)).as("saved before the import replaced it").contains("\"late\"");

        DialogPane dropped = Dialogs.await(robot, "droppedJobs");
        assertThat(dropped.getHeaderText()).isEqualTo("3 jobs were dropped: example-32 lacks the hosts or GPUs they were placed on");
        assertThat(dropped.getContentText()).startsWith("train, eval, late");
        robot.interact(() -> org.topoplanner.app.desktop.fabric.ViewShots.save(dropped.getScene(), "import-dropped-jobs"));
        Dialogs.click(robot, dropped, "OK");
        assertThat(robot.lookup("#droppedJobs").<javafx.scene.Node>queryAll()).as("one message").allMatch(n -> !n.getScene().getWindow().isShowing());
        assertThat(vm.plan().cluster().name()).isEqualTo("example-32");
        assertThat(vm.plan().jobs()).isEmpty();
        assertThat(stage.getTitle()).startsWith("TopoPlanner \u2014 example-32 from example-32.ibnetdiscover (untitled)");

        robot.interact(vm::undo);
        assertThat(vm.plan().cluster().name()).isEqualTo(org.topoplanner.resources.ShippedData.exampleCluster().name());
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train", "eval", "late");
        assertThat(stage.getTitle()).contains("(plan.topoplanner.json)");
        robot.interact(vm::redo);
        assertThat(stage.getTitle()).contains("example-32 from example-32.ibnetdiscover (untitled)");
    }

    @Test
    void aDroppedIbnetdiscoverFileIsImportedNotParsedAsAProject(FxRobot robot) throws Exception {
        Path dump = Path.of(getClass().getResource("/inputs/example-32.ibnetdiscover").toURI());
        Path copy = Files.copy(dump, files.resolve("fabric.json"));
        Platform.runLater(() -> controller.openFiles(List.of(copy)));
        Eventually.until("the import review", () -> Dialogs.showing(robot, "importReview")
                || controller.viewModel().plan().cluster().name().equals("fabric"));
        if (Dialogs.showing(robot, "importReview")) {
            DialogPane review = Dialogs.await(robot, "importReview");
            assertThat(review.getHeaderText()).doesNotContain("JSON");
            Dialogs.click(robot, review, "Import");
        }
        // the cluster is named after the file, whatever its extension says
        Eventually.until("the imported fabric in the window", () -> controller.viewModel().plan().cluster().name().equals("fabric"));
        // the plan is read off the FX thread: let the FX thread finish the edit (title, views) first
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(controller.viewModel().plan().cluster().hostNames()).hasSize(32).contains("node001");
        assertThat(stage.getTitle()).startsWith("TopoPlanner \u2014 fabric from fabric.json (untitled)");
    }

    @Test
    void aDroppedProjectOpensDirectly(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        Path file = files.resolve("other.topoplanner.json");
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("kept", 1, 8), DropTarget.ANYWHERE);
            controller.projects().saveAs(file);
            vm.undo();
        });
        Platform.runLater(() -> controller.openFiles(List.of(file)));
        // the undo left unsaved work: asked first
        Dialogs.click(robot, Dialogs.await(robot, "unsavedChanges"), "Discard changes");
        Eventually.until("the job placed", () -> vm.plan().jobs().size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.getTitle()).contains("(other.topoplanner.json)").doesNotEndWith("*");
        assertThat(vm.canUndoProperty().get()).isFalse();
    }
}
